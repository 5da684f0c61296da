package dev.terminus.cli.command;

import dev.terminus.agent.AgentListener;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.spi.Model;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.input.ScenarioFiles;
import dev.terminus.cli.input.StageServers;
import dev.terminus.cli.output.PipelineReport;
import dev.terminus.cli.pause.PipelinePauses;
import dev.terminus.cli.pause.UsedCheckpoints;
import dev.terminus.cli.pipeline.PipelineFile;
import dev.terminus.cli.pipeline.ScriptPositions;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.PipelineListener;
import dev.terminus.pipeline.PipelineResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * {@code terminus run PIPELINE}: runs the pipeline a file with {@code "stages"} describes in this process, its stages'
 * MCP servers started for the run, and prints its table or JSON; a pipeline paused at a stage's gate saves its
 * checkpoint ({@link PipelinePauses}), which {@code terminus resume} continues ({@link #resume}).
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
     * @param checkpoints where a pipeline paused at a gate saves its checkpoint
     * @return the exit status: 0, the pipeline having run to its end
     * @throws BadInputException naming the field of the file that cannot work
     */
    static int run(TerminusCommand terminus, byte[] text, String source, @Nullable Model model,
            List<AgentListener> agentListeners, List<PipelineListener> listeners, boolean json, Path checkpoints)
            throws BadInputException {
        PipelineFile file;
        try {
            file = PipelineFile.read(text, source);
        } catch (ScenarioException e) {
            throw ScenarioFiles.badInput(e, source);
        }
        ScriptPositions positions = ScriptPositions.fromStart();
        try (StageServers servers = StageServers.start(file, source)) {
            Pipeline pipeline = pipeline(file, source, model, agentListeners, listeners, positions, servers);
            // a Ctrl-C interrupts this thread: the pipeline ends Cancelled("thread-interrupt") and its result is printed
            InterruptOnShutdown shutdown = InterruptOnShutdown.of(Thread.currentThread());
            PipelineResult result;
            try {
                result = pipeline.run(file.task());
            } finally {
                shutdown.close();
            }
            PipelineReport.print(terminus.out, result, json);
            PipelinePauses.saveIfPaused(result, text, positions, checkpoints, json ? terminus.err : terminus.out);
            terminus.out.flush();
            return 0;
        }
    }

    /**
     * Continues a pipeline that {@code terminus run} paused at a stage's gate, with a person's decision: the same
     * pipeline is built from the file's text the checkpoint keeps, the paused stage's scripts where they stood, its
     * stages' MCP servers started again. A pipeline that pauses again saves its new checkpoint first; only then is
     * the used one removed (unless it is the same file).
     *
     * @param terminus the command, for its streams
     * @param path the checkpoint's file
     * @param decision the decision, for the checkpoint's gate (its gate id is the checkpoint's)
     * @param json whether to print JSON
     * @param checkpoints where a pipeline that pauses again saves its new checkpoint, or null for beside the used one
     * @return the exit status: 0
     * @throws BadInputException naming the checkpoint when it cannot be read or resumed
     */
    static int resume(TerminusCommand terminus, Path path, Function<String, GateDecision> decision, boolean json,
            @Nullable Path checkpoints) throws BadInputException {
        PipelinePauses.Saved saved = PipelinePauses.Saved.read(path);
        String source = path + " (its pipeline)";
        PipelineResult result;
        try (StageServers servers = StageServers.start(saved.file(), source)) {
            Pipeline pipeline = pipeline(saved.file(), source, null, List.of(), List.of(), saved.positions(), servers);
            try {
                result = pipeline.resume(saved.checkpoint(), decision.apply(saved.checkpoint().gateId()));
            } catch (IllegalArgumentException e) {
                throw new BadInputException(path + ": " + e.getMessage());
            }
            PipelineReport.print(terminus.out, result, json);
            Path directory = checkpoints != null ? checkpoints : path.toAbsolutePath().getParent();
            PipelineResult ended = result;
            UsedCheckpoints.replace(path, () -> PipelinePauses.saveIfPaused(ended,
                    saved.text().getBytes(StandardCharsets.UTF_8), saved.positions(), directory,
                    json ? terminus.err : terminus.out), terminus.err);
            terminus.out.flush();
            return 0;
        }
    }

    /** The file's pipeline, its stages calling the tools of their MCP servers, started by the caller. */
    private static Pipeline pipeline(PipelineFile file, String source, @Nullable Model model,
            List<AgentListener> agentListeners, List<PipelineListener> listeners, ScriptPositions positions,
            StageServers servers) throws BadInputException {
        try {
            return file.pipeline(new PipelineFile.Materials(model, agentListeners, listeners, servers.tools()),
                    positions);
        } catch (ScenarioException e) {
            throw ScenarioFiles.badInput(e, source);
        }
    }
}
