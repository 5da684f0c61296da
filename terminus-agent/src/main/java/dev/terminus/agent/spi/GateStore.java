package dev.terminus.agent.spi;

import dev.terminus.agent.PausedRun;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Where runs paused at a human-approval gate wait for a person's decision, by gate id: an agent loop's checkpoints
 * ({@code GateStore<Checkpoint>}) and a convergence engine's pauses ({@code GateStore<Pause>}). The embedded default is
 * {@code FileGateStore} of the {@code terminus-checkpoint} module: one JSON file per paused run in a directory,
 * written atomically, checkpoints and pauses side by side. Implementations must be thread-safe.
 *
 * {@snippet :
 * GateStore<Checkpoint> store = FileGateStore.checkpoints(Path.of("checkpoints"));
 * store.save(paused.checkpoint().orElseThrow());
 * // later, maybe in another process:
 * for (String gateId : store.pending()) {
 *     RunResult done = agent.resume(store.load(gateId).orElseThrow(), GateDecision.approve(gateId));
 *     store.delete(gateId);
 * }
 * }
 *
 * @param <T> what is stored: {@code Checkpoint} or {@code Pause}
 */
public interface GateStore<T extends PausedRun> {

    /**
     * Saves a paused run under its gate id, replacing one of the same gate id. A reader never sees a partly written
     * one.
     *
     * @param paused the paused run
     * @throws IOException when it cannot be written; the previous version, if any, is then intact
     */
    void save(T paused) throws IOException;

    /**
     * @param gateId a gate id
     * @return the paused run of that gate, or empty when none is stored
     * @throws IOException when it cannot be read, or what is stored is not a valid paused run of that gate
     */
    Optional<T> load(String gateId) throws IOException;

    /** @return the gate ids of the stored paused runs, sorted @throws IOException when the store cannot be read */
    List<String> pending() throws IOException;

    /**
     * Removes a paused run (after it was resumed).
     *
     * @param gateId a gate id
     * @return whether one was removed
     * @throws IOException when it cannot be removed
     */
    boolean delete(String gateId) throws IOException;
}
