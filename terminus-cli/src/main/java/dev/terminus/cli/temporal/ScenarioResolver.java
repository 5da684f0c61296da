package dev.terminus.cli.temporal;

import dev.terminus.agent.Agent;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioAgents;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.cli.scenario.ScenarioServers;
import dev.terminus.cli.scenario.ScenarioTools;
import dev.terminus.temporal.AgentMaterials;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.AgentResolver;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.ServedTools;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Builds the agent of a scenario document that a client sent in a run's input: on the workflow side the recipe builds
 * it on the workflow's proxies and clock, exactly as {@code terminus run} builds it in one process; on the activity
 * side its model plays the script by call number ({@link ScenarioModel}) and its tools count their results from the
 * run ({@link ScenarioTools.Count#FROM_RUN}), so one resolved agent serves every run of the document on a worker.
 * The scenario's MCP servers are its agent's {@link ServedTools}: the worker's activities start them once for every
 * run of the document ({@link ScenarioServedTools}), after the scenario's own tools, as {@code terminus run} offers
 * them in one process.
 *
 * <p>A scenario's named agents ({@code agents}) run in its run's workflow ({@link AgentMaterials#agent(String)}): each
 * is defined by the same document under the name {@value #NAMED}{@code NAME}, so its key is that name and the
 * document's digest, and a worker that never saw the document reads it from the workflow's input as it does for the
 * scenario's own agent. Its model plays its own script (its tool-call ids start with its name, as in one process), its
 * scripted tools are activities naming it, and a tool that runs it, or a handoff to it, is built in the workflow on
 * that agent. A run whose name has that form and names one of the document's agents is that agent's, so a scenario run
 * as a workflow is not named so.
 */
public final class ScenarioResolver implements AgentResolver {
    /** What the name a named agent of a document is resolved under starts with, before the agent's name. */
    public static final String NAMED = "agents.";

    private final ToolJournal journal;
    private volatile @Nullable AgentRecipes recipes;

    /** A resolver of scenario documents. */
    public ScenarioResolver() {
        this(ToolJournal.none());
    }

    /** @param journal where the tools record each call they begin (the crash tests count executions with it) */
    public ScenarioResolver(ToolJournal journal) {
        this.journal = journal;
    }

    /**
     * Lets the recipes that use this resolver build the named agents of a document: each recipe tells them the keys of
     * its document's agents ({@link AgentRecipes#key}), so that the workflow finds them by name.
     *
     * @param serving the recipes built with this resolver
     * @return them
     */
    public AgentRecipes serving(AgentRecipes serving) {
        this.recipes = serving;
        return serving;
    }

    @Override
    public AgentRecipes.Registered resolve(String name, String definition) {
        Scenario scenario;
        try {
            scenario = ScenarioReader.read(definition.getBytes(StandardCharsets.UTF_8), "the scenario of " + name);
            ScenarioAgents.check(scenario);
            Map<String, Scenario> named = scenario.agents() == null ? Map.of() : scenario.agents();
            String agent = name.startsWith(NAMED) ? name.substring(NAMED.length()) : null;
            if (agent != null && named.containsKey(agent)) {
                return named(name, scenario, agent, definition);
            }
            // the servers start when an activity needs them, never here: a workflow reads their tools' specs from
            // its history
            ServedTools servers = ScenarioServers.check(scenario) ? new ScenarioServedTools(scenario) : null;
            return new AgentRecipes.Registered(name, new ScenarioModel(scenario),
                    journal.around(ScenarioTools.scripted(scenario, ScenarioTools.Count.FROM_RUN)), servers,
                    materials -> {
                        try {
                            return ScenarioAgent.on(scenario, materials.model(), materials.tools(), materials.clock(),
                                    agents(scenario, definition, materials)).agent();
                        } catch (ScenarioException e) {
                            throw new IllegalArgumentException("the scenario of " + name + ": " + e.getMessage(), e);
                        }
                    });
        } catch (ScenarioException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private AgentRecipes.Registered named(String name, Scenario scenario, String agent, String definition)
            throws ScenarioException {
        Scenario own = scenario.agents().get(agent);
        if (own.script() == null) {
            throw new ScenarioException("agents." + agent + ".script: is required");
        }
        return new AgentRecipes.Registered(name, new ScenarioModel(own, agent + "_call_"),
                journal.around(ScenarioTools.scripted(own, ScenarioTools.Count.FROM_RUN)), null, materials -> {
                    try {
                        return ScenarioAgents.on(scenario, agent, materials.model(), materials.tools(),
                                materials.clock(), agents(scenario, definition, materials));
                    } catch (ScenarioException e) {
                        throw new IllegalArgumentException("the scenario of " + name + ": " + e.getMessage(), e);
                    }
                });
    }

    /**
     * The document's named agents as the materials build them, each under its name in this document; the recipes are
     * told their keys first, so that the workflow's side finds their definition.
     */
    private Function<String, Agent> agents(Scenario scenario, String definition, AgentMaterials materials) {
        Map<String, Scenario> named = scenario.agents() == null ? Map.of() : scenario.agents();
        if (named.isEmpty()) {
            return materials::agent;
        }
        AgentRecipes serving = recipes;
        if (serving == null) {
            throw new IllegalStateException("a scenario whose agents call agents needs the recipes that resolve it"
                    + " (ScenarioResolver.serving)");
        }
        for (String agent : named.keySet()) {
            serving.key(AgentRunInput.defined(NAMED + agent, "", definition));
        }
        return agent -> {
            String key = serving.key(AgentRunInput.defined(NAMED + agent, "", definition));
            return materials.agent(key);
        };
    }
}
