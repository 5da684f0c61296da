package dev.terminus.cli.pause;

import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.PausedRun;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.FileGateStore;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.output.Wire;
import dev.terminus.cli.pipeline.PipelineFile;
import dev.terminus.cli.pipeline.ScriptPositions;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.pipeline.PipelineCheckpoint;
import dev.terminus.pipeline.PipelineCheckpointJson;
import dev.terminus.pipeline.PipelineResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Pipelines that paused at a stage's human gate, on the command line: the pipeline's checkpoint is saved as
 * {@code <gateId>.pipeline-checkpoint.json} where an agent's checkpoint would go (atomically, by
 * {@link FileGateStore}), its agent run's checkpoint carrying the pipeline file's text and where the paused stage's
 * scripts stand, so that {@code terminus resume} rebuilds the same pipeline and continues it in another process.
 */
public final class PipelinePauses {
    /** Metadata of the paused agent run: the pipeline file's text. */
    static final String PIPELINE = "terminus.pipeline";
    /** The kind of file: {@code <gateId>.pipeline-checkpoint.json}. */
    static final String KIND = "pipeline-checkpoint";

    private static final PipelineCheckpointJson JSON = PipelineCheckpointJson.ofDefaults();

    private PipelinePauses() {}

    /** A pipeline checkpoint as a paused run of a {@link FileGateStore}. */
    private record Paused(PipelineCheckpoint checkpoint) implements PausedRun {
        @Override
        public Termination.HitlGatePending gate() {
            return (Termination.HitlGatePending) checkpoint.paused().termination();
        }
    }

    /** Writes and reads pipeline checkpoints in {@link PipelineCheckpointJson}'s layout. */
    private static final class Codec implements FileGateStore.Codec<Paused> {
        @Override
        public String kind() {
            return KIND;
        }

        @Override
        public byte[] writeBytes(Paused paused) {
            return JSON.write(paused.checkpoint()).getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public Paused read(byte[] bytes) throws CheckpointFormatException {
            return new Paused(JSON.read(new String(bytes, StandardCharsets.UTF_8)));
        }
    }

    /**
     * Saves a paused pipeline's checkpoint and says how to continue it; does nothing for one that did not pause.
     *
     * @param result the pipeline's result
     * @param text the pipeline file's bytes
     * @param positions where the stages' scripts stand
     * @param directory where to save it
     * @param out where to say how to continue it
     * @return the checkpoint's file, or null when the pipeline did not pause
     * @throws BadInputException naming the directory when it cannot be saved there
     */
    public static @Nullable Path saveIfPaused(PipelineResult result, byte[] text, ScriptPositions positions, Path directory,
            PrintStream out) throws BadInputException {
        if (result.checkpoint().isEmpty()) {
            return null;
        }
        PipelineCheckpoint paused = result.checkpoint().get();
        ScriptPositions.Position position = positions.of(paused.stageName());
        Checkpoint run = paused.checkpoint().withMetadata(PIPELINE, new String(text, StandardCharsets.UTF_8))
                .withMetadata(Pauses.SCRIPT_STEP, Integer.toString(position.step()));
        for (var named : position.agentSteps().entrySet()) {
            run = run.withMetadata(Pauses.SCRIPT_STEP + "." + named.getKey(), named.getValue().toString());
        }
        PipelineCheckpoint stamped = new PipelineCheckpoint(paused.pipelineName(), paused.input(), paused.ended(),
                paused.paused(), paused.elapsed(), run);
        FileGateStore<Paused> store = FileGateStore.in(directory, new Codec());
        try {
            store.save(new Paused(stamped));
        } catch (GateStoreException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new BadInputException("cannot save the checkpoint in " + directory + ": " + cause.getMessage());
        } catch (RuntimeException e) {
            throw new BadInputException("cannot save the checkpoint in " + directory + ": " + e.getMessage());
        }
        Path file = store.pathOf(stamped.gateId());
        Termination.HitlGatePending gate = (Termination.HitlGatePending) stamped.paused().termination();
        HumanInputRequest asked = run.inputRequest();
        out.println();
        if (asked == null) {
            out.println("Paused for approval at stage " + stamped.stageName() + ": " + gate.summary() + " (gate "
                    + gate.gateId() + ").");
        } else {
            out.println("Paused for input at stage " + stamped.stageName() + ": " + asked.message() + " (asked by "
                    + asked.source() + " in a call to " + run.pendingCall().name() + ", gate " + gate.gateId() + ").");
            out.println("The answer is a JSON object of this schema: " + Wire.compact(asked.requestedSchema()));
        }
        out.println("Checkpoint saved: " + file);
        out.println(asked == null ? "Continue it: terminus resume " + file + " --approve   (or --reject \"why\")"
                : "Continue it: terminus resume " + file + " --answer '{...}'   (or --reject \"why\" to decline)");
        return file;
    }

    /**
     * @param path a checkpoint file
     * @return whether it holds a pipeline's checkpoint (its name says so), not an agent run's
     */
    public static boolean isPipelineCheckpoint(Path path) {
        return path.getFileName() != null && path.getFileName().toString().endsWith("." + KIND + ".json");
    }

    /**
     * What a pipeline checkpoint saved by {@code terminus run} holds, to rebuild the pipeline that paused.
     *
     * @param checkpoint the pipeline's checkpoint
     * @param file the pipeline file, read from the checkpoint's text of it
     * @param text the pipeline file's text
     * @param positions where the paused stage's scripts go on from
     */
    public record Saved(PipelineCheckpoint checkpoint, PipelineFile file, String text, ScriptPositions positions) {

        /**
         * @param path the checkpoint's file
         * @return what it holds
         * @throws BadInputException naming the file when it cannot be read, is no pipeline checkpoint, or was not
         *     saved by {@code terminus run}
         */
        public static Saved read(Path path) throws BadInputException {
            PipelineCheckpoint checkpoint;
            try {
                checkpoint = JSON.read(Files.readString(path));
            } catch (CheckpointFormatException e) {
                throw new BadInputException(path + ": not a valid pipeline checkpoint: " + e.getMessage());
            } catch (IOException e) {
                throw new BadInputException(path + ": cannot read it: " + e.getMessage());
            }
            Map<String, String> metadata = checkpoint.checkpoint().metadata();
            String text = metadata.get(PIPELINE);
            String step = metadata.get(Pauses.SCRIPT_STEP);
            if (text == null || step == null) {
                throw new BadInputException(path + ": this pipeline checkpoint was not saved by `terminus run` (its"
                        + " run's metadata has no " + PIPELINE + " and " + Pauses.SCRIPT_STEP + ")");
            }
            try {
                Map<String, Integer> agentSteps = new HashMap<>();
                for (var entry : metadata.entrySet()) {
                    if (entry.getKey().startsWith(Pauses.SCRIPT_STEP + ".")) {
                        agentSteps.put(entry.getKey().substring(Pauses.SCRIPT_STEP.length() + 1),
                                Integer.parseInt(entry.getValue()));
                    }
                }
                PipelineFile file = PipelineFile.read(text.getBytes(StandardCharsets.UTF_8), path + " (its pipeline)");
                return new Saved(checkpoint, file, text, ScriptPositions.resumingAt(checkpoint.stageName(),
                        new ScriptPositions.Position(Integer.parseInt(step), agentSteps)));
            } catch (ScenarioException | IllegalArgumentException e) {
                throw new BadInputException(path + ": " + e.getMessage());
            }
        }
    }
}
