package dev.terminus.agent.spi;

import dev.terminus.agent.Checkpoint;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Where pending checkpoints wait for a person's decision, by gate id. The embedded default is
 * {@code FileCheckpointStore} of the {@code terminus-checkpoint} module: one JSON file per checkpoint in a directory, written atomically.
 * Implementations must be thread-safe.
 */
public interface CheckpointStore {

    /**
     * Saves a checkpoint, replacing one of the same gate id. A reader never sees a partly written checkpoint.
     *
     * @param checkpoint the checkpoint
     * @throws IOException when it cannot be written; the previous version, if any, is then intact
     */
    void save(Checkpoint checkpoint) throws IOException;

    /**
     * @param gateId a gate id
     * @return the checkpoint of that gate, or empty when none is stored
     * @throws IOException when it cannot be read, or what is stored is not a valid checkpoint
     */
    Optional<Checkpoint> load(String gateId) throws IOException;

    /** @return the gate ids of the stored checkpoints, sorted @throws IOException when the store cannot be read */
    List<String> pending() throws IOException;

    /**
     * Removes a checkpoint (after it was resumed).
     *
     * @param gateId a gate id
     * @return whether one was removed
     * @throws IOException when it cannot be removed
     */
    boolean delete(String gateId) throws IOException;
}
