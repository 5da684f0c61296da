package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConvergenceHandleTest {

    @Test
    void aStartedRunEndsAsARunOnTheCallersThreadWould() throws Exception {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder().agent(Fixtures.constant("a", Map.of("x", 1))).build();

        // when
        ConvergenceHandle handle = engine.start(Context.empty());
        ConvergenceResult result = handle.await(Duration.ofSeconds(5)).orElseThrow();

        // then
        assertThat(result.termination()).isEqualTo(engine.run(Context.empty()).termination())
                .isEqualTo(new Termination.Converged(2));
        assertThat(handle.isDone()).isTrue();
        assertThat(handle.await()).isSameAs(result);
    }

    @Test
    void aStartedRunWithATimeBudgetEndsAtTheDeadline() throws Exception {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.hanging("slow", new java.util.concurrent.CountDownLatch(1)))
                .timeBudget(Duration.ofMillis(100))
                .build();

        // when
        ConvergenceResult result = engine.start(Context.empty()).await(Duration.ofSeconds(5)).orElseThrow();

        // then
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
    }
}
