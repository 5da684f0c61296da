package dev.terminus.agent.spi;

import dev.terminus.agent.PausedRun;
import java.util.List;
import java.util.Optional;

/**
 * Where runs paused at a human-approval gate wait for a person's decision, by gate id: an agent loop's checkpoints
 * ({@code GateStore<Checkpoint>}) and a convergence engine's pauses ({@code GateStore<Pause>}). The embedded default is
 * {@code FileGateStore} of the {@code terminus-checkpoint} module: one JSON file per paused run in a directory,
 * written atomically, checkpoints and pauses side by side. Implementations must be thread-safe.
 *
 * <p>A store reports what it cannot do with a {@link GateStoreException}, unchecked, whose message names the store
 * and the gate and whose cause is what the store met (an {@code IOException}, a corrupt file's error): its methods fit
 * where a plain function is needed.
 *
 * {@snippet :
 * GateStore<Checkpoint> store = FileGateStore.checkpoints(Path.of("checkpoints"));
 * agent.run("Refund order 42").checkpoint().ifPresent(store::save);
 * // later, maybe in another process:
 * for (String gateId : store.pending()) {
 *     RunResult done = agent.approve(store.load(gateId).orElseThrow());
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
     * @throws GateStoreException when it cannot be written; the previous version, if any, is then intact
     */
    void save(T paused);

    /**
     * @param gateId a gate id
     * @return the paused run of that gate, or empty when none is stored
     * @throws GateStoreException when it cannot be read, or what is stored is not a valid paused run of that gate
     */
    Optional<T> load(String gateId);

    /**
     * @return the gate ids of the stored paused runs, sorted
     * @throws GateStoreException when the store cannot be read
     */
    List<String> pending();

    /**
     * Removes a paused run (after it was resumed).
     *
     * @param gateId a gate id
     * @return whether one was removed
     * @throws GateStoreException when it cannot be removed
     */
    boolean delete(String gateId);
}
