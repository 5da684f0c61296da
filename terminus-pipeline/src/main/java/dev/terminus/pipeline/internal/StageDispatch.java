package dev.terminus.pipeline.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.control.SupervisedCall;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Runs attempts where the pipeline's executor says: on the coordinating thread itself, or handed to an executor
 * (virtual threads, the user's {@code ExecutorService}) as a {@link SupervisedCall} while the coordinating thread
 * waits. Either way a cancellation interrupts the attempt's thread; an attempt on an executor that does not end within
 * the interrupt grace after that is abandoned and reported {@code Cancelled}, its usage unknown (zero). An
 * {@link Error} of an attempt reaches the coordinating thread and is thrown there again, as it was.
 */
final class StageDispatch {
    private final @Nullable Executor executor;
    private final long graceNanos;
    private final RunControl control;
    /** Whether the coordinating thread itself was interrupted: only then does {@code run} restore an interrupt. */
    private boolean interruptSeen;

    StageDispatch(@Nullable Executor executor, Duration grace, RunControl control) {
        this.executor = executor;
        this.graceNanos = grace.toNanos();
        this.control = control;
    }

    /** @return whether the coordinating thread was interrupted (the caller's own interrupt, on {@code run}) */
    boolean interruptSeen() {
        return interruptSeen;
    }

    /** Turns an interrupt of the coordinating thread into the pipeline's cancellation, clearing it. */
    void noteInterrupt() {
        if (Thread.interrupted()) {
            interruptedWhileWaiting();
        }
    }

    /** The coordinating thread was interrupted while it waited (its interrupt consumed): the pipeline's cancellation. */
    void interruptedWhileWaiting() {
        interruptSeen = true;
        control.interruptedWhileWaiting();
    }

    Attempt dispatch(Supplier<Attempt> body) {
        return executor == null ? inline(body) : onExecutor(executor, body);
    }

    private Attempt inline(Supplier<Attempt> body) {
        Thread self = Thread.currentThread();
        Attempt attempt;
        try (RunControl.Registration stop = control.onStop(self::interrupt)) {
            attempt = body.get();
        }
        noteInterrupt();
        return attempt;
    }

    private Attempt onExecutor(Executor on, Supplier<Attempt> body) {
        try {
            return SupervisedCall.of(control, "terminus-stage").on(on).grace(graceNanos).call(() -> guarded(body));
        } catch (InterruptedException interrupted) { // the call told the control already
            interruptSeen = true;
            return Attempt.cancelled(control.cancellation());
        } catch (CancellationException stopped) {
            return Attempt.cancelled(control.cancellation());
        } catch (Exception refused) { // the attempt itself never throws: the executor did not take it
            return Attempt.of(Termination.Failed.of(refused, ErrorCategory.CONFIGURATION));
        }
    }

    /**
     * The attempt, guarded against a defect in it: it ends {@code Failed} rather than throwing an exception. An
     * {@link Error} goes to the waiting coordinating thread, which {@link SupervisedCall} throws it again on.
     */
    private static Attempt guarded(Supplier<Attempt> body) {
        try {
            return body.get();
        } catch (RuntimeException e) {
            return Attempt.of(Termination.Failed.of(e, ErrorCategory.INTERNAL));
        }
    }
}
