package dev.terminus.temporal.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Tool;
import dev.terminus.agent.control.RunClock;
import dev.terminus.temporal.AgentActivities;
import dev.terminus.temporal.AgentMaterials;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.IdempotencyKey;
import dev.terminus.temporal.ModelAnswer;
import dev.terminus.temporal.ModelCall;
import dev.terminus.temporal.ToolInvocation;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The activities of the agents of some {@link AgentRecipes}: each agent is built once by its recipe on its real model
 * and tools and the system clock, and its model and tools are called from there.
 */
public final class AgentActivitiesImpl implements AgentActivities {
    /**
     * Writes a tool's value as the loop writes it in one process (its writer is the agent module's implementation,
     * so its settings are repeated here): java.time values as ISO-8601 strings, Optional as its value or null.
     * {@code AgentWorkflowTest} checks that a value reaches the model as the same text both ways.
     */
    private static final ObjectMapper RESULTS = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(new Jdk8Module())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .build();

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
            return ModelAnswer.of(agent.model().chat(call.request()));
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
            return text(IdempotencyKey.with(call.idempotencyKey(), () -> tool.call(call.arguments(), call.run())));
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

    private static String text(@Nullable Object value) throws JsonProcessingException {
        if (value == null) {
            return "";
        }
        return value instanceof String s ? s : RESULTS.writeValueAsString(value);
    }
}
