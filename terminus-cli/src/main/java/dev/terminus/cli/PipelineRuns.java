package dev.terminus.cli;

import dev.terminus.agent.AgentListener;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.Model;
import dev.terminus.cli.pipeline.PipelineFile;
import dev.terminus.cli.pipeline.StageEntry;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioServers;
import dev.terminus.pipeline.PipelineListener;
import dev.terminus.pipeline.PipelineResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * {@code terminus run PIPELINE}: runs the pipeline a file with {@code "stages"} describes in this process, its stages'
 * MCP servers started for the run, and prints its table or JSON.
 */
final class PipelineRuns {
    private PipelineRuns() {}

    /**
     * @param terminus the command, for its streams
     * @param text the file's bytes
     * @param source how errors name the file
     * @param model the model every stage calls, or null for each stage's script
     * @param agentListeners listeners of the stages' agent runs
     * @param listeners listeners of the pipeline's run
     * @param json whether to print JSON
     * @return the exit status: 0, the pipeline having run to its end
     * @throws BadInputException naming the field of the file that cannot work
     */
    static int run(TerminusCommand terminus, byte[] text, String source, @Nullable Model model,
            List<AgentListener> agentListeners, List<PipelineListener> listeners, boolean json)
            throws BadInputException {
        PipelineFile file;
        try {
            file = PipelineFile.read(text, source);
        } catch (ScenarioException e) {
            throw ScenarioFiles.badInput(e, source);
        }
        List<ScenarioServers> started = new ArrayList<>();
        try {
            Map<String, List<Tool>> mcpTools = new HashMap<>();
            for (StageEntry stage : file.stages()) {
                ScenarioServers servers = ScenarioFiles.servers(stage.agent(), source + ": " + stage.label());
                started.add(servers);
                mcpTools.put(stage.name(), servers.tools());
            }
            dev.terminus.pipeline.Pipeline pipeline;
            try {
                pipeline = file.pipeline(new PipelineFile.Materials(model, agentListeners, listeners, mcpTools));
            } catch (ScenarioException e) {
                throw ScenarioFiles.badInput(e, source);
            }
            // a Ctrl-C interrupts this thread: the pipeline ends Cancelled("thread-interrupt") and its result is printed
            InterruptOnShutdown shutdown = InterruptOnShutdown.of(Thread.currentThread());
            PipelineResult result;
            try {
                result = pipeline.run(file.task());
            } finally {
                shutdown.close();
            }
            print(terminus, result, json);
            return 0;
        } finally {
            started.forEach(ScenarioServers::close);
        }
    }

    static void print(TerminusCommand terminus, PipelineResult result, boolean json) {
        if (json) {
            terminus.out.print(Wire.pretty(PipelineReport.json(result)));
        } else {
            PipelineReport.text(result).forEach(terminus.out::println);
        }
        terminus.out.flush();
    }
}
