package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.Model;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run's thread published its end and a listener hangs on it; the supervisor, abandoning the run at the end of the
 * grace, waits for those last events at most five seconds of the run's clock, not of the machine's.
 */
class LastEventsWaitTest {

    @Test
    @Timeout(30)
    void aPublicationWaitEndsWhenTheManualClockPassesIt() throws Exception {
        // given: a run whose model call answers the interrupt, and a listener that hangs on the run's end
        CountDownLatch called = new CountDownLatch(1);
        Model waiting = request -> {
            called.countDown();
            new CountDownLatch(1).await(); // until interrupted
            throw new AssertionError("never released");
        };
        CountDownLatch heardEnd = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger ends = new AtomicInteger();
        AgentListener hanging = event -> {
            if (event instanceof AgentEvent.RunTerminated) {
                ends.incrementAndGet();
                heardEnd.countDown();
                awaitUninterruptibly(release);
            }
        };
        ManualClock clock = new ManualClock();
        AgentConfig config = AgentConfig.custom().timeBudget(Duration.ofHours(1))
                .interruptGrace(Duration.ofSeconds(1)).build();
        RunHandle handle = Agent.builder(waiting).clock(clock).config(config).listener(hanging).build().start("go");
        try {
            assertThat(called.await(10, TimeUnit.SECONDS)).isTrue();

            // when: the run is cancelled, its thread publishes its end (the listener hangs on it), and the grace passes
            handle.cancel("user");
            assertThat(heardEnd.await(10, TimeUnit.SECONDS)).isTrue();
            clock.advance(Duration.ofSeconds(1));

            // then: the supervisor waits for the last events on the run's clock (beside the run's deadline), not longer
            clock.awaitScheduled(2);
            assertThat(clock.pendingDelays())
                    .containsExactly(Duration.ofSeconds(5), Duration.ofHours(1).minusSeconds(1));
            assertThat(handle.isDone()).as("done before the wait's time passed").isFalse();
            clock.advance(Duration.ofSeconds(5));
            RunResult result = handle.await();
            assertThat(result.termination()).isEqualTo(new Termination.Cancelled("user"));
            assertThat(ends).as("RunTerminated heard").hasValue(1);
            assertThat(release.getCount()).as("the listener still hangs").isOne();
        } finally {
            release.countDown();
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
