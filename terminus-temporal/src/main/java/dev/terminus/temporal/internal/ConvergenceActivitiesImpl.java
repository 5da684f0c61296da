package dev.terminus.temporal.internal;

import dev.terminus.agent.control.RunClock;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.Reply;
import dev.terminus.temporal.ConvergenceMaterials;
import dev.terminus.temporal.ConvergenceRecipes;
import dev.terminus.temporal.wire.ConvergenceActivities;
import dev.terminus.temporal.wire.ConvergenceReply;
import dev.terminus.temporal.wire.ConvergenceTurn;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The turn activity of the engines of some {@link ConvergenceRecipes}: each engine is built once by its recipe on its
 * real agents and the system clock, and its agents are asked from there.
 */
public final class ConvergenceActivitiesImpl implements ConvergenceActivities {
    private final ConvergenceRecipes recipes;
    private final Map<String, ConvergenceEngine> engines = new ConcurrentHashMap<>();

    /** @param recipes the engines */
    public ConvergenceActivitiesImpl(ConvergenceRecipes recipes) {
        this.recipes = recipes;
    }

    @Override
    public @Nullable ConvergenceReply propose(ConvergenceTurn turn) {
        ConvergenceAgent agent = agent(turn.engineName(), turn.agentName());
        Reply reply;
        try {
            reply = agent.propose(turn.context(), turn.cycle());
        } catch (Exception e) {
            throw CallFailures.toFailure(e);
        }
        return reply == null ? null : ConvergenceReply.of(reply);
    }

    private ConvergenceAgent agent(String engineName, String agentName) {
        try {
            ConvergenceEngine engine = engines.computeIfAbsent(engineName, key -> {
                ConvergenceRecipes.Registered registered = recipes.registered(key);
                return registered.recipe().build(new ConvergenceMaterials(registered.agents(), RunClock.system()));
            });
            for (ConvergenceAgent agent : engine.agents()) {
                if (agent.name().equals(agentName)) {
                    return agent;
                }
            }
            throw new IllegalArgumentException("convergence engine \"" + engineName + "\" has no agent \"" + agentName
                    + "\"; its agents: " + engine.agentNames());
        } catch (RuntimeException e) {
            throw CallFailures.toFailure(e);
        }
    }
}
