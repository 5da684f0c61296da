package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PipelineResultTest {
    private static final StageResult A = new StageResult("a", null, new Termination.Completed(), Outcome.SUCCEEDED, 1,
            Usage.of(10, 5), BigDecimal.ONE, Duration.ofMillis(1), null);

    @Test
    void aStageIsFoundByName() {
        // given
        PipelineResult result = new PipelineResult("p", new Termination.Completed(), Outcome.SUCCEEDED, List.of(A),
                List.of(), Usage.of(10, 5), BigDecimal.ONE, Duration.ofMillis(2));

        // when / then
        assertThat(result.stage("a")).contains(A);
        assertThat(result.stage("b")).isEmpty();
        assertThat(result.completed()).isTrue();
    }

    @Test
    void aPipelineWithStagesNotRunDidNotComplete() {
        // when
        PipelineResult result = new PipelineResult("p", new Termination.Cancelled("me"), Outcome.CANCELLED, List.of(A),
                List.of("b"), Usage.ZERO, BigDecimal.ZERO, Duration.ZERO);

        // then
        assertThat(result.completed()).isFalse();
    }

    @Test
    void theListsAreCopiedImmutably() {
        // given
        List<String> notRun = new ArrayList<>(List.of("b"));
        PipelineResult result = new PipelineResult("p", new Termination.Cancelled(null), Outcome.CANCELLED, List.of(),
                notRun, Usage.ZERO, BigDecimal.ZERO, Duration.ZERO);

        // when
        notRun.add("c");

        // then
        assertThat(result.notRun()).containsExactly("b");
        assertThatThrownBy(() -> result.notRun().add("d")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void badComponentsAreRefusedNamingThem() {
        assertThatThrownBy(() -> new PipelineResult(" ", new Termination.Completed(), Outcome.SUCCEEDED, List.of(),
                List.of(), Usage.ZERO, BigDecimal.ZERO, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PipelineResult.pipelineName");
        assertThatThrownBy(() -> new PipelineResult("p", new Termination.Completed(), Outcome.SUCCEEDED, List.of(),
                List.of(), Usage.ZERO, new BigDecimal("-1"), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PipelineResult.costUsd");
    }

    @Test
    void usageAndCostAreTheSumsOverTheStages() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("a", Agents.answering("one"), ctx -> "Go"))
                .stage(Stage.agent("b", Agents.answering("two"), ctx -> "Go"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.usage()).isEqualTo(Usage.of(20, 10));
        assertThat(result.costUsd()).isEqualByComparingTo(BigDecimal.ZERO);
        assertThat(result.duration()).isPositive();
    }
}
