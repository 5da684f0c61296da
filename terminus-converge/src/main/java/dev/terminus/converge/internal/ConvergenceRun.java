package dev.terminus.converge.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.InvariantClass;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.CriterionResult;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.control.RunControl;
import dev.terminus.converge.Context;
import dev.terminus.converge.ContextCriterion;
import dev.terminus.converge.ContextInvariant;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceContinuation;
import dev.terminus.converge.ConvergenceEvent;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.converge.ConvergenceStep;
import dev.terminus.converge.Pause;
import dev.terminus.converge.ProposedFact;
import dev.terminus.converge.RejectedProposal;
import dev.terminus.converge.Reply;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * One run of an engine, on its coordinating thread: cycles of proposing (the triggered agents, in registration
 * order, all reading the context as it was at the start of the cycle) and merging (their proposals by agent, then
 * key), each cycle ending with the semantic invariants, the criteria and the convergence check.
 */
public final class ConvergenceRun {
    private static final Comparator<ProposedFact> BY_KEY = Comparator.comparing(ProposedFact::key);

    private final EngineSpec spec;
    private final RunControl control;
    private final AgentCalls.Mode mode;
    private final RunState state;
    private final Events events;
    private final Merges merges;
    private final List<ContextInvariant> semantic;
    private final List<ContextInvariant> acceptance;
    /** Asked between two cycles (never before this run's first): whether the run stops there, to go on elsewhere. */
    private BooleanSupplier suspend = () -> false;

    /**
     * @param spec the engine
     * @param control the run's clock and cancellation
     * @param mode where the agents' turns run
     */
    public ConvergenceRun(EngineSpec spec, RunControl control, AgentCalls.Mode mode) {
        this.spec = spec;
        this.control = control;
        this.mode = mode;
        this.state = new RunState(spec);
        this.events = new Events(spec.listeners());
        this.merges = new Merges(spec, control, state, events);
        this.semantic = spec.invariants(InvariantClass.SEMANTIC);
        this.acceptance = spec.invariants(InvariantClass.ACCEPTANCE);
    }

    /**
     * @param spec the engine
     * @param control a control the caller's engine drives
     * @return a run whose agents' turns run on the caller's thread under that control
     * @throws IllegalArgumentException when the control reads another clock than the engine's
     */
    public static ConvergenceRun underEngine(EngineSpec spec, RunControl control) {
        Preconditions.notNull(control, "control");
        if (control.clock() != spec.clock()) {
            throw new IllegalArgumentException("the control reads " + control.clock() + ", but engine \""
                    + spec.name() + "\" reads " + spec.clock() + ": make the control with the engine's newControl()");
        }
        return new ConvergenceRun(spec, control, AgentCalls.Mode.ENGINE);
    }

    /**
     * Runs from an initial context to the end. Never throws for anything that happens inside the run.
     *
     * @param initial the facts the run starts with
     * @return the result
     */
    public ConvergenceResult run(Context initial) {
        return ended(run(initial, () -> false));
    }

    /**
     * Runs from an initial context to its end, or to the first boundary between two cycles where {@code suspend}
     * says to stop. Never throws for anything that happens inside the run.
     *
     * @param initial the facts the run starts with
     * @param suspend asked between two cycles
     * @return where the run stopped
     */
    public ConvergenceStep run(Context initial, BooleanSupplier suspend) {
        this.suspend = suspend;
        return execute(false, 0, () -> {
            initial.facts().forEach(fact -> state.working.put(fact.key(), fact));
            return overFactBudget();
        }, () -> cycles(null));
    }

    /**
     * Goes on from a continuation (already checked to be of this engine) with its next cycle, as the run that
     * suspended to it would have. Never throws for anything that happens inside the run.
     *
     * @param from where the run stopped
     * @param suspend asked between two cycles (never before the first cycle this run starts)
     * @return where the run stopped
     */
    public ConvergenceStep proceed(ConvergenceContinuation from, BooleanSupplier suspend) {
        this.suspend = suspend;
        return execute(true, from.cycles(), () -> {
            state.restore(from);
            return null;
        }, () -> cycles(null));
    }

    private static ConvergenceResult ended(ConvergenceStep step) {
        return ((ConvergenceStep.Ended) step).result();
    }

    /**
     * Continues a paused run with a person's decision on its staged proposal (already checked to be for its gate and
     * this engine). Never throws for anything that happens inside the run: the pause is restored inside it, and the
     * clock and cancellation are checked before the decision is applied, so a pause already past the time budget
     * ends {@code TimeBudgetExhausted} without merging its staged proposal.
     *
     * @param pause the pause
     * @param decision the decision
     * @return the result
     */
    public ConvergenceResult resume(Pause pause, GateDecision decision) {
        return ended(resume(pause, decision, () -> false));
    }

