package dev.terminus.agent.internal;

import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentHook;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.UserSimulator;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ToolSpec;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Everything an agent is made of, validated and frozen by {@code Agent.Builder}.
 *
 * @param model the model
 * @param config the settings
 * @param tools the tools by name, in registration order
 * @param toolSpecs the specs of the tools, in registration order (what the model is offered)
 * @param hooks the hooks, in order
 * @param listeners the listeners, in order
 * @param userSimulator the user simulator, or null
 * @param completion the completion predicate, or null
 * @param completionCheck when the predicate is asked
 */
public record AgentSpec(Model model, AgentConfig config, Map<String, Tool> tools, List<ToolSpec> toolSpecs,
        List<AgentHook> hooks, List<AgentListener> listeners, @Nullable UserSimulator userSimulator,
        @Nullable Predicate<RunContext> completion, CompletionCheck completionCheck) {}
