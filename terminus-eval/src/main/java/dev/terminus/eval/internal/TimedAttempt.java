package dev.terminus.eval.internal;

import dev.terminus.agent.control.Handle;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.control.SupervisedRun;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * An attempt under the task timeout, on a virtual thread of its own: the timeout is the deadline of its control, on
 * the benchmark's clock. At the timeout the attempt is abandoned at once, unless it ended just then (its result then
 * counts): its thread is interrupted, its agent run cancelled, and its row says {@code TASK_TIMEOUT} with the partial
 * result the run hands back within the interrupt grace.
 */
final class TimedAttempt extends SupervisedRun<AttemptResult> {
    private final AttemptBody body;
    private final Duration timeout;
    private final Duration grace;

    private TimedAttempt(RunControl control, AttemptBody body, Duration timeout, Duration grace) {
        super(control, Duration.ZERO);
        this.body = body;
        this.timeout = timeout;
        this.grace = grace;
    }

    /**
     * @param spec the benchmark
     * @param body the attempt
     * @param timeout the task timeout
     * @return the attempt, started
     */
    static TimedAttempt start(BenchmarkSpec spec, AttemptBody body, Duration timeout) {
        TimedAttempt attempt = new TimedAttempt(RunControl.start(spec.clock(), timeout), body, timeout,
                spec.interruptGrace());
        attempt.start("terminus-eval-attempt", () -> {
            AttemptResult result = body.execute();
            return body.settle() ? result : null; // abandoned at the timeout: its row is the timed-out one
        });
        return attempt;
    }

    @Override
    protected void onStop(Thread worker) {
        // abandoned at once, below: the body must settle or be abandoned before its thread is interrupted
    }

    @Override
    protected boolean abandons() {
        return true;
    }

    @Override
    protected @Nullable AttemptResult abandon(Thread worker) {
        if (!body.abandon()) { // it ended just now: its result counts
            return null;
        }
        worker.interrupt();
        return body.timedOut(timeout, grace);
    }

    /** @return the attempt's result; an interrupt of the waiting thread is kept for later, not acted on */
    AttemptResult awaitKeepingInterrupt() {
        return Handle.awaitUninterruptibly(this, () -> { });
    }
}
