package dev.terminus.temporal.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.Usage;
import dev.terminus.temporal.TranscriptReference;
import dev.terminus.temporal.wire.RunSnapshot;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A tool activity's view of its run: the snapshot's figures, and the transcript read only when asked for. */
class SnapshotContextTest {
    private static final RunSnapshot SNAPSHOT = new RunSnapshot("agent", 3, 2, Usage.of(10, 5),
            new BigDecimal("0.01"), Duration.ofSeconds(4), List.of(), new TranscriptReference(0, 1));

    @Test
    void theTranscriptIsReadOnlyWhenTheToolAsksAndOnceACall() {
        // given
        AtomicInteger reads = new AtomicInteger();
        SnapshotContext context = new SnapshotContext(SNAPSHOT, () -> {
            reads.incrementAndGet();
            return List.of(new Message.User("hi"));
        });

        // when
        int iteration = context.iteration();
        int before = reads.get();
        List<Message> first = context.transcript();
        List<Message> second = context.transcript();

        // then
        assertThat(iteration).isEqualTo(3);
        assertThat(context.toolCallCount()).isEqualTo(2);
        assertThat(context.usage()).isEqualTo(Usage.of(10, 5));
        assertThat(context.elapsed()).isEqualTo(Duration.ofSeconds(4));
        assertThat(before).isZero();
        assertThat(first).isSameAs(second).containsExactly(new Message.User("hi"));
        assertThat(reads).hasValue(1);
    }

    @Test
    void aTranscriptThatCannotBeReadFailsTheToolSayingWhy() {
        // given
        SnapshotContext context = new SnapshotContext(SNAPSHOT, () -> {
            throw new IOException("the workflow did not answer");
        });

        // when / then
        assertThatThrownBy(context::transcript).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the run's transcript could not be read from its workflow")
                .hasMessageContaining("the workflow did not answer");
    }

    @Test
    void theAnswersTheSnapshotCarriesAreTheToolsHumanInputTheLatestForARequestAskedTwice() {
        // given
        HumanInputRequest asked = HumanInputRequest.of("Who?", Map.of("type", "object"), "mcp:people");
        HumanInputRequest other = HumanInputRequest.of("Where?", Map.of("type", "object"), "mcp:people");
        SnapshotContext context = new SnapshotContext(SNAPSHOT.withHumanInputs(List.of(
                HumanInputAnswer.declined(asked, "not yet"), HumanInputAnswer.accepted(asked, Map.of("name", "Ada")))),
                List::of);

        // when
        Optional<HumanInputAnswer> answer = context.humanInput(asked);

        // then
        assertThat(answer).contains(HumanInputAnswer.accepted(asked, Map.of("name", "Ada")));
        assertThat(context.humanInput(other)).isEmpty();
        assertThat(new SnapshotContext(SNAPSHOT, List::of).humanInput(asked)).isEmpty();
    }
}
