package dev.terminus.temporal.internal;

import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import dev.terminus.temporal.wire.ConvergenceActivities;
import dev.terminus.temporal.wire.ConvergenceReply;
import dev.terminus.temporal.wire.ConvergenceTurn;
import org.jspecify.annotations.Nullable;

/**
 * The workflow's stand-in for a convergence agent: its name and trigger are the real agent's, its turns are the turn
 * activity's.
 */
public final class ActivityConvergenceAgent implements ConvergenceAgent {
    private final String engineName;
    private final String name;
    private final Trigger trigger;
    private final ActivityCalls calls;

    /**
     * @param engineName the engine whose agent it is
     * @param real the real agent (only its name and trigger are read here)
     * @param calls how turns are made
     */
    public ActivityConvergenceAgent(String engineName, ConvergenceAgent real, ActivityCalls calls) {
        this.engineName = engineName;
        this.name = real.name();
        this.trigger = real.trigger();
        this.calls = calls;
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
        ConvergenceTurn turn = new ConvergenceTurn(engineName, name, context.facts(), cycle);
        @Nullable ConvergenceReply answer = calls.call(ConvergenceActivities.class, ActivityCalls.Kind.TURN,
                activities -> activities.propose(turn));
        return answer == null ? null : answer.reply();
    }

    @Override
    public String toString() {
        return "ActivityConvergenceAgent[" + engineName + "/" + name + "]";
    }
}
