package dev.terminus.converge;

import dev.terminus.Preconditions;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.converge.internal.AgentCalls;
import dev.terminus.converge.internal.ConvergenceRun;
import dev.terminus.converge.internal.EngineSpec;
import dev.terminus.converge.internal.EngineTask;
import dev.terminus.converge.internal.Resumption;
import dev.terminus.converge.spi.ProposalGate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Runs agents that propose facts into a shared {@link Context} until a cycle changes nothing, and ends every run with
 * exactly one {@link dev.terminus.Termination}. Immutable and thread-safe: one engine runs any number of times at once.
 *
 * {@snippet :
 * // given: ConvergenceAgent extractor, normalizer, crossChecker; void show(Context facts); void alert(Termination t)
 * // given: void askSomeone(String summary, String gateId); void raiseTheLimit(Termination t)
 * ConvergenceEngine engine = ConvergenceEngine.builder()
 *         .name("reconcile")
 *         .agents(extractor, normalizer, crossChecker)
 *         .promotionGate((proposal, context) -> PromotionDecision.accept(), RejectionPolicy.END_RUN)
 *         .invariant(ContextInvariant.of("no-negative-cents", InvariantClass.STRUCTURAL, context -> null))
 *         .maxCycles(20)
 *         .maxFacts(500)
 *         .tokenBudget(TokenBudget.total(20_000))
 *         .timeBudget(Duration.ofSeconds(30))
 *         .confidenceThreshold(0.7)
 *         .pauseStore(FileGateStore.in(Path.of(".terminus/checkpoints"), PauseJson.ofDefaults()))
 *         .build();
 * ConvergenceResult result = engine.run(Context.of(Map.of("document", text)));
 * switch (result.termination()) {
 *     case Termination.Converged(int cycles) -> show(result.context());
 *     case Termination.HitlGatePending gate -> askSomeone(gate.summary(), gate.gateId());
 *     case Termination t when t.isBudgetExhausted() -> raiseTheLimit(t);
 *     default -> alert(result.termination());
 * }
 * // later, maybe in another process, after the person decided:
 * Pause pause = FileGateStore.in(Path.of(".terminus/checkpoints"), PauseJson.ofDefaults()).load(gateId).orElseThrow();
 * result = engine.resume(pause, GateDecision.approve(gateId));
 * }
 *
 * <h2>A cycle</h2>
 * The agents triggered in the cycle (all of them in the first; then those that {@linkplain Trigger#always() always
 * run} and those {@linkplain Trigger#on(String...) reading a key} the cycle before changed) are asked in registration
 * order, all with the context as it was at the start of the cycle. Their proposals are then merged in a deterministic
 * order, by agent registration order then key. A proposal of the value its fact already has changes nothing and is
 * skipped; one rejected before (same agent, key and value: same {@linkplain Proposal#id() id}) is skipped; the others
 * pass the {@link ProposalGate}, then wait for a person when their confidence is below the threshold or their key is
 * gated (unless a person approved that proposal before), then are merged, after which the fact budget and the
 * {@code STRUCTURAL} invariants are checked. At the end of the cycle the {@code SEMANTIC} invariants and the criteria
 * are checked. A cycle that changed nothing is a fixed point: the {@code ACCEPTANCE} invariants are checked and the
 * run ends {@code Converged(cycles)} (with criteria: {@code CriteriaMet}, or {@code HumanInterventionRequired} naming
 * those not met); with criteria, a cycle after which all are met ends the run {@code CriteriaMet} at once.
 *
 * <h2>How a run ends</h2>
 * The first of these that happens: the cycle cap ({@code MaxIterationsReached(limit, cycles)}, checked before a cycle
 * starts), the fact cap ({@code FactBudgetExhausted}, when a merge grows the context past it), the token budget
 * ({@code TokenBudgetExhausted}: before an agent is asked, when a cap is reached; after it answered, when its tokens
 * took the run past a cap, its proposals then discarded), the time budget ({@code TimeBudgetExhausted}: the agent
 * running at the deadline is interrupted and abandoned), cancellation ({@code Cancelled}), an agent's refusal
 * ({@code AgentRefused}), an agent that throws ({@code Failed}, {@code INTERNAL}, the exception as live cause), an
 * agent's failure or the stop of its own run ({@link Reply.Fail}, {@link Reply.Stop}: the termination it answers, as
 * it is, e.g. a {@link ModelAgent}'s loop at its own iteration cap; {@link ConvergenceResult#stoppedBy()} names the
 * agent), an invariant ({@code InvariantViolated}), the gate under {@link RejectionPolicy#END_RUN} ({@code PromotionRejected}),
 * a proposal that needs a person ({@code HitlGatePending}, with a {@link Pause}), or the fixed point. The gate,
 * invariants and criteria run on the coordinating thread between the checks of the clock and of cancellation; only
 * agents are preempted. {@link #run(Context)} and {@link #resume(Pause, GateDecision)} never throw for anything that
 * happens inside the run but an {@code Error} (a stack overflow, a failed assertion, a workflow's thread that Temporal
 * destroys): the engine catches exceptions only, as the agent loop does, and an {@code Error} reaches the caller as
 * it was, without {@code RunFinished} (ADR 0022).
 */
public final class ConvergenceEngine {
    /** The default cycle cap. */
    public static final int DEFAULT_MAX_CYCLES = 100;

    private final EngineSpec spec;

    private ConvergenceEngine(EngineSpec spec) {
        this.spec = spec;
    }

    /** @return a builder of an engine named {@code "converge"} with the default cycle cap and no other limit */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs from an initial context to the end, on the calling thread (its agents supervised on threads of their own
     * when the engine has a time budget). An interrupt of the caller cancels the run ({@code Cancelled} by
     * {@code "thread-interrupt"}) and is restored on return.
     *
     * @param initial the facts the run starts with
     * @return the result; never null
     */
    public ConvergenceResult run(Context initial) {
        Preconditions.notNull(initial, "initial");
        RunControl control = RunControl.start(spec.clock(), spec.timeBudget());
        RunClock.Scheduled deadline = control.armDeadline();
        ConvergenceResult result;
        try {
            result = new ConvergenceRun(spec, control, onCaller()).run(initial);
        } finally {
            deadline.cancel();
        }
        if (control.cancelledByInterrupt()) {
            Thread.currentThread().interrupt();
        }
        return result;
    }

    /**
     * Starts a run on a virtual thread of its own, every agent supervised on its own, so that it can be cancelled.
     *
     * @param initial the facts the run starts with
     * @return a handle to cancel the run or wait for its result
     */
    public ConvergenceHandle start(Context initial) {
        Preconditions.notNull(initial, "initial");
        RunControl control = RunControl.start(spec.clock(), spec.timeBudget());
        return EngineTask.start(spec, control,
                () -> new ConvergenceRun(spec, control, AgentCalls.Mode.SUPERVISED).run(initial));
    }

    /**
     * A control for a run of this engine that an engine of the caller's drives (a durable workflow): on this engine's
     * {@linkplain Builder#clock clock}, with its time budget, starting now. The caller arms its deadline (its own
     * timers, or {@link RunControl#armDeadline()}) and cancels through it.
     *
     * @return a new control, for {@link #run(Context, RunControl)}
     */
    public RunControl newControl() {
        return RunControl.start(spec.clock(), spec.timeBudget());
    }

    /**
     * @param pause a paused run, resumed now: its time before the pause counts against the budget, its wait does not
     * @return a new control, as {@link #newControl()}, for {@link #resume(Pause, GateDecision, RunControl)}
     */
    public RunControl newControl(Pause pause) {
        return RunControl.resume(spec.clock(), Preconditions.notNull(pause, "pause").elapsed(), spec.timeBudget());
    }

    /**
     * Runs as {@link #run(Context)} does, on the calling thread under a control the caller's engine drives: no thread
     * is started and nothing is interrupted; agents are called one after the other on this thread, time is read from
     * the control's clock, the control is checked before every turn, and whoever makes a turn's call stops it (a
     * workflow cancels its activity). A turn that fails once the run is cancelled or past its deadline ends the run
     * {@code Cancelled} or {@code TimeBudgetExhausted}. The caller arms the deadline before and cancels it after.
     *
     * @param initial the facts the run starts with
     * @param control the run's control, from {@link #newControl()}
     * @return the result; never null
     * @throws IllegalArgumentException when the control reads another clock than this engine's
     */
    public ConvergenceResult run(Context initial, RunControl control) {
        Preconditions.notNull(initial, "initial");
        return ConvergenceRun.underEngine(spec, control).run(initial);
    }

    /**
     * Runs as {@link #run(Context, RunControl)} does, but stops between two cycles (never before the first) when
     * {@code suspend} says so, with the run's state as a {@link ConvergenceContinuation} that
     * {@link #proceed(ConvergenceContinuation, RunControl, BooleanSupplier)} goes on from: a durable engine's way to
     * carry a long run into a fresh execution. A suspended run publishes no {@code RunFinished}; the part that goes on
     * publishes a {@code RunStarted} (resumed) again.
     *
     * @param initial the facts the run starts with
     * @param control the run's control, from {@link #newControl()}
     * @param suspend asked between two cycles, on the run's thread
     * @return the run's end, or its continuation
     * @throws IllegalArgumentException when the control reads another clock than this engine's
     */
    public ConvergenceStep run(Context initial, RunControl control, BooleanSupplier suspend) {
        Preconditions.notNull(initial, "initial");
        Preconditions.notNull(suspend, "suspend");
        return ConvergenceRun.underEngine(spec, control).run(initial, suspend);
    }

    /**
     * @param from a suspended run, going on now: its time so far counts against the budget
     * @return a new control, as {@link #newControl()}, for {@link #proceed}
     */
    public RunControl newControl(ConvergenceContinuation from) {
        return RunControl.resume(spec.clock(), Preconditions.notNull(from, "from").elapsed(), spec.timeBudget());
    }

    /**
     * Goes on from a suspended run with its next cycle, under a control the caller's engine drives, making the
     * decisions the uninterrupted run would have made; it may suspend again.
     *
     * @param from where the run was suspended
     * @param control the run's control, from {@link #newControl(ConvergenceContinuation)}
     * @param suspend asked between two cycles (never before the first this part starts)
     * @return the run's end, or its next continuation; its cycles, facts, usage and duration include the earlier parts
     * @throws IllegalArgumentException when the continuation was written by an engine of another name or with other
     *     agents, or the control reads another clock than this engine's
     */
    public ConvergenceStep proceed(ConvergenceContinuation from, RunControl control, BooleanSupplier suspend) {
        Preconditions.notNull(from, "from");
        Preconditions.notNull(suspend, "suspend");
        Resumption.check(spec, from);
        return ConvergenceRun.underEngine(spec, control).proceed(from, suspend);
    }

    /**
     * Continues a paused run with a person's decision on its staged proposal, in the same cycle: an approved
     * proposal is merged, a rejected one recorded (and never proposed again in the run); then the rest of the cycle's
     * proposals are merged and the run goes on, its budgets counting on from the pause's figures. It may pause again.
     * When the engine has a {@link GateStore}, the pause is deleted from it once the continued run has ended.
     *
     * <p>Only a misuse of the call throws, before anything runs; everything else ends as a termination: the pause is
     * restored inside the run, and the clock and cancellation are checked before the decision is applied, so a
     * pause whose elapsed time is already past the time budget ends {@code TimeBudgetExhausted} without merging
     * its staged proposal (and a context already past the fact budget ends {@code FactBudgetExhausted}).
     *
     * @param pause the pause (from {@link ConvergenceResult#pause()}, or read back from a {@link GateStore})
     * @param decision the decision, for the pause's gate: {@link GateDecision.Approve} or {@link GateDecision.Reject}
     * @return the result of the continued run; its cycles, facts, usage and duration include the part before the pause
     * @throws IllegalArgumentException when the decision is for another gate, approves with arguments (a proposal has
     *     none), or the pause was written by an engine of another name or with other agents (the message names the
     *     field and both values)
     */
    public ConvergenceResult resume(Pause pause, GateDecision decision) {
        Preconditions.notNull(pause, "pause");
        Preconditions.notNull(decision, "decision");
        Resumption.check(spec, pause, decision);
        RunControl control = RunControl.resume(spec.clock(), pause.elapsed(), spec.timeBudget());
        RunClock.Scheduled deadline = control.armDeadline();
        ConvergenceResult result;
        try {
            result = new ConvergenceRun(spec, control, onCaller()).resume(pause, decision);
        } finally {
            deadline.cancel();
        }
        Resumption.forget(spec, pause);
        if (control.cancelledByInterrupt()) {
            Thread.currentThread().interrupt();
        }
        return result;
    }

    /**
     * Continues a paused run as {@link #resume(Pause, GateDecision)} does, under a control the caller's engine drives
     * as {@link #run(Context, RunControl)} runs one. A control cancelled already ends the run {@code Cancelled} with
     * the pause's context: cancellation is checked before the decision is applied.
     *
     * @param pause the paused run
     * @param decision the decision, for the pause's gate
     * @param control the run's control, from {@link #newControl(Pause)}
     * @return the result of the continued run
     * @throws IllegalArgumentException as {@link #resume(Pause, GateDecision)}, or when the control reads another
     *     clock than this engine's
     */
    public ConvergenceResult resume(Pause pause, GateDecision decision, RunControl control) {
        Preconditions.notNull(pause, "pause");
        Preconditions.notNull(decision, "decision");
        Resumption.check(spec, pause, decision);
        ConvergenceResult result = ConvergenceRun.underEngine(spec, control).resume(pause, decision);
        Resumption.forget(spec, pause);
        return result;
    }

    /**
     * Continues a paused run as {@link #resume(Pause, GateDecision, RunControl)} does, but stops between two cycles
     * when {@code suspend} says so, as {@link #run(Context, RunControl, BooleanSupplier)} does.
     *
     * @param pause the paused run
     * @param decision the decision, for the pause's gate
     * @param control the run's control, from {@link #newControl(Pause)}
     * @param suspend asked between two cycles
     * @return the run's end, or its continuation
     * @throws IllegalArgumentException as {@link #resume(Pause, GateDecision, RunControl)}
     */
    public ConvergenceStep resume(Pause pause, GateDecision decision, RunControl control, BooleanSupplier suspend) {
        Preconditions.notNull(pause, "pause");
        Preconditions.notNull(decision, "decision");
        Preconditions.notNull(suspend, "suspend");
        Resumption.check(spec, pause, decision);
        ConvergenceStep step = ConvergenceRun.underEngine(spec, control).resume(pause, decision, suspend);
        Resumption.forget(spec, pause);
        return step;
    }

    /** Agents run on the caller's thread, or supervised on their own when there is a deadline to keep. */
    private AgentCalls.Mode onCaller() {
        return spec.timeBudget() != null ? AgentCalls.Mode.SUPERVISED : AgentCalls.Mode.CALLER;
    }

    /** @return the agents, in registration order */
    public List<ConvergenceAgent> agents() {
        return spec.agents();
    }

    /** @return the clock the engine's runs read their time from and wait on */
    public RunClock clock() {
        return spec.clock();
    }

    /** @return the engine's name */
    public String name() {
        return spec.name();
    }

    /** @return the agents' names, in registration order */
    public List<String> agentNames() {
        return spec.agentNames();
    }

    @Override
    public String toString() {
        return "ConvergenceEngine[" + spec.name() + ", agents=" + spec.agentNames() + "]";
    }

    /** Builds a {@link ConvergenceEngine}; every method refuses a bad value at once, naming it. */
    public static final class Builder {
        private String name = "converge";
        private final Map<String, ConvergenceAgent> agents = new LinkedHashMap<>();
        private @Nullable ProposalGate gate;
        private RejectionPolicy policy = RejectionPolicy.END_RUN;
        private final List<ContextInvariant> invariants = new ArrayList<>();
        private final List<ContextCriterion> criteria = new ArrayList<>();
        private int maxCycles = DEFAULT_MAX_CYCLES;
        private @Nullable Integer maxFacts;
        private TokenBudget tokenBudget = TokenBudget.UNLIMITED;
        private @Nullable Duration timeBudget;
        private @Nullable Double confidenceThreshold;
        private final Set<String> gatedKeys = new LinkedHashSet<>();
        private @Nullable GateStore<Pause> store;
        private final List<ConvergenceListener> listeners = new ArrayList<>();
        private RunClock clock = RunClock.system();
        private Duration interruptGrace = AgentConfig.DEFAULT_INTERRUPT_GRACE;

        private Builder() {}

        /** @param name the engine's name, for events and pauses; not blank @return this builder */
        public Builder name(String name) {
            this.name = Preconditions.notBlank(name, "name");
            return this;
        }

        /** @param agent the next agent; its name must be unique @return this builder */
        public Builder agent(ConvergenceAgent agent) {
            Preconditions.notNull(agent, "agent");
            String agentName = Preconditions.notBlank(agent.name(), "agent.name()");
            Preconditions.notNull(agent.trigger(), "agent \"" + agentName + "\".trigger()");
            if (agents.putIfAbsent(agentName, agent) != null) {
                throw new IllegalArgumentException("agent \"" + agentName + "\" is registered twice");
            }
            return this;
        }

        /** @param agents the next agents, in order; their names must be unique @return this builder */
        public Builder agents(ConvergenceAgent... agents) {
            for (ConvergenceAgent agent : Preconditions.notNull(agents, "agents")) {
                agent(agent);
            }
            return this;
        }

        /**
         * @param gate the check of every proposal that would change the context
         * @param policy what a rejection does
         * @return this builder
         */
        public Builder promotionGate(ProposalGate gate, RejectionPolicy policy) {
            this.gate = Preconditions.notNull(gate, "gate");
            this.policy = Preconditions.notNull(policy, "policy");
            return this;
        }

        /** @param invariant an invariant, checked after those of its class added before it @return this builder */
        public Builder invariant(ContextInvariant invariant) {
            invariants.add(Preconditions.notNull(invariant, "invariant"));
            return this;
        }

        /** @param criterion a success criterion @return this builder */
        public Builder criterion(ContextCriterion criterion) {
            criteria.add(Preconditions.notNull(criterion, "criterion"));
            return this;
        }

        /** @param maxCycles the cycle cap, > 0 ({@value #DEFAULT_MAX_CYCLES} by default) @return this builder */
        public Builder maxCycles(int maxCycles) {
            this.maxCycles = positive(maxCycles, "maxCycles");
            return this;
        }

        /** @param maxFacts the most facts the context may hold, > 0 @return this builder */
        public Builder maxFacts(int maxFacts) {
            this.maxFacts = positive(maxFacts, "maxFacts");
            return this;
        }

        /** @param budget the caps on the tokens the agents consume @return this builder */
        public Builder tokenBudget(TokenBudget budget) {
            this.tokenBudget = Preconditions.notNull(budget, "tokenBudget");
            return this;
        }

        /** @param budget the wall-clock budget, > 0; agents then run supervised @return this builder */
        public Builder timeBudget(Duration budget) {
            Preconditions.notNull(budget, "timeBudget");
            if (budget.isNegative() || budget.isZero()) {
                throw new IllegalArgumentException("timeBudget must be > 0, was " + budget);
            }
            this.timeBudget = budget;
            return this;
        }

        /** @param threshold proposals below this confidence wait for a person; in (0, 1] @return this builder */
        public Builder confidenceThreshold(double threshold) {
            if (!(threshold > 0 && threshold <= 1)) {
                throw new IllegalArgumentException("confidenceThreshold must be in (0, 1], was " + threshold);
            }
            this.confidenceThreshold = threshold;
            return this;
        }

        /** @param keys keys whose proposals always wait for a person @return this builder */
        public Builder gatedKeys(String... keys) {
            for (String key : Preconditions.notNull(keys, "gatedKeys")) {
                gatedKeys.add(Preconditions.notBlank(key, "gatedKeys element"));
            }
            return this;
        }

        /**
         * @param store where pauses are saved when a run pauses (and deleted once resumed), such as
         *     {@code FileGateStore.in(directory, PauseJson.ofDefaults())}
         * @return this builder
         */
        public Builder pauseStore(GateStore<Pause> store) {
            this.store = Preconditions.notNull(store, "pauseStore");
            return this;
        }

        /**
         * @param clock the clock the runs read their time from and wait on ({@link RunClock#system()} by default)
         * @return this builder
         */
        public Builder clock(RunClock clock) {
            this.clock = Preconditions.notNull(clock, "clock");
            return this;
        }

        /**
         * @param grace how long an agent's turn may take to end once interrupted (at the deadline, on cancellation)
         *     before it is abandoned, >= 0; {@link AgentConfig#DEFAULT_INTERRUPT_GRACE} by default
         * @return this builder
         */
        public Builder interruptGrace(Duration grace) {
            this.interruptGrace = Preconditions.nonNegative(grace, "interruptGrace");
            return this;
        }

        /** @param listener a listener of the runs' events @return this builder */
        public Builder listener(ConvergenceListener listener) {
            listeners.add(Preconditions.notNull(listener, "listener"));
            return this;
        }

        /** @return the engine @throws IllegalStateException when no agent was added */
        public ConvergenceEngine build() {
            if (agents.isEmpty()) {
                throw new IllegalStateException("a convergence engine needs at least one agent; add one with agent()");
            }
            return new ConvergenceEngine(new EngineSpec(name, List.copyOf(agents.values()), gate, policy,
                    List.copyOf(invariants), List.copyOf(criteria), maxCycles, maxFacts, tokenBudget, timeBudget,
                    confidenceThreshold, Collections.unmodifiableSet(new LinkedHashSet<>(gatedKeys)), store,
                    List.copyOf(listeners), Context::view, Context::copyOf, clock, interruptGrace));
        }

        private static int positive(int value, String field) {
            if (value <= 0) {
                throw new IllegalArgumentException(field + " must be > 0, was " + value);
            }
            return value;
        }
    }
}
