package dev.terminus.temporal.internal;

import dev.terminus.agent.Agent;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.temporal.AgentMaterials;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.AgentRunInput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agents of one workflow execution's run, built on proxies: the run's own agent and the agents its tree names
 * ({@link AgentMaterials#agent(String)}: agents offered as tools, agents the run is handed to), each on a model and
 * tools whose calls are activities naming that agent, and all on one {@link WorkflowClock}, so that a child's control
 * and a handed-over run read the workflow's time. Each agent's model numbers its own calls; the numbers go on across
 * a continue-as-new ({@link AgentRunInput#agentModelCalls()}). Their answers and tool calls share one
 * {@link RunPaths}, so a tool activity's idempotency key names the run of the tree that made the call. An agent of the
 * tree other than the run's own may not have served tools (their specs would need an activity of their own before its
 * first run).
 */
final class WorkflowAgents {
    private final AgentRecipes recipes;
    private final String key;
    private final AgentRunInput input;
    private final Map<String, ActivityModel> models = new LinkedHashMap<>();
    private final TreeAgents tree;
    private final Agent root;

    /**
     * Builds the run's own agent (and the agents its recipe names at once).
     *
     * @param recipes the worker's agents
     * @param key the run's agent's key
     * @param registered the run's agent
     * @param served the specs of the run's agent's served tools
     * @param calls how calls are made
     * @param ledger the workflow's transcript references
     * @param input the run's input: where each agent's model calls are numbered from
     * @throws IllegalArgumentException naming the agent whose recipe cannot be built on the materials
     */
    WorkflowAgents(AgentRecipes recipes, String key, AgentRecipes.Registered registered, List<ToolSpec> served,
            ActivityCalls calls, TranscriptLedger ledger, AgentRunInput input) {
        this.recipes = recipes;
        this.key = key;
        this.input = input;
        WorkflowClock clock = new WorkflowClock();
        RunPaths paths = new RunPaths();
        this.tree = new TreeAgents(name -> name.equals(key) ? registered : recipes.registered(name),
                (name, agent, agents) -> {
                    boolean own = name.equals(key);
                    if (!own && agent.served() != null) {
                        throw new IllegalArgumentException("agent \"" + name + "\" has tools a worker serves (an MCP"
                                + " server's): in a workflow only the run's own agent may have them, not an agent it"
                                + " offers as a tool or hands the run to");
                    }
                    List<Tool> tools = new ArrayList<>();
                    for (Tool tool : agent.tools()) {
                        tools.add(new ActivityTool(name, tool.spec(), calls, ledger, paths));
                    }
                    if (own) {
                        for (ToolSpec spec : served) {
                            tools.add(new ActivityTool(name, spec, calls, ledger, paths));
                        }
                    }
                    long first = own ? input.modelCalls() : input.agentModelCalls().getOrDefault(name, 0L);
                    ActivityModel model = new ActivityModel(name, agent.model(), calls, ledger, first, paths);
                    models.put(name, model);
                    return new AgentMaterials(model.forLoop(), tools, clock, agents);
                });
        this.root = tree.apply(key);
    }

    /** @return the run's own agent */
    Agent root() {
        return root;
    }

    /**
     * The agent a continuation names (by its configured name): the run's own, one of the tree built in this execution,
     * the agent registered under that name, or else the first registered agent (by name, so every replay tries them
     * in one order) whose recipe
     * builds an agent of that configured name, as a lazy handoff would (a handed-to agent may be registered under
     * another name than its own).
     *
     * @param configName the agent's configured name
     * @return the agent
     * @throws IllegalArgumentException when no registered agent has that name, or it cannot be built
     */
    Agent agentNamed(String configName) {
        if (root.config().name().equals(configName)) {
            return root;
        }
        String registered = tree.registeredNameOf(configName);
        if (registered != null || recipes.names().contains(configName)) {
            return tree.apply(registered != null ? registered : configName);
        }
        for (String name : new java.util.TreeSet<>(recipes.names())) {
            Agent candidate;
            try {
                candidate = tree.apply(name);
            } catch (RuntimeException e) {
                continue; // an agent this workflow cannot build is not the one that holds its run
            }
            if (candidate.config().name().equals(configName)) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("no agent of the worker is registered under or configured with the name \""
                + configName + "\"");
    }

    /** @return the number the next call of the run's own agent's model gets */
    long rootModelCalls() {
        return models.get(key).nextSequence();
    }

    /**
     * @return the number the next call of each other agent's model gets, by its registered name: those of earlier
     *     executions, then this one's; agents that made no call are left out
     */
    Map<String, Long> otherModelCalls() {
        Map<String, Long> calls = new LinkedHashMap<>(input.agentModelCalls());
        models.forEach((name, model) -> {
            if (!name.equals(key) && model.nextSequence() > 0) {
                calls.put(name, model.nextSequence());
            }
        });
        return calls;
    }
}
