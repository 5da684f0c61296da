package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class StageResultTest {

    @Test
    void aFunctionStagesResultHasNoAgentRunNorAnswer() {
        // when
        StageResult result = new StageResult("f", null, new Termination.Completed(), Outcome.SUCCEEDED, 1, Usage.ZERO,
                BigDecimal.ZERO, Duration.ofMillis(3), null);

        // then
        assertThat(result.agentRun()).isEmpty();
        assertThat(result.answer()).isEmpty();
        assertThat(result.phaseName()).isEmpty();
    }

    @Test
    void anAgentStagesAnswerIsItsLastRunsFinalAnswer() {
        // given
        PipelineResult pipeline = Pipeline.builder()
                .phase("p", TokenBudget.UNLIMITED,
                        Stage.agent("a", Agents.answering("forty-two"), ctx -> "Go"))
                .build().run("");

        // when
        StageResult result = pipeline.stages().getFirst();

        // then
        assertThat(result.answer()).contains("forty-two");
        assertThat(result.agentRun()).isPresent();
        assertThat(result.phaseName()).contains("p");
        assertThat(result.usage()).isEqualTo(Usage.of(10, 5));
    }

    @Test
    void badComponentsAreRefusedNamingThem() {
        assertThatThrownBy(() -> new StageResult("f", null, new Termination.Completed(), Outcome.SUCCEEDED, -1,
                Usage.ZERO, BigDecimal.ZERO, Duration.ZERO, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("StageResult.attempts must be >= 0, was -1");
        assertThatThrownBy(() -> new StageResult("f", null, new Termination.Completed(), Outcome.SUCCEEDED, 0,
                Usage.ZERO, BigDecimal.ZERO, Duration.ofMillis(-1), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("StageResult.duration");
        assertThatThrownBy(() -> new StageResult("f", null, null, Outcome.SUCCEEDED, 0,
                Usage.ZERO, BigDecimal.ZERO, Duration.ZERO, null))
                .isInstanceOf(NullPointerException.class).hasMessage("StageResult.termination must not be null");
    }
}
