package dev.terminus.temporal.internal;

import dev.terminus.agent.Agent;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.RunClock;
import dev.terminus.temporal.AgentActivities;
import dev.terminus.temporal.AgentMaterials;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.IdempotencyKey;
import dev.terminus.temporal.ModelAnswer;
import dev.terminus.temporal.ModelCall;
import dev.terminus.temporal.ModelCallSequence;
import dev.terminus.temporal.ToolInvocation;
import io.temporal.activity.Activity;
import io.temporal.client.ActivityCompletionException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The activities of the agents of some {@link AgentRecipes}: each agent is built once by its recipe on its real model
 * and tools and the system clock, and its model and tools are called from there, on the activity's thread, while
 * {@link Heartbeats} heartbeat for it and interrupt the call when Temporal ends the activity (its cancellation, its
 * timeout, its workflow's end, the worker's shutdown).
 */
public final class AgentActivitiesImpl implements AgentActivities {
    private final AgentRecipes recipes;
    private final Map<String, Agent> agents = new ConcurrentHashMap<>();

    /** @param recipes the agents */
    public AgentActivitiesImpl(AgentRecipes recipes) {
        this.recipes = recipes;
    }

    @Override
    public ModelAnswer chat(ModelCall call) {
        Agent agent = agent(call.agentName());
        try {
            return ModelAnswer.of(Heartbeats.around(Activity.getExecutionContext(),
                    () -> ModelCallSequence.with(call.sequence(), () -> agent.model().chat(call.request()))));
        } catch (ActivityCompletionException e) {
            throw e;
        } catch (Exception e) {
            throw CallFailures.toFailure(e);
        }
    }

    @Override
    public String callTool(ToolInvocation call) {
        Agent agent = agent(call.agentName());
        Tool tool = agent.tools().get(call.toolName());
        if (tool == null) {
            throw CallFailures.toFailure(new IllegalArgumentException("agent \"" + call.agentName()
                    + "\" has no tool \"" + call.toolName() + "\"; its tools: " + agent.tools().keySet()));
        }
        try {
            return Tools.resultText(Heartbeats.around(Activity.getExecutionContext(),
                    () -> IdempotencyKey.with(call.idempotencyKey(), () -> tool.call(call.arguments(), call.run()))));
        } catch (ActivityCompletionException e) {
            throw e;
        } catch (Exception e) {
            throw CallFailures.toFailure(e);
        }
    }

    private Agent agent(String name) {
        try {
            return agents.computeIfAbsent(name, key -> {
                AgentRecipes.Registered registered = recipes.registered(key);
                return registered.recipe().build(
                        new AgentMaterials(registered.model(), registered.tools(), RunClock.system()));
            });
        } catch (RuntimeException e) {
            throw CallFailures.toFailure(e);
        }
    }
}
