package dev.terminus.cli.temporal;

import dev.terminus.agent.Tool;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioServers;
import dev.terminus.temporal.ServedTools;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The MCP servers of a scenario a worker hosts, as the tools its activities start: started by the first activity of
 * the scenario's runs on the worker that needs them (a tool call, or the listing of their specs for a workflow),
 * shared by every run of the document there, and stopped with the worker (or when the worker forgets the document).
 * A server that does not start fails with the line {@code terminus run} prints for it in one process
 * ({@code mcpServers.NAME: MCP server "NAME" exited with status 3 as it started; its stderr ended with: ...}), which
 * ends the run {@code Failed}.
 */
final class ScenarioServedTools implements ServedTools {
    private final Scenario scenario;
    private @Nullable ScenarioServers servers;

    /** @param scenario a scenario with MCP servers, its entries checked ({@link ScenarioServers#check}) */
    ScenarioServedTools(Scenario scenario) {
        this.scenario = scenario;
    }

    @Override
    public synchronized List<Tool> start() {
        try {
            ScenarioServers started = ScenarioServers.start(scenario);
            servers = started;
            return started.tools();
        } catch (ScenarioException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        ScenarioServers started = servers;
        servers = null;
        if (started != null) {
            started.close();
        }
    }
}
