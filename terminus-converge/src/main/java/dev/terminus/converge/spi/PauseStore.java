package dev.terminus.converge.spi;

import dev.terminus.converge.FilePauseStore;
import dev.terminus.converge.Pause;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Where paused convergence runs wait for a person's decision, by gate id: the counterpart of the agent loop's
 * {@link dev.terminus.agent.spi.CheckpointStore}. {@link FilePauseStore} keeps them in the same directory as a
 * {@code FileCheckpointStore}, written the same atomic way. Implementations must be thread-safe.
 */
public interface PauseStore {

    /**
     * Saves a pause, replacing one of the same gate id. A reader never sees a partly written pause.
     *
     * @param pause the pause
     * @throws IOException when it cannot be written; the previous version, if any, is then intact
     */
    void save(Pause pause) throws IOException;

    /**
     * @param gateId a gate id
     * @return the pause of that gate, or empty when none is stored
     * @throws IOException when it cannot be read, or what is stored is not a valid pause
     */
    Optional<Pause> load(String gateId) throws IOException;

    /** @return the gate ids of the stored pauses, sorted @throws IOException when the store cannot be read */
    List<String> pending() throws IOException;

    /**
     * Removes a pause (after it was resumed).
     *
     * @param gateId a gate id
     * @return whether one was removed
     * @throws IOException when it cannot be removed
     */
    boolean delete(String gateId) throws IOException;
}
