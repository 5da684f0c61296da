package dev.terminus.pipeline;

import dev.terminus.Preconditions;
import dev.terminus.TokenKind;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.control.RunClock;
import dev.terminus.pipeline.internal.PipelineRun;
import dev.terminus.pipeline.internal.PipelineSpec;
import dev.terminus.pipeline.internal.PipelineTask;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Named stages run in order, optionally grouped in phases with token budgets of their own, ending with exactly one
 * {@link dev.terminus.Termination}. Immutable and thread-safe: one pipeline runs any number of times at once.
 *
 * {@snippet :
 * // given: Agent researcher(TokenBudget budget); Agent writer(TokenBudget budget); org.slf4j.Logger log
 * // given: void publish(String report); void show(Optional<String> answer); void raise(TokenKind kind)
 * // given: void retryLater(); void alert(Termination t)
 * Pipeline pipeline = Pipeline.builder()
 *         .name("weekly-report")
 *         .tokenBudget(TokenBudget.total(50_000))
 *         .phase("research", TokenBudget.total(30_000),
 *                 Stage.budgetedAgent("search", budget -> researcher(budget), ctx -> "Find sources on " + ctx.input())
 *                         .retryPolicy(RetryPolicy.ofDefaults()),
 *                 Stage.budgetedAgent("summarize", budget -> writer(budget),
 *                         ctx -> "Summarize:\n" + ctx.previousAnswer().orElse(""))
 *                         .treatAsSuccess(Termination.MaxIterationsReached.class))
 *         .stage(Stage.of("publish", ctx -> {
 *             publish(ctx.answer("summarize").orElseThrow());
 *             return new Termination.Completed();
 *         }))
 *         .listener(event -> log.info("{}", event))
 *         .build();
 * PipelineResult result = pipeline.run("the Oslo climate");
 * switch (result.termination()) {
 *     case Termination.Completed() -> show(result.stage("summarize").flatMap(StageResult::lastRun)
 *             .flatMap(RunResult::finalAnswer));
 *     case Termination.TokenBudgetExhausted(long used, long limit, TokenKind kind) -> raise(kind);
 *     case Termination t when t.category() == Category.RETRYABLE -> retryLater();
 *     default -> alert(result.termination());
 * }
 * }
 *
 * <p>{@link #run(String)} never throws for an exception of a stage (or of a policy, a callback, a listener): a stage
 * that throws, is cancelled or cannot start ends as its termination, and the {@link PipelineResult} carries every
 * stage reached, the stages not reached, the usage, cost and duration. An {@link Error} is no end of a stage: it
 * propagates out of {@code run} as it was, so that the thread of a durable workflow (Temporal's, say) can let its
 * own errors pass. See ADR 0011 for how a pipeline ends.
 *
 * <p>A pipeline whose stage's agent run pauses at a human gate ends {@code HitlGatePending} (outcome
 * {@code SUSPENDED}) with a {@link PipelineResult#checkpoint()}; {@link #resume(PipelineCheckpoint, GateDecision)}
 * continues it with a person's decision, in this process or another (ADR 0031).
 */
public final class Pipeline {
    /**
     * How long a cancelled stage on an executor may take to answer its interrupt by default: a stage's body is a
     * whole agent run, which itself waits its agent's interrupt grace and publishes its result.
     */
    public static final Duration DEFAULT_INTERRUPT_GRACE = Duration.ofSeconds(1);

    private final PipelineSpec spec;

    private final StageExecutor executor;

    private Pipeline(PipelineSpec spec, StageExecutor executor) {
        this.spec = spec;
        this.executor = executor;
    }

    /** @return a builder of a pipeline named {@code "pipeline"}, without budget or listeners, on the caller's thread */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs the pipeline to its end on the calling thread (its stages on the pipeline's {@link StageExecutor}). An
     * interrupt of the caller cancels it: the running stage and the pipeline end {@code Cancelled("thread-interrupt")},
     * and the interrupt is restored on return.
     *
     * @param input what the pipeline runs with, handed to every stage in its {@link PipelineContext}
     * @return the result; never null
     * @throws Error an {@code Error} thrown inside the pipeline (by a stage, on whatever executor, or a listener), as
     *     it was
     */
    public PipelineResult run(String input) {
        return PipelineRun.runOnCaller(spec, Preconditions.notNull(input, "input"));
    }

    /**
     * Continues a pipeline that paused at a stage's human gate ({@link PipelineResult#checkpoint()}), with a person's
     * decision, on the calling thread as {@link #run(String)}: the paused stage's agent resumes its run from the
     * checkpoint (a prebuilt agent as it is, a budgeted agent made for what remains of its allowance, its usage before
     * the pause counted in), then the stage's policies apply to that attempt as to any (its completion callback,
     * retries, success conditions, failure disposition), then the stages after it run. The checkpoint may come from
     * another process ({@link PipelineCheckpointJson}); this pipeline must have the same name and stages.
     *
     * <p>The result lists the stages ended before the pause first (as the checkpoint keeps them, see
     * {@link PipelineCheckpoint}), then the resumed stage and those after it; its usage and cost are over all stages,
     * its duration counts on from the time up to the pause. Budgets count on too: the tokens used before the pause
     * stay charged. The pipeline may pause again, at another gate, with a new checkpoint. Listeners see
     * {@code PipelineStarted}, then the events of the stages run after the resume, then {@code PipelineFinished}.
     *
     * {@snippet :
     * // given: Pipeline pipeline
     * PipelineResult paused = pipeline.run("Refund order 42");
     * PipelineCheckpoint checkpoint = paused.checkpoint().orElseThrow();
     * PipelineResult done = pipeline.resume(checkpoint, GateDecision.reject(checkpoint.gateId(), "over 100 EUR"));
     * }
     *
     * @param checkpoint where the pipeline paused
     * @param decision the person's decision, for the checkpoint's gate
     * @return the result of the whole pipeline; never null
     * @throws IllegalArgumentException when the checkpoint is of another pipeline, paused at a stage this pipeline
     *     does not have (or after other stages), or at a {@linkplain Stage#runner runner} stage, which resumes its
     *     agent on its own side; or when the decision is for another gate (the message names both values)
     * @throws Error an {@code Error} thrown inside the pipeline, as it was
     */
    public PipelineResult resume(PipelineCheckpoint checkpoint, GateDecision decision) {
        return PipelineRun.resumeOnCaller(spec, Preconditions.notNull(checkpoint, "checkpoint"),
                Preconditions.notNull(decision, "decision"));
    }

    /**
     * Continues a paused pipeline by running the pending call as the model proposed it: as
     * {@link #resume(PipelineCheckpoint, GateDecision)} with {@link GateDecision#approve(String)} for the
     * checkpoint's gate.
     *
     * @param checkpoint where the pipeline paused
     * @return the result of the whole pipeline
     * @throws IllegalArgumentException as {@link #resume(PipelineCheckpoint, GateDecision)}
     */
    public PipelineResult approve(PipelineCheckpoint checkpoint) {
        Preconditions.notNull(checkpoint, "checkpoint");
        return resume(checkpoint, GateDecision.approve(checkpoint.gateId()));
    }

    /**
     * Continues a paused pipeline with a person's no: the pending call is not run and the model reads the reason as
     * its result. As {@link #resume(PipelineCheckpoint, GateDecision)} with
     * {@link GateDecision#reject(String, String)} for the checkpoint's gate.
     *
     * @param checkpoint where the pipeline paused
     * @param reason why, for the model
     * @return the result of the whole pipeline
     * @throws IllegalArgumentException as {@link #resume(PipelineCheckpoint, GateDecision)}
     */
    public PipelineResult reject(PipelineCheckpoint checkpoint, String reason) {
        Preconditions.notNull(checkpoint, "checkpoint");
        return resume(checkpoint, GateDecision.reject(checkpoint.gateId(), reason));
    }

    /**
     * Starts the pipeline on a virtual thread of its own (the coordinating thread: with
     * {@link StageExecutor#callerThread()}, the stages run on it too).
     *
     * @param input what the pipeline runs with
     * @return a handle to cancel the pipeline or wait for its result
     */
    public PipelineHandle start(String input) {
        return PipelineTask.start(spec, Preconditions.notNull(input, "input"));
    }

    /** @return the pipeline's name */
    public String name() {
        return spec.name();
    }

    /** @return where its stages' bodies run */
    public StageExecutor executor() {
        return executor;
    }

    /** @return the clock it reads its time from and waits on */
    public RunClock clock() {
        return spec.clock();
    }

    /** @return the names of its stages, in order */
    public List<String> stageNames() {
        return spec.plans().stream().map(plan -> plan.stage().name()).toList();
    }

    /** @return its pipeline-wide token budget */
    public TokenBudget tokenBudget() {
        return spec.tokenBudget();
    }

    @Override
    public String toString() {
        return "Pipeline[" + spec.name() + ", stages=" + stageNames() + "]";
    }

    /** Builds a {@link Pipeline}; every method refuses a bad value at once, naming it. */
    public static final class Builder {
        private String name = "pipeline";
        private TokenBudget tokenBudget = TokenBudget.UNLIMITED;
        private final List<PipelineSpec.StagePlan> plans = new ArrayList<>();
        private final List<TokenBudget> phaseBudgets = new ArrayList<>();
        private final List<String> phaseNames = new ArrayList<>();
        private final Set<String> stageNames = new HashSet<>();
        private final List<PipelineListener> listeners = new ArrayList<>();
        private StageExecutor executor = StageExecutor.callerThread();
        private Duration interruptGrace = DEFAULT_INTERRUPT_GRACE;
        private RunClock clock = RunClock.system();

        private Builder() {}

        /** @param name the pipeline's name, for events and telemetry; not blank @return this builder */
        public Builder name(String name) {
            this.name = Preconditions.notBlank(name, "name");
            return this;
        }

        /**
         * @param budget the token budget all stages draw from; an agent stage runs under what remains of it, as a
         *     child agent under its parent's ({@link TokenBudget#UNLIMITED} by default)
         * @return this builder
         */
        public Builder tokenBudget(TokenBudget budget) {
            this.tokenBudget = Preconditions.notNull(budget, "tokenBudget");
            return this;
        }

        /** @param stage the next stage, in no phase; its name must be unique @return this builder */
        public Builder stage(Stage stage) {
            add(Preconditions.notNull(stage, "stage"), null, -1);
            return this;
        }

        /** @param stages the next stages, in no phase; their names must be unique @return this builder */
        public Builder stages(Stage... stages) {
            for (Stage stage : Preconditions.notNull(stages, "stages")) {
                stage(stage);
            }
            return this;
        }

        /**
         * The next stages as a phase: they draw their tokens from the phase's budget, within the pipeline's.
         *
         * @param name the phase's name, unique and not blank
         * @param budget the phase's token budget ({@link TokenBudget#UNLIMITED} for none)
         * @param stages the phase's stages, at least one, their names unique
         * @return this builder
         */
        public Builder phase(String name, TokenBudget budget, Stage... stages) {
            Preconditions.notBlank(name, "phase name");
            Preconditions.notNull(budget, "phase \"" + name + "\" tokenBudget");
            Preconditions.notNull(stages, "phase \"" + name + "\" stages");
            if (phaseNames.contains(name)) {
                throw new IllegalArgumentException("phase name \"" + name + "\" is used twice");
            }
            if (stages.length == 0) {
                throw new IllegalArgumentException("phase \"" + name + "\" has no stages");
            }
            Set<String> inPhase = new HashSet<>();
            for (int i = 0; i < stages.length; i++) {
                Preconditions.notNull(stages[i], "phase \"" + name + "\" stages[" + i + "]");
                checkUnique(stages[i]);
                if (!inPhase.add(stages[i].name())) {
                    throw new IllegalArgumentException("stage name \"" + stages[i].name() + "\" is used twice");
                }
            }
            phaseNames.add(name);
            phaseBudgets.add(budget);
            for (Stage stage : stages) {
                add(stage, name, phaseBudgets.size() - 1);
            }
            return this;
        }

        /** @param listener a listener of the pipeline's events, called after the ones added before it @return this builder */
        public Builder listener(PipelineListener listener) {
            listeners.add(Preconditions.notNull(listener, "listener"));
            return this;
        }

        /** @param executor where the stages' bodies run; the caller's thread by default @return this builder */
        public Builder executor(StageExecutor executor) {
            this.executor = Preconditions.notNull(executor, "executor");
            return this;
        }

        /**
         * @param grace how long a cancelled stage on an executor may take to answer its interrupt before it is
         *     abandoned; {@link #DEFAULT_INTERRUPT_GRACE} by default, not negative
         * @return this builder
         */
        public Builder interruptGrace(Duration grace) {
            this.interruptGrace = Preconditions.nonNegative(grace, "interruptGrace");
            return this;
        }

        /**
         * @param clock the clock the pipeline reads its time from and waits on (a retry's backoff, the grace);
         *     {@link RunClock#system()} by default
         * @return this builder
         */
        public Builder clock(RunClock clock) {
            this.clock = Preconditions.notNull(clock, "clock");
            return this;
        }

        /**
         * @return the pipeline
         * @throws IllegalArgumentException when it has no stage
         */
        public Pipeline build() {
            if (plans.isEmpty()) {
                throw new IllegalArgumentException("pipeline \"" + name + "\" has no stages: add at least one");
            }
            return new Pipeline(new PipelineSpec(name, plans, tokenBudget, phaseBudgets, listeners,
                    executor.executor(), interruptGrace, clock), executor);
        }

        private void checkUnique(Stage stage) {
            if (stageNames.contains(stage.name())) {
                throw new IllegalArgumentException("stage name \"" + stage.name() + "\" is used twice");
            }
        }

        private void add(Stage stage, @Nullable String phase, int phaseIndex) {
            checkUnique(stage);
            stageNames.add(stage.name());
            plans.add(new PipelineSpec.StagePlan(stage.spec(), phase, phaseIndex));
        }
    }
}
