package dev.terminus.cli.input;

import dev.terminus.agent.Tool;
import dev.terminus.cli.pipeline.PipelineFile;
import dev.terminus.cli.pipeline.StageEntry;
import dev.terminus.cli.scenario.ScenarioServers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The MCP servers of a pipeline file's stages ({@code mcpServers} of each stage), started for one command (a run, a
 * resume, a whole suite) and stopped together when it is done. A server that cannot start stops the ones started
 * before it, and is named by its stage and entry.
 */
public final class StageServers implements AutoCloseable {
    private final List<ScenarioServers> started;
    private final Map<String, List<Tool>> tools;

    private StageServers(List<ScenarioServers> started, Map<String, List<Tool>> tools) {
        this.started = started;
        this.tools = tools;
    }

    /** @return no servers: for a command without a pipeline */
    public static StageServers none() {
        return new StageServers(List.of(), Map.of());
    }

    /**
     * @param file the pipeline file
     * @param source how errors name the file
     * @return the stages' servers, started
     * @throws BadInputException naming the stage and the entry of a server that cannot start
     */
    public static StageServers start(PipelineFile file, String source) throws BadInputException {
        List<ScenarioServers> started = new ArrayList<>();
        Map<String, List<Tool>> tools = new HashMap<>();
        try {
            for (StageEntry stage : file.stages()) {
                ScenarioServers servers = ScenarioFiles.servers(stage.agent(), source + ": " + stage.label());
                started.add(servers);
                tools.put(stage.name(), servers.tools());
            }
        } catch (BadInputException | RuntimeException e) {
            started.forEach(ScenarioServers::close);
            throw e;
        }
        return new StageServers(started, Map.copyOf(tools));
    }

    /** @return the tools of each stage's servers, by stage name (an empty list for a stage without servers) */
    public Map<String, List<Tool>> tools() {
        return tools;
    }

    @Override
    public void close() {
        started.forEach(ScenarioServers::close);
    }
}
