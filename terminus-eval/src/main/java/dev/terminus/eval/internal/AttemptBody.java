package dev.terminus.eval.internal;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.UserSimulator;
import dev.terminus.agent.control.Handle;
import dev.terminus.eval.CapacityPolicy;
import dev.terminus.eval.Component;
import dev.terminus.eval.EnvironmentException;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.Status;
import dev.terminus.eval.Task;
import dev.terminus.eval.TaskContext;
import dev.terminus.eval.TaskError;
import dev.terminus.eval.spi.AttemptRunner;
import dev.terminus.eval.spi.AttemptTimedOut;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.PipelineResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One attempt of a task run, phase by phase (environment, user, agent or pipeline factory, run, evaluation), deciding
 * its status as {@link Status} documents. Under a timeout it runs on a thread of its own, and the phase it is in, its
 * run's handle and its finished run are visible to the thread that abandons it. A pipeline's run is graded as one run
 * ({@link PipelineRuns}).
 */
final class AttemptBody {
    private static final Duration MAX_NANOS = Duration.ofNanos(Long.MAX_VALUE);

    private final BenchmarkSpec spec;
    private final Job job;
    private final int attempt;
    private final boolean last;
    private final boolean supervised;
    private final Failures failures = new Failures();
    private final AtomicBoolean settled = new AtomicBoolean();
    private volatile Component phase = Component.ENVIRONMENT;
    /** Counted down once the run of the agent phase was started (or failed to start), its handle set before. */
    private final CountDownLatch runStarted = new CountDownLatch(1);
    /** The started run's handle: an agent's or a pipeline's. */
    private volatile @Nullable Handle<?> handle;
    /** Written before {@link #run}, so that whoever sees the run sees the stage that stopped its pipeline. */
    private volatile @Nullable String stoppedBy;
    private volatile @Nullable RunResult run;

    /**
     * @param last whether no retry may follow this attempt
     * @param supervised whether the run is started on its own thread, so a timeout can cancel it
     */
    AttemptBody(BenchmarkSpec spec, Job job, int attempt, boolean last, boolean supervised) {
        this.spec = spec;
        this.job = job;
        this.attempt = attempt;
        this.last = last;
        this.supervised = supervised;
    }

    /** @return how the attempt ended; never throws */
    AttemptResult execute() {
        return attempt().stoppedBy(stoppedBy);
    }

    private AttemptResult attempt() {
        try {
            return phases();
        } catch (PhaseFailure failure) {
            if (spec.runner() != null && failure.getCause() instanceof TimeoutException timeout) {
                RunResult partial = timeout instanceof AttemptTimedOut stopped ? stopped.partial() : null;
                stoppedBy = timeout instanceof AttemptTimedOut stopped ? stopped.stoppedByStage() : null;
                return AttemptResult.failed(Status.TASK_TIMEOUT, partial, new TaskError(
                        TimeoutException.class.getName(), String.valueOf(timeout.getMessage()), Component.AGENT));
            }
            Status status = switch (failure.component) {
                case ENVIRONMENT -> Status.ENVIRONMENT_ERROR;
                case USER -> Status.USER_ERROR;
                case SETUP -> Status.SETUP_FAILED;
                case EVALUATOR -> Status.EVALUATION_FAILED;
                case AGENT, HARNESS -> Status.UNKNOWN_EXECUTION_ERROR;
            };
            return AttemptResult.failed(status, run, TaskError.of(failure.getCause(), failure.component));
        } catch (Throwable e) {
            return AttemptResult.failed(Status.UNKNOWN_EXECUTION_ERROR, run, TaskError.of(e, Component.HARNESS));
        }
    }

    private AttemptResult phases() {
        Task task = job.task();
        if (spec.runner() != null) { // the runner's agent has its own tools and user, where it runs
            AttemptRunner.Attempt ran = step(Component.AGENT, "the run",
                    () -> spec.runner().attempt(task, job.repeat(), attempt));
            stoppedBy = ran.stoppedByStage();
            RunResult result = ran.run();
            run = result;
            return judge(task, result);
        }
        List<Tool> tools = List.of();
        if (spec.environment() != null) {
            tools = failures.environmentTools(step(Component.ENVIRONMENT, "the environment's tools",
                    () -> List.copyOf(spec.environment().tools(task))));
        }
        UserSimulator user = null;
        if (spec.users() != null) {
            user = failures.user(step(Component.USER, "the user simulator", () -> spec.users().create(task)));
        }
        TaskContext context = new TaskContext(task, job.repeat(), attempt, tools, user);
        if (spec.pipelines() != null) {
            Pipeline pipeline = step(Component.SETUP, "the pipeline", () -> spec.pipelines().create(context));
            PipelineResult ended = step(Component.AGENT, "the run", () -> runPipeline(pipeline, task.input()));
            stoppedBy = PipelineRuns.stoppedByStage(ended);
            RunResult result = PipelineRuns.asRun(ended);
            run = result;
            return judge(task, result);
        }
        Agent agent = step(Component.SETUP, "the agent", () -> spec.agents().create(context));
        RunResult result = step(Component.AGENT, "the run", () -> runAgent(agent, task.input()));
        run = result;
        return judge(task, result);
    }

    private RunResult runAgent(Agent agent, String input) throws InterruptedException {
        return supervised ? startedRun(() -> agent.start(input)) : agent.run(input);
    }

    private PipelineResult runPipeline(Pipeline pipeline, String input) throws InterruptedException {
        return supervised ? startedRun(() -> pipeline.start(input)) : pipeline.run(input);
    }

