package dev.terminus.agent.internal;

import dev.terminus.agent.control.RunClock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/** Waits of a run that has already stopped, which the stop's own interrupt must not cut short. */
final class ClockWaits {
    private ClockWaits() {
    }

    /**
     * Waits for {@code future} at most {@code nanos} of {@code clock}'s time, through interrupts. A run that stopped
     * waits for what it still owns (its children's ends, a winner's last events) within a bounded time; the interrupt
     * that stopped it (its deadline's, its caller's cancel) is often still pending on the thread when the wait starts,
     * and would end the wait at once. An interrupt is kept and set again when the wait is over.
     *
     * @param clock the clock that times the wait
     * @param future what to wait for; how it completes is not looked at
     * @param nanos how long at most
     * @return whether {@code future} is done
     */
    static boolean awaitThroughInterrupts(RunClock clock, CompletableFuture<?> future, long nanos) {
        long deadline = clock.nanoTime() + nanos;
        boolean interrupted = false;
        long left;
        while (!future.isDone() && (left = deadline - clock.nanoTime()) > 0) {
            try {
                clock.await(future, left);
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (TimeoutException | ExecutionException e) {
                break; // the time is up, or the future is done
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return future.isDone();
    }
}
