package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.control.ManualClock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
        CountDownLatch asked = new CountDownLatch(1);
        AtomicBoolean interruptedAtTheEnd = new AtomicBoolean(true);
        ConvergenceEngine engine = ConvergenceEngine.builder().clock(clock).timeBudget(Duration.ofSeconds(10))
                .agent(ConvergenceAgent.of("slow", Trigger.always(), (context, cycle) -> {
                    calls.incrementAndGet();
                    asked.countDown();
                    new CountDownLatch(1).await(); // never answers until interrupted
                    return Reply.nothing();
                }))
                .listener(event -> {
                    if (event instanceof ConvergenceEvent.RunFinished) {
                        interruptedAtTheEnd.set(Thread.currentThread().isInterrupted());
                    }
                }).build();
        ConvergenceHandle handle = engine.start(Context.empty());

        // when: the run's deadline waits on the clock while the agent's turn hangs
        assertThat(asked.await(10, TimeUnit.SECONDS)).isTrue();
        clock.awaitScheduled(1);
        clock.advance(Duration.ofSeconds(10));
        ConvergenceResult result = handle.await();

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TimeBudgetExhausted(10_000, 10_000));
        assertThat(result.duration()).isEqualTo(Duration.ofSeconds(10));
        assertThat(calls).hasValue(1);
        assertThat(interruptedAtTheEnd).as("the deadline does not interrupt the coordinating thread").isFalse();
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
