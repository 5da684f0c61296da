package dev.terminus.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.Termination;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunCountsTest {

    /** An application's own termination case. */
    record Quota(String tag) implements Termination.Extension {
        @Override
        public Category category() {
            return Category.CAPACITY;
        }
    }

    @Test
    void everyCustomTerminationCountsUnderCustomWhateverItsReason() {
        // given
        RunCounts counts = new RunCounts();

        // when
        for (int i = 0; i < 5; i++) {
            end(counts, Termination.Custom.of("reason " + i, Category.FATAL));
        }

        // then
        assertThat(counts.byTermination()).containsExactly(Map.entry("Custom", 5L));
        assertThat(counts.byCategory()).containsExactly(Map.entry("FATAL", 5L));
    }

    @Test
    void extensionTagsBeyondTheBoundAndMalformedOnesCountUnderExtension() {
        // given
        RunCounts counts = new RunCounts();

        // when: 70 distinct well-formed tags, one malformed, one that names a framework case
        for (int i = 0; i < 70; i++) {
            end(counts, new Quota("Quota" + i));
        }
        end(counts, new Quota("not a tag"));
        end(counts, new Quota("Cancelled"));

        // then
        assertThat(counts.byTermination()).hasSize(65).containsEntry("Quota0", 1L).containsEntry("Quota63", 1L)
                .containsEntry("Extension", 8L).doesNotContainKey("Quota64");
        assertThat(counts.total()).isEqualTo(72);
    }

    private static void end(RunCounts counts, Termination termination) {
        RunResult result = RunResult.builder().termination(termination).outcome(termination.defaultOutcome()).build();
        counts.onEvent(new AgentEvent.RunTerminated("agent", result));
    }
}
