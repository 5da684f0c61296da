package dev.terminus.agent.internal;

import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.CallerDeadline;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.control.SupervisedRun;
import java.time.Duration;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Where a run's thread comes from. Started ({@link #start}), a run goes on a virtual thread of its own, supervised:
 * at the deadline (and on cancellation) its thread is interrupted; if it does not end within the interrupt grace
 * after that, the run is ended from outside with what it has, and its thread is left to finish on its own, its result
 * discarded. Inline ({@link #runInline}), it goes on on the caller's thread, which the deadline interrupts.
 */
public final class RunTask extends SupervisedRun<RunResult> implements RunHandle {
    private final AgentRun run;

    private RunTask(AgentRun run, RunControl control, Duration grace) {
        super(control, grace);
        this.run = run;
    }

    /**
     * Starts a run on a new virtual thread.
     *
     * @param spec the agent
     * @param task the task
     * @return its handle
     */
    public static RunTask start(AgentSpec spec, String task) {
        return start(spec, startControl(spec), 0, run -> run.execute(task));
    }

    /**
     * Resumes a paused run on a new virtual thread; its time budget counts on from the checkpoint's elapsed time.
     *
     * @param spec the agent
     * @param checkpoint the paused run
     * @param decision the decision on its pending call
     * @return its handle
     */
    public static RunTask resume(AgentSpec spec, Checkpoint checkpoint, GateDecision decision) {
        return start(spec, resumeControl(spec, checkpoint), Resumption.elapsedNanos(checkpoint),
                run -> run.resume(checkpoint, decision));
    }

    private static RunTask start(AgentSpec spec, RunControl control, long beforeNanos,
            Function<AgentRun, RunResult> body) {
        AgentRun run = new AgentRun(spec, control, control.startNanos() - beforeNanos, true);
        RunTask handle = new RunTask(run, control, spec.config().interruptGrace());
        run.begin(); // on the caller's thread: listeners see the caller's context
        handle.start("terminus-run-" + spec.config().name(), () -> body.apply(run));
        return handle;
    }

    /**
     * Runs on the calling thread. With a time budget, the run's clock interrupts this thread at the deadline (and
     * never after the run has ended); an interrupt the deadline delivered is cleared before returning.
     *
     * @param spec the agent
     * @param task the task
     * @return the result
     */
    public static RunResult runInline(AgentSpec spec, String task) {
        return inline(spec, startControl(spec), 0, run -> run.execute(task));
    }

    /**
     * Resumes a paused run on the calling thread, as {@link #runInline} runs one.
     *
     * @param spec the agent
     * @param checkpoint the paused run
     * @param decision the decision on its pending call
     * @return the result
     */
    public static RunResult resumeInline(AgentSpec spec, Checkpoint checkpoint, GateDecision decision) {
        return inline(spec, resumeControl(spec, checkpoint), Resumption.elapsedNanos(checkpoint),
                run -> run.resume(checkpoint, decision));
    }

    private static RunResult inline(AgentSpec spec, RunControl control, long beforeNanos,
            Function<AgentRun, RunResult> body) {
        AgentRun run = new AgentRun(spec, control, control.startNanos() - beforeNanos, false);
        if (!control.hasDeadline()) {
            return body.apply(run);
        }
        try (CallerDeadline deadline = CallerDeadline.arm(control)) {
            return body.apply(run);
        }
    }

    private static RunControl startControl(AgentSpec spec) {
        return RunControl.start(spec.clock(), spec.config().timeBudget().orElse(null));
    }

    private static RunControl resumeControl(AgentSpec spec, Checkpoint checkpoint) {
        RunClock clock = spec.clock();
        return RunControl.resume(clock, checkpoint.elapsed(), spec.config().timeBudget().orElse(null));
    }

    @Override
    protected @Nullable RunResult abandon(Thread worker) {
        return run.abandon();
    }
}