    /**
     * Continues a paused run as {@link #resume(Pause, GateDecision)} does, to its end or to the first boundary between
     * two cycles where {@code suspend} says to stop.
     *
     * @param pause the pause
     * @param decision the decision
     * @param suspend asked between two cycles
     * @return where the run stopped
     */
    public ConvergenceStep resume(Pause pause, GateDecision decision, BooleanSupplier suspend) {
        this.suspend = suspend;
        return execute(true, pause.cycle(), () -> {
            state.restore(pause);
            Termination stop = control.checkBetweenSteps();
            return stop != null ? stop : overFactBudget();
        }, () -> {
            Candidate staged = new Candidate(pause.staged());
            switch (decision) {
                case GateDecision.Approve approve -> {
                    state.approved.add(pause.staged().id());
                    Termination stop = merges.merge(staged);
                    if (stop != null) {
                        return stop;
                    }
                }
                case GateDecision.Reject reject -> merges.reject(
                        new RejectedProposal(pause.staged(), reject.reason(), RejectedProposal.By.PERSON));
                case GateDecision.ApproveWithArguments edited ->
                        throw new IllegalStateException("ConvergenceEngine.resume refuses " + edited);
                case GateDecision.Answer answer ->
                        throw new IllegalStateException("ConvergenceEngine.resume refuses " + answer);
            }
            List<Candidate> remaining = new ArrayList<>(pause.remaining().size());
            pause.remaining().forEach(proposal -> remaining.add(new Candidate(proposal)));
            return cycles(remaining);
        });
    }

    private @Nullable Termination overFactBudget() {
        Integer maxFacts = spec.maxFacts();
        return maxFacts != null && state.working.size() > maxFacts
                ? new Termination.FactBudgetExhausted(state.working.size(), maxFacts) : null;
    }

    /** The start of a run: a stop, or null to go on. */
    private interface Start {
        @Nullable Termination run();
    }

    /** The cycles of a run: how it ended, or null when it stopped between two cycles to go on elsewhere. */
    private interface Body {
        @Nullable Termination run();
    }

    private ConvergenceStep execute(boolean resumed, int startCycle, Start start, Body body) {
        Termination termination;
        try {
            events.publish(() -> new ConvergenceEvent.RunStarted(spec.name(), startCycle, resumed));
            Termination stop = start.run();
            termination = stop != null ? stop : body.run();
            if (termination == null) {
                // suspended between two cycles: the run goes on elsewhere, and ends there
                return new ConvergenceStep.Suspended(state.continuation(control.elapsed()));
            }
        } catch (Exception e) { // an Error passes: no RunFinished for it (ADR 0022)
            termination = Termination.Failed.of(e, ErrorCategory.INTERNAL);
        }
        if (mode != AgentCalls.Mode.ENGINE && (termination instanceof Termination.Cancelled || control.isStopped())) {
            Thread.interrupted(); // the listeners hear the end on a thread no longer interrupted; run() restores it
        }
        ConvergenceResult result = ConvergenceResult.builder().termination(termination).context(state.snapshot())
                .cycles(state.cycle).factsMerged(state.factsMerged).usage(state.usage).rejected(state.rejected)
                .duration(control.elapsed()).pause(state.pause).stoppedBy(state.stoppedBy).build();
        events.publish(() -> new ConvergenceEvent.RunFinished(spec.name(), result));
        return new ConvergenceStep.Ended(result);
    }

    /** @return how the run ended, or null when it stopped between two cycles because {@link #suspend} said so */
    private @Nullable Termination cycles(@Nullable List<Candidate> resumedWork) {
        List<Candidate> work = resumedWork;
        // a run never suspends before its first cycle: a part that made no progress would suspend again and again
        boolean first = resumedWork == null;
        while (true) {
            if (work == null) {
                if (!first && suspend.getAsBoolean()) {
                    return null;
                }
                first = false;
                Termination stop = control.checkBetweenSteps();
                if (stop != null) {
                    return stop;
                }
                if (state.cycle >= spec.maxCycles()) {
                    return new Termination.MaxIterationsReached(spec.maxCycles(), state.cycle);
                }
                state.nextCycle();
                work = new ArrayList<>();
                stop = propose(work);
                if (stop != null) {
                    return stop;
                }
            }
            Termination stop = merges.mergeAll(work);
            if (stop != null) {
                return stop;
            }
            work = null;
            stop = endCycle();
            if (stop != null) {
                return stop;
            }
        }
    }

