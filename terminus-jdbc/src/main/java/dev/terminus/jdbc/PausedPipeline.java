package dev.terminus.jdbc;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.PausedRun;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.FileGateStore;
import dev.terminus.pipeline.PipelineCheckpoint;
import dev.terminus.pipeline.PipelineCheckpointJson;
import java.nio.charset.StandardCharsets;

/**
 * A pipeline paused at a stage's human gate, as a paused run of a gate store
 * ({@link JdbcStores#pipelineCheckpoints()}): its rows hold {@link PipelineCheckpointJson}'s layout.
 *
 * @param checkpoint the pipeline's checkpoint
 */
public record PausedPipeline(PipelineCheckpoint checkpoint) implements PausedRun {

    /** Writes and reads the rows of pipeline checkpoints. */
    static final FileGateStore.Codec<PausedPipeline> CODEC = new Codec();

    /** Refuses a null checkpoint. */
    public PausedPipeline {
        Preconditions.notNull(checkpoint, "checkpoint");
    }

    @Override
    public Termination.HitlGatePending gate() {
        return (Termination.HitlGatePending) checkpoint.paused().termination();
    }

    private static final class Codec implements FileGateStore.Codec<PausedPipeline> {
        private static final PipelineCheckpointJson JSON = PipelineCheckpointJson.ofDefaults();

        @Override
        public String kind() {
            return "pipeline-checkpoint";
        }

        @Override
        public byte[] writeBytes(PausedPipeline paused) {
            return JSON.write(paused.checkpoint()).getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public PausedPipeline read(byte[] bytes) throws CheckpointFormatException {
            return new PausedPipeline(JSON.read(new String(bytes, StandardCharsets.UTF_8)));
        }
    }
}
