package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.control.ManualClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The engine's time budget runs on its clock: a manual clock ends a hanging agent's turn at the deadline exactly. */
@Timeout(30)
class ClockScenariosTest {
    private final ManualClock clock = new ManualClock();

    @Test
    void theDeadlineOfTheEnginesClockStopsAHangingAgentAndEndsTheRunOutOfTime() throws Exception {
        // given
        AtomicInteger calls = new AtomicInteger();
        ConvergenceEngine engine = ConvergenceEngine.builder().clock(clock).timeBudget(Duration.ofSeconds(10))
                .agent(Fixtures.hanging("slow", calls)).build();
        ConvergenceHandle handle = engine.start(Context.empty());

        // when: the run's deadline and the agent's turn (limited to the time left) wait on the clock
        clock.awaitScheduled(2);
        clock.advance(Duration.ofSeconds(10));
        ConvergenceResult result = handle.await();

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TimeBudgetExhausted(10_000, 10_000));
        assertThat(result.duration()).isEqualTo(Duration.ofSeconds(10));
        assertThat(calls).hasValue(1);
    }

    @Test
    void aRunWithoutATimeBudgetNeverWaitsOnTheClock() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder().clock(clock)
                .agent(Fixtures.constant("static", java.util.Map.of("total", 42))).build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isInstanceOf(Termination.Converged.class);
        assertThat(result.duration()).isZero();
        assertThat(clock.scheduled()).isZero();
    }
}