    private @Nullable Termination propose(List<Candidate> work) {
        List<ConvergenceAgent> active = new ArrayList<>(spec.agents().size());
        for (ConvergenceAgent agent : spec.agents()) {
            if (state.cycle == 1 || agent.trigger().firesOn(state.changedBefore)) {
                active.add(agent);
            }
        }
        int cycle = state.cycle;
        events.publish(() -> new ConvergenceEvent.CycleStarted(spec.name(), cycle,
                active.stream().map(ConvergenceAgent::name).toList()));
        Context seen = state.snapshot();
        for (ConvergenceAgent agent : active) {
            Termination stop = control.checkBetweenSteps();
            if (stop == null) {
                stop = TokenChecks.exhausted(spec.tokenBudget(), state.usage, true);
            }
            if (stop != null) {
                return stop;
            }
            stop = answer(agent, AgentCalls.call(agent, seen, cycle, control, mode,
                    spec.interruptGrace().toNanos()), work);
            if (stop != null) {
                return stop;
            }
        }
        return null;
    }

    private @Nullable Termination answer(ConvergenceAgent agent, AgentCalls.Outcome outcome, List<Candidate> work) {
        return switch (outcome) {
            case AgentCalls.Stopped stopped -> stopped.termination();
            case AgentCalls.Threw threw -> stoppedBy(agent, Termination.Failed.of(threw.error(), ErrorCategory.INTERNAL));
            case AgentCalls.Replied replied when replied.reply() == null -> stoppedBy(agent, Termination.Failed.of(
                    new NullPointerException("agent \"" + agent.name() + "\" answered null instead of a Reply"),
                    ErrorCategory.INTERNAL));
            case AgentCalls.Replied replied -> {
                Reply reply = replied.reply();
                state.usage = state.usage.plus(reply.usage());
                yield switch (reply) {
                    case Reply.Refuse refuse -> stoppedBy(agent, new Termination.AgentRefused(agent.name(),
                            refuse.reason()));
                    case Reply.Fail fail -> stoppedBy(agent, fail.termination());
                    case Reply.Stop stop -> stoppedBy(agent, stop.termination());
                    case Reply.Propose propose -> {
                        Termination over = TokenChecks.exhausted(spec.tokenBudget(), state.usage, false);
                        if (over == null) {
                            collect(agent.name(), propose.facts(), work);
                        }
                        yield over;
                    }
                };
            }
        };
    }

    /** An end the agent's answer caused: the result names the agent. */
    private Termination stoppedBy(ConvergenceAgent agent, Termination termination) {
        state.stoppedBy = agent.name();
        return termination;
    }

    private static void collect(String agent, List<ProposedFact> facts, List<Candidate> work) {
        List<ProposedFact> ordered = facts;
        if (!sorted(facts)) {
            ordered = new ArrayList<>(facts);
            ordered.sort(BY_KEY);
        }
        for (ProposedFact fact : ordered) {
            work.add(new Candidate(agent, fact));
        }
    }

    /** Most agents propose in a stable order, often sorted already: checking is cheaper than sorting. */
    private static boolean sorted(List<ProposedFact> facts) {
        for (int i = 1; i < facts.size(); i++) {
            if (facts.get(i - 1).key().compareTo(facts.get(i).key()) > 0) {
                return false;
            }
        }
        return true;
    }

    private @Nullable Termination endCycle() {
        Context context = state.snapshot();
        Termination violated = Merges.violation(semantic, InvariantClass.SEMANTIC, context);
        if (violated != null) {
            return violated;
        }
        boolean quiet = state.changed.isEmpty();
        List<String> met = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        List<String> refs = new ArrayList<>();
        for (ContextCriterion criterion : spec.criteria()) {
            CriterionResult result = criterion.evaluate(context);
            switch (result) {
                case CriterionResult.Met ignored -> met.add(criterion.name());
                case CriterionResult.NotMet ignored -> missing.add(criterion.name());
                case CriterionResult.Blocked blocked -> {
                    missing.add(criterion.name());
                    refs.add(blocked.approvalRef());
                }
                case null -> throw new NullPointerException("criterion \"" + criterion.name() + "\" answered null");
            }
        }
        int cycle = state.cycle;
        List<String> changedKeys = List.copyOf(state.changed);
        events.publish(() -> new ConvergenceEvent.CycleFinished(spec.name(), cycle, changedKeys));
        boolean allMet = !spec.criteria().isEmpty() && missing.isEmpty();
        if (!quiet && !allMet) {
            return null;
        }
        violated = Merges.violation(acceptance, InvariantClass.ACCEPTANCE, context);
        if (violated != null) {
            return violated;
        }
        if (spec.criteria().isEmpty()) {
            return new Termination.Converged(cycle);
        }
        return allMet ? new Termination.CriteriaMet(met) : new Termination.HumanInterventionRequired(missing, refs);
    }
}
