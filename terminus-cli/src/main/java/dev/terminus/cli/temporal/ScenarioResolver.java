package dev.terminus.cli.temporal;

import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioAgents;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.cli.scenario.ScenarioServers;
import dev.terminus.cli.scenario.ScenarioTools;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.AgentResolver;
import dev.terminus.temporal.ServedTools;
import java.nio.charset.StandardCharsets;

/**
 * Builds the agent of a scenario document that a client sent in a run's input: on the workflow side the recipe builds
 * it on the workflow's proxies and clock, exactly as {@code terminus run} builds it in one process; on the activity
 * side its model plays the script by call number ({@link ScenarioModel}) and its tools count their results from the
 * run ({@link ScenarioTools.Count#FROM_RUN}), so one resolved agent serves every run of the document on a worker.
 * The scenario's MCP servers are its agent's {@link ServedTools}: the worker's activities start them once for every
 * run of the document ({@link ScenarioServedTools}), after the scenario's own tools, as {@code terminus run} offers
 * them in one process.
 */
public final class ScenarioResolver implements AgentResolver {
    private final ToolJournal journal;

    /** A resolver of scenario documents. */
    public ScenarioResolver() {
        this(ToolJournal.none());
    }

    /** @param journal where the tools record each call they begin (the crash tests count executions with it) */
    public ScenarioResolver(ToolJournal journal) {
        this.journal = journal;
    }

    @Override
    public AgentRecipes.Registered resolve(String name, String definition) {
        Scenario scenario;
        try {
            scenario = ScenarioReader.read(definition.getBytes(StandardCharsets.UTF_8), "the scenario of " + name);
            ScenarioAgents.refuseOnTemporal(scenario);
            // the servers start when an activity needs them, never here: a workflow reads their tools' specs from
            // its history
            ServedTools servers = ScenarioServers.check(scenario) ? new ScenarioServedTools(scenario) : null;
            return new AgentRecipes.Registered(name, new ScenarioModel(scenario),
                    journal.around(ScenarioTools.of(scenario, ScenarioTools.Count.FROM_RUN)), servers, materials -> {
                        try {
                            return ScenarioAgent.on(scenario, materials.model(), materials.tools(), materials.clock())
                                    .agent();
                        } catch (ScenarioException e) {
                            throw new IllegalArgumentException("the scenario of " + name + ": " + e.getMessage(), e);
                        }
                    });
        } catch (ScenarioException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
