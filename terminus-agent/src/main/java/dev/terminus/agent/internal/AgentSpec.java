package dev.terminus.agent.internal;

import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentHook;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.UserSimulator;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ToolSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Everything an agent is made of, validated and frozen by {@code AgentBuilder}.
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
 * @param rules structured output, compaction, approvals, invariants, criteria and the promotion gate
 * @param clock the clock the agent's runs read and wait on
 * @param argumentChecks the tools with their argument schemas compiled, by tool name (internal; see
 *     {@code ArgumentCheck})
 * @param maxHandoffs how many times a run that starts with this agent may be handed from one agent to another
 */
public record AgentSpec(Model model, AgentConfig config, Map<String, Tool> tools, List<ToolSpec> toolSpecs,
        List<AgentHook> hooks, List<AgentListener> listeners, @Nullable UserSimulator userSimulator,
        @Nullable Predicate<RunContext> completion, CompletionCheck completionCheck, RunRules rules, RunClock clock,
        Map<String, ?> argumentChecks, int maxHandoffs) {

    /** How many times a run may be handed from one agent to another, unless the agent says otherwise. */
    public static final int DEFAULT_MAX_HANDOFFS = 10;

    /**
     * The spec, with the tools' argument schemas compiled once.
     *
     * @param model the model
     * @param config the settings
     * @param tools the tools by name, in registration order
     * @param toolSpecs the specs of the tools, in registration order
     * @param hooks the hooks, in order
     * @param listeners the listeners, in order
     * @param userSimulator the user simulator, or null
     * @param completion the completion predicate, or null
     * @param completionCheck when the predicate is asked
     * @param rules structured output, compaction, approvals, invariants, criteria and the promotion gate
     * @param clock the clock the agent's runs read and wait on
     */
    public AgentSpec(Model model, AgentConfig config, Map<String, Tool> tools, List<ToolSpec> toolSpecs,
            List<AgentHook> hooks, List<AgentListener> listeners, @Nullable UserSimulator userSimulator,
            @Nullable Predicate<RunContext> completion, CompletionCheck completionCheck, RunRules rules,
            RunClock clock) {
        this(model, config, tools, toolSpecs, hooks, listeners, userSimulator, completion, completionCheck, rules,
                clock, compile(tools), DEFAULT_MAX_HANDOFFS);
    }

    /**
     * @param max how many times a run of this agent may be handed from one agent to another
     * @return this spec with that bound
     */
    public AgentSpec withMaxHandoffs(int max) {
        return new AgentSpec(model, config, tools, toolSpecs, hooks, listeners, userSimulator, completion,
                completionCheck, rules, clock, argumentChecks, max);
    }

    /**
     * @param settings other settings (an engine's tighter token budget, say)
     * @return this spec with those settings
     */
    public AgentSpec withConfig(AgentConfig settings) {
        return new AgentSpec(model, settings, tools, toolSpecs, hooks, listeners, userSimulator, completion,
                completionCheck, rules, clock, argumentChecks, maxHandoffs);
    }

    /**
     * The spec a run goes on with when it is handed to this agent: the run's listeners (the first agent's, which
     * heard the run start) instead of this agent's, and no handoff tools once the run has used its handoffs.
     *
     * @param runListeners the listeners of the run
     * @param handoffsLeft whether the run may be handed over again
     * @return the spec
     */
    AgentSpec forHandoff(List<AgentListener> runListeners, boolean handoffsLeft) {
        if (handoffsLeft) {
            return new AgentSpec(model, config, tools, toolSpecs, hooks, runListeners, userSimulator, completion,
                    completionCheck, rules, clock, argumentChecks, maxHandoffs);
        }
        Map<String, Tool> kept = new java.util.LinkedHashMap<>();
        tools.forEach((name, tool) -> {
            if (!(tool instanceof HandoffTool)) {
                kept.put(name, tool);
            }
        });
        return new AgentSpec(model, config, java.util.Collections.unmodifiableMap(kept),
                kept.values().stream().map(Tool::spec).toList(), hooks, runListeners, userSimulator, completion,
                completionCheck, rules, clock).withMaxHandoffs(maxHandoffs);
    }

    /**
     * The agent that holds a run of this agent's once it was handed over (a checkpoint or a continuation names it):
     * this agent, or one its handoffs reach, directly or through other agents' handoffs, with this agent's listeners
     * and bound, and without handoff tools when the run's transcript shows it used its handoffs. When none has the
     * name, this agent, which then refuses the run for its name.
     *
     * @param agentName the name of the agent that holds the run
     * @param transcript the run's transcript so far, which shows the handoffs it made
     * @return that agent's spec, ready to go on with the run
     */
    public AgentSpec holderOf(String agentName, List<dev.terminus.Message> transcript) {
        int used = Handoffs.used(transcript);
        boolean left = used < maxHandoffs;
        if (config.name().equals(agentName)) {
            return left || used == 0 ? this : forHandoff(listeners, false);
        }
        java.util.ArrayDeque<AgentSpec> toVisit = new java.util.ArrayDeque<>(List.of(this));
        java.util.Set<String> seen = new java.util.HashSet<>(List.of(config.name()));
        while (!toVisit.isEmpty()) {
            for (Tool tool : toVisit.removeFirst().tools().values()) {
                if (tool instanceof HandoffTool handoff && seen.add(handoff.targetName())) {
                    AgentSpec target = handoff.target();
                    if (target.config().name().equals(agentName)) {
                        return target.forHandoff(listeners, left).withMaxHandoffs(maxHandoffs);
                    }
                    toVisit.add(target);
                }
            }
        }
        return this;
    }

    /** @return whether the agent can hand a run over ({@link HandoffTool}) */
    boolean hasHandoffs() {
        for (Tool tool : tools.values()) {
            if (tool instanceof HandoffTool) {
                return true;
            }
        }
        return false;
    }

    /** @return whether one of the agent's tools is an agent ({@link SubAgentTool}) */
    boolean hasAgentTools() {
        for (Tool tool : tools.values()) {
            if (tool instanceof SubAgentTool) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, ArgumentCheck.Compiled> compile(Map<String, Tool> tools) {
        Map<String, ArgumentCheck.Compiled> compiled = new HashMap<>();
        tools.forEach((name, tool) -> compiled.put(name,
                new ArgumentCheck.Compiled(tool, ArgumentCheck.compile(tool.spec().parameters()))));
        return compiled;
    }

    /**
     * @param listener one more listener, after the agent's own
     * @return this spec with that listener too (for one run: a stream's buffer)
     */
    public AgentSpec withListener(AgentListener listener) {
        List<AgentListener> more = new java.util.ArrayList<>(listeners);
        more.add(listener);
        return new AgentSpec(model, config, tools, toolSpecs, hooks, List.copyOf(more), userSimulator, completion,
                completionCheck, rules, clock, argumentChecks, maxHandoffs);
    }

    /**
     * @return whether the model or a tool is declared not to answer interrupts, so some calls may run on threads of
     *     their own
     */
    boolean hasUninterruptibleCalls() {
        if (!model.interruptible()) {
            return true;
        }
        for (Tool tool : tools.values()) {
            if (!tool.interruptible()) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return the tool of a name with its compiled argument check (the tool {@link #tools()} has for the name), or
     *     null when there is none
     */
    ArgumentCheck.@Nullable Compiled compiledTool(String toolName) {
        return (ArgumentCheck.Compiled) argumentChecks.get(toolName);
    }
}