    /** Starts the run and keeps its handle for the timeout to cancel; a run abandoned as it started is cancelled. */
    private <R> R startedRun(Supplier<? extends Handle<R>> start) throws InterruptedException {
        Handle<R> started;
        try {
            started = start.get();
            handle = started;
        } finally {
            runStarted.countDown();
        }
        if (settled.get()) { // abandoned while starting: the timeout saw no handle to cancel
            started.cancel(AttemptTimedOut.REQUESTER);
        }
        return started.await();
    }

    private AttemptResult judge(Task task, RunResult result) {
        Termination termination = result.termination();
        Status status = Status.SUCCESS;
        TaskError error = null;
        Throwable userCause = failures.userCause(termination);
        EnvironmentException environment = failures.environment();
        if (userCause != null) {
            status = Status.USER_ERROR;
            error = TaskError.of(userCause, Component.USER);
        } else if (environment != null && termination instanceof Termination.Halted) {
            status = Status.ENVIRONMENT_ERROR;
            error = TaskError.of(environment, Component.ENVIRONMENT);
        } else if (termination instanceof Termination.Failed failed) {
            status = Status.AGENT_ERROR;
            error = new TaskError(failed.error().type(), failed.error().message(), Component.AGENT);
        } else if (termination instanceof Termination.ProviderAuthFailed auth) {
            status = Status.AGENT_ERROR;
            error = new TaskError(auth.tag(), "the provider \"" + auth.provider() + "\" answered " + auth.status(),
                    Component.AGENT);
        }
        if (termination.category() == Category.RETRYABLE && !last) {
            return new AttemptResult(status, result, null, false, error, true);
        }
        if (error != null) {
            return AttemptResult.failed(status, result, error);
        }
        if (spec.capacityPolicy() == CapacityPolicy.EXCLUDE && termination.category() == Category.CAPACITY
                && result.outcome() == Outcome.FAILED) {
            return new AttemptResult(Status.SUCCESS, result, null, true, null, false);
        }
        Evaluation eval = step(Component.EVALUATOR, "the evaluation", () -> spec.evaluator().evaluate(task, result));
        return new AttemptResult(Status.SUCCESS, result, eval, false, null, false);
    }

    /** A phase's body, which may throw anything. */
    private interface Step<T> {
        @Nullable T get() throws Exception;
    }

    private <T> T step(Component component, String what, Step<T> body) {
        if (settled.get()) { // abandoned at the timeout: start nothing more, its result is discarded anyway
            throw new PhaseFailure(component, new CancellationException(job.describe() + " was abandoned"));
        }
        phase = component;
        try {
            T value = body.get();
            if (value == null) {
                throw new NullPointerException(what + " of " + job.describe() + " is null");
            }
            return value;
        } catch (Throwable e) {
            throw new PhaseFailure(component, e);
        }
    }

    /** A phase's component threw; carries which, without a stack trace of its own. */
    private static final class PhaseFailure extends RuntimeException {
        private final Component component;

        PhaseFailure(Component component, Throwable cause) {
            super(null, cause, false, false);
            this.component = component;
        }
    }

    /** @return true when the body ended first and its result counts (called by the body) */
    boolean settle() {
        return settled.compareAndSet(false, true);
    }

    /** @return true when the timeout came first and the body is abandoned (called by the waiting thread) */
    boolean abandon() {
        return settled.compareAndSet(false, true);
    }

    /**
     * The attempt's result after it was abandoned at its timeout: a run in flight is cancelled and its partial result
     * awaited at most {@code grace}.
     */
    AttemptResult timedOut(Duration timeout, Duration grace) {
        Component at = phase;
        if (at == Component.AGENT && run == null) {
            awaitStart(grace); // abandoned as the run starts: its handle is a moment away, and its partial result too
        }
        RunResult partial = run;
        String stage = stoppedBy;
        Handle<?> started = handle;
        if (partial == null && started != null) {
            started.cancel(AttemptTimedOut.REQUESTER);
            Object ended = awaitQuietly(started, grace);
            if (ended instanceof PipelineResult pipeline) {
                stage = PipelineRuns.stoppedByStage(pipeline);
                partial = PipelineRuns.asRun(pipeline);
            } else if (ended instanceof RunResult run) {
                partial = run;
            }
        }
        String message = job.describe() + ", attempt " + attempt + ", passed its timeout of " + timeout.toMillis()
                + " ms while " + doing(at);
        return AttemptResult.failed(Status.TASK_TIMEOUT, partial,
                new TaskError(TimeoutException.class.getName(), message, at)).stoppedBy(stage);
    }

    private void awaitStart(Duration grace) {
        try {
            runStarted.await(grace.compareTo(MAX_NANOS) >= 0 ? Long.MAX_VALUE : grace.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static <R> @Nullable R awaitQuietly(Handle<R> handle, Duration grace) {
        try {
            return handle.await(grace).orElse(null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private String doing(Component phase) {
        return switch (phase) {
            case ENVIRONMENT -> "the environment made its tools";
            case USER -> "the user simulator was made";
            case SETUP -> spec.pipelines() != null ? "the pipeline factory made the pipeline"
                    : "the agent factory made the agent";
            case AGENT -> spec.pipelines() != null ? "the pipeline ran" : "the agent ran";
            case EVALUATOR -> "the evaluator judged the run";
            case HARNESS -> "the harness finished the attempt";
        };
    }
}
