package dev.terminus.temporal.internal;

import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import dev.terminus.temporal.wire.ConvergenceActivities;
import dev.terminus.temporal.wire.ConvergenceReply;
import dev.terminus.temporal.wire.ConvergenceTurn;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The workflow's stand-in for a convergence agent: its name and trigger are the real agent's, its turns are the turn
 * activity's. With a {@link ContextLedger}, a turn refers to its context instead of carrying it (ADR 0043).
 */
public final class ActivityConvergenceAgent implements ConvergenceAgent {
    private final String engineName;
    private final String name;
    private final Trigger trigger;
    private final ActivityCalls calls;
    private final @Nullable ContextLedger ledger;

    /**
     * @param engineName the engine whose agent it is
     * @param real the real agent (only its name and trigger are read here)
     * @param calls how turns are made
     */
    public ActivityConvergenceAgent(String engineName, ConvergenceAgent real, ActivityCalls calls) {
        this(engineName, real, calls, null);
    }

    /**
     * @param engineName the engine whose agent it is
     * @param real the real agent (only its name and trigger are read here)
     * @param calls how turns are made
     * @param ledger the run's log of facts, which turns refer to; null to carry the context in every turn
     */
    ActivityConvergenceAgent(String engineName, ConvergenceAgent real, ActivityCalls calls,
            @Nullable ContextLedger ledger) {
        this.engineName = engineName;
        this.name = real.name();
        this.trigger = real.trigger();
        this.calls = calls;
        this.ledger = ledger;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Trigger trigger() {
        return trigger;
    }

    /** A null answer of the real agent is passed on: the engine reports that defect as it would in one process. */
    @Override
    public Reply propose(Context context, int cycle) throws Exception {
        ConvergenceTurn turn = ledger == null ? new ConvergenceTurn(engineName, name, context.facts(), cycle)
                : new ConvergenceTurn(engineName, name, List.of(), cycle, ledger.refer(context));
        @Nullable ConvergenceReply answer = calls.call(ConvergenceActivities.class, ActivityCalls.Kind.TURN,
                activities -> activities.propose(turn));
        return answer == null ? null : answer.reply();
    }

    @Override
    public String toString() {
        return "ActivityConvergenceAgent[" + engineName + "/" + name + "]";
    }
}
