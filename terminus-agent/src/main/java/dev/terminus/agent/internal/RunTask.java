package dev.terminus.agent.internal;

import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.CallerDeadline;
import dev.terminus.agent.control.Continuation;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.control.RunStep;
import dev.terminus.agent.control.SupervisedRun;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
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
     * Where a run starts: a task from the beginning, or a paused run from its checkpoint (its time budget counting on
     * from the checkpoint's elapsed time).
     *
     * @param control the run's control, started now
     * @param beforeNanos the run's time before now (a resumed run's)
     * @param body what the run does on its thread
     */
    public record Entry(RunControl control, long beforeNanos, Function<AgentRun, @Nullable RunResult> body) {

        /**
         * @param spec the agent
         * @param task the task
         * @return the start of a run of the task
         */
        public static Entry task(AgentSpec spec, String task) {
            return task(RunControl.start(spec.clock(), budget(spec)), task);
        }

        /**
         * @param control the run's control, made by the caller (see {@link #control(AgentSpec)})
         * @param task the task
         * @return the start of a run of the task under that control
         */
        public static Entry task(RunControl control, String task) {
            return new Entry(control, 0, run -> run.execute(task));
        }

        /**
         * @param spec the agent
         * @param checkpoint the paused run
         * @param decision the decision on its pending call
         * @return the resumption of the paused run
         */
        public static Entry resumption(AgentSpec spec, Checkpoint checkpoint, GateDecision decision) {
            return resumption(control(spec, checkpoint), checkpoint, decision);
        }

        /**
         * @param control the run's control, made by the caller (see {@link #control(AgentSpec, Checkpoint)})
         * @param checkpoint the paused run
         * @param decision the decision on its pending call
         * @return the resumption of the paused run under that control
         */
        public static Entry resumption(RunControl control, Checkpoint checkpoint, GateDecision decision) {
            return new Entry(control, Resumption.elapsedNanos(checkpoint), run -> run.resume(checkpoint, decision));
        }

        /**
         * @param control the run's control, made by the caller (see {@link #control(AgentSpec, Continuation)})
         * @param continuation the suspended run
         * @return the continuation of the suspended run under that control
         */
        public static Entry continuation(RunControl control, Continuation continuation) {
            return new Entry(control, Resumption.elapsedNanos(continuation.elapsed()),
                    run -> run.proceed(continuation));
        }

        /**
         * @param spec the agent
         * @param continuation the suspended run
         * @return the control of the suspended run continued now: its clock, its time budget, its time so far
         */
        public static RunControl control(AgentSpec spec, Continuation continuation) {
            return RunControl.resume(spec.clock(), continuation.elapsed(), budget(spec));
        }

        /** @return the result of a run that cannot be suspended (no engine asked it to) */
        RunResult result(AgentRun run) {
            return Objects.requireNonNull(body.apply(run), "a run no engine suspends ends with a result");
        }

        /**
         * @param spec the agent
         * @return the control of a run of the agent that starts now: its clock, its time budget
         */
        public static RunControl control(AgentSpec spec) {
            return RunControl.start(spec.clock(), budget(spec));
        }

        /**
         * @param spec the agent
         * @param checkpoint the paused run
         * @return the control of the paused run resumed now: its clock, its time budget, its time so far
         */
        public static RunControl control(AgentSpec spec, Checkpoint checkpoint) {
            return RunControl.resume(spec.clock(), checkpoint.elapsed(), budget(spec));
        }

        private static @Nullable Duration budget(AgentSpec spec) {
            return spec.config().timeBudget().orElse(null);
        }

        private AgentRun run(AgentSpec spec, AgentRun.Mode mode) {
            return new AgentRun(spec, control, control.startNanos() - beforeNanos, mode);
        }
    }

    /**
     * Starts a run on a new virtual thread.
     *
     * @param spec the agent
     * @param entry where the run starts
     * @return its handle
     */
    public static RunTask start(AgentSpec spec, Entry entry) {
        AgentRun run = entry.run(spec, AgentRun.Mode.SUPERVISED);
        RunTask handle = new RunTask(run, entry.control(), spec.config().interruptGrace());
        run.begin(); // on the caller's thread: listeners see the caller's context
        handle.start("terminus-run-" + spec.config().name(), () -> entry.result(run));
        return handle;
    }

    /**
     * Runs on the calling thread. With a time budget, the run's clock interrupts this thread at the deadline (and
     * never after the run has ended); an interrupt the deadline delivered is cleared before returning.
     *
     * @param spec the agent
     * @param entry where the run starts
     * @return the result
     */
    public static RunResult runInline(AgentSpec spec, Entry entry) {
        AgentRun run = entry.run(spec, AgentRun.Mode.CALLER);
        if (!entry.control().hasDeadline()) {
            return entry.result(run);
        }
        try (CallerDeadline deadline = CallerDeadline.arm(entry.control())) {
            run.disarmBeforeFinish(deadline);
            return entry.result(run);
        }
    }

    /**
     * Runs on the calling thread under an engine's control: no thread is started and nothing is interrupted. The
     * engine keeps the deadline (its own timers, or {@link RunControl#armDeadline()}) and stops the run's calls; the
     * run ends at its next check, or when a call fails once the run is stopped or past its deadline.
     *
     * @param spec the agent
     * @param entry where the run starts, with the engine's control
     * @return the result
     * @throws IllegalArgumentException when the control reads another clock than the agent's
     */
    public static RunResult runUnder(AgentSpec spec, Entry entry) {
        return entry.result(engineRun(spec, entry));
    }

    /**
     * Runs on the calling thread under an engine's control, as {@link #runUnder} does, until the run ends or the
     * engine asks it to stop between two iterations.
     *
     * @param spec the agent
     * @param entry where the run starts, with the engine's control
     * @param suspendWhen asked after each iteration: whether the run stops there
     * @return how this part of the run ended
     * @throws IllegalArgumentException when the control reads another clock than the agent's
     */
    public static RunStep stepUnder(AgentSpec spec, Entry entry, Predicate<RunContext> suspendWhen) {
        AgentRun run = engineRun(spec, entry);
        run.suspendWhen(suspendWhen);
        RunResult result = entry.body().apply(run);
        Continuation continuation = run.suspended();
        return continuation != null ? new RunStep.Suspended(continuation, run.suspendedChildren())
                : new RunStep.Ended(Objects.requireNonNull(result, "a run that was not suspended has a result"));
    }

    private static AgentRun engineRun(AgentSpec spec, Entry entry) {
        if (entry.control().clock() != spec.clock()) {
            throw new IllegalArgumentException("the control reads " + entry.control().clock()
                    + ", but agent \"" + spec.config().name() + "\" reads " + spec.clock()
                    + ": make the control with AgentEngine.of(agent).newControl()");
        }
        return entry.run(spec, AgentRun.Mode.ENGINE);
    }

    @Override
    protected boolean abandons() {
        return true;
    }

    @Override
    protected @Nullable RunResult abandon(Thread worker) {
        return run.abandon();
    }
}
