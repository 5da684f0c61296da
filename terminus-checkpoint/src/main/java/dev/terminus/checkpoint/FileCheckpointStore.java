package dev.terminus.checkpoint;

import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.spi.CheckpointStore;
import dev.terminus.Preconditions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A {@link CheckpointStore} keeping one file per checkpoint, {@code <gateId>.checkpoint.json}, in a directory, in the
 * layout of {@link CheckpointJson}. Thread-safe, and safe to share a directory between processes.
 *
 * {@snippet :
 * CheckpointStore store = FileCheckpointStore.in(Path.of("checkpoints"));
 * RunResult paused = agent.run("Refund order 42");
 * if (paused.termination() instanceof Termination.HitlGatePending gate) {
 *     store.save(paused.checkpoint().orElseThrow());     // checkpoints/gate-….checkpoint.json
 * }
 * // later, maybe in another process:
 * for (String gateId : store.pending()) {
 *     Checkpoint checkpoint = store.load(gateId).orElseThrow();
 *     RunResult done = agent.resume(checkpoint, ResumeDecision.approve(gateId));
 *     store.delete(gateId);
 * }
 * }
 *
 * <p><b>Atomic replacement.</b> {@link #save(Checkpoint)} writes the JSON to a temporary file in the same directory
 * (named {@code .<gateId>…tmp}, so that {@link #pending()} never lists it), forces it to disk, then renames it over
 * the checkpoint's file with {@link StandardCopyOption#ATOMIC_MOVE}. A reader therefore sees the previous version or
 * the new one, never a part of either, even when the process dies mid-write; the temporary file is deleted when the
 * save fails. Only on a file system that cannot rename atomically
 * ({@link AtomicMoveNotSupportedException}) is the file replaced by a plain move. After the rename the directory
 * itself is forced to disk where the platform allows it (not on Windows), so that a saved checkpoint survives a
 * power loss too.
 *
 * <p><b>Gate ids</b> become file names, so only ids of 1 to 128 characters among {@code A-Z a-z 0-9 . _ -} not
 * starting with {@code .} are accepted: a crafted id such as {@code ../x} cannot name a file outside the directory.
 * The agent's own ids ({@code gate-…}) always qualify. On a case-insensitive file system, ids differing only in case
 * name the same file.
 *
 * <p>On POSIX file systems checkpoint files are created readable and writable by their owner only (they hold
 * transcripts). The files are kept by {@link GateFiles}, as the convergence engine's pauses are.
 */
public final class FileCheckpointStore implements CheckpointStore {

    /** The end of every checkpoint file's name. */
    public static final String SUFFIX = ".checkpoint.json";

    private final GateFiles files;
    private final CheckpointJson json;

    private FileCheckpointStore(GateFiles files, CheckpointJson json) {
        this.files = files;
        this.json = json;
    }

    /**
     * A store in a directory, created (with its parents) by the first {@link #save(Checkpoint)}. Stores share one
     * {@link CheckpointJson}.
     *
     * @param directory the directory of the checkpoint files
     * @return the store
     */
    public static FileCheckpointStore in(Path directory) {
        return new FileCheckpointStore(GateFiles.in(directory, SUFFIX, "checkpoint"), Shared.JSON);
    }

    /** @return the directory of the checkpoint files */
    public Path directory() {
        return files.directory();
    }

    /**
     * The file a gate's checkpoint is stored in, whether or not it exists.
     *
     * @param gateId a gate id
     * @return {@code <directory>/<gateId>.checkpoint.json}
     * @throws IllegalArgumentException naming the id when it cannot name a file (see the class comment)
     */
    public Path pathOf(String gateId) {
        return files.pathOf(gateId);
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException naming the gate id when it cannot name a file (see the class comment)
     */
    @Override
    public void save(Checkpoint checkpoint) throws IOException {
        Preconditions.notNull(checkpoint, "checkpoint");
        files.pathOf(checkpoint.gateId()); // refuses a bad id before the checkpoint is written as JSON
        files.save(checkpoint.gateId(), json.writeBytes(checkpoint));
    }

    /**
     * {@inheritDoc}
     *
     * @throws CheckpointFormatException naming the file when what it holds is not a valid checkpoint, or is the
     *     checkpoint of another gate (a renamed file)
     * @throws IllegalArgumentException naming the gate id when it cannot name a file (see the class comment)
     */
    @Override
    public Optional<Checkpoint> load(String gateId) throws IOException {
        return files.load(gateId, json::read, Checkpoint::gateId);
    }

    /**
     * {@inheritDoc} Lists the {@code *.checkpoint.json} files (a missing directory has none), never temporary ones.
     * A listed checkpoint may still fail to {@linkplain #load(String) load} when its file is corrupt.
     */
    @Override
    public List<String> pending() throws IOException {
        return files.pending();
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException naming the gate id when it cannot name a file (see the class comment)
     */
    @Override
    public boolean delete(String gateId) throws IOException {
        return files.delete(gateId);
    }

    @Override
    public String toString() {
        return "FileCheckpointStore[" + directory() + "]";
    }

    /** The one {@link CheckpointJson} of all stores, built when the first store is. */
    private static final class Shared {
        static final CheckpointJson JSON = CheckpointJson.create();
    }
}
