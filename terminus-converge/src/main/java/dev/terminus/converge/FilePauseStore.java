package dev.terminus.converge;

import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.FileCheckpointStore;
import dev.terminus.checkpoint.GateFiles;
import dev.terminus.converge.spi.PauseStore;
import dev.terminus.Preconditions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A {@link PauseStore} keeping one file per pause, {@code <gateId>.pause.json}, in a directory, in the layout of
 * {@link PauseJson}. Made {@linkplain #beside(FileCheckpointStore) beside} a {@link FileCheckpointStore}, it shares
 * that store's directory: an application keeps every paused run, agent loop ({@code *.checkpoint.json}) or
 * convergence run ({@code *.pause.json}), in one place, and neither store lists the other's files. Thread-safe, and
 * safe to share a directory between processes.
 *
 * {@snippet :
 * FileCheckpointStore checkpoints = FileCheckpointStore.in(Path.of(".terminus/checkpoints"));
 * PauseStore pauses = FilePauseStore.beside(checkpoints);
 * ConvergenceEngine engine = ConvergenceEngine.builder().agents(extractor, checker).pauseStore(pauses).build();
 * // a run that pauses is saved as .terminus/checkpoints/gate-….pause.json; later, maybe in another process:
 * for (String gateId : pauses.pending()) {
 *     engine.resume(pauses.load(gateId).orElseThrow(), Decision.approve(gateId));   // deletes the pause
 * }
 * }
 *
 * <p><b>Atomic replacement.</b> {@link #save(Pause)} writes the JSON through the same {@link GateFiles} as
 * {@code FileCheckpointStore}, so a pause survives a process restart exactly as a checkpoint does: to a temporary
 * file in the same directory (named {@code .<gateId>…tmp}, never listed), forced to disk, renamed over the pause's
 * file atomically, the directory forced after. A reader sees the previous version or the new one, never a part.
 *
 * <p><b>Gate ids</b> become file names, so only ids of 1 to 128 characters among {@code A-Z a-z 0-9 . _ -} not
 * starting with {@code .} are accepted, as by {@code FileCheckpointStore}; the engine's ids ({@code gate-…}) qualify.
 */
public final class FilePauseStore implements PauseStore {

    /** The end of every pause file's name. */
    public static final String SUFFIX = ".pause.json";

    private final GateFiles files;
    private final PauseJson json;

    private FilePauseStore(GateFiles files) {
        this.files = files;
        this.json = Shared.JSON;
    }

    /**
     * @param directory the directory of the pause files, created by the first {@link #save(Pause)}
     * @return the store
     */
    public static FilePauseStore in(Path directory) {
        return new FilePauseStore(GateFiles.in(directory, SUFFIX, "pause"));
    }

    /**
     * @param checkpoints an agent loop's checkpoint store
     * @return a store of pauses in the same directory
     */
    public static FilePauseStore beside(FileCheckpointStore checkpoints) {
        return in(Preconditions.notNull(checkpoints, "checkpoints").directory());
    }

    /** @return the directory of the pause files */
    public Path directory() {
        return files.directory();
    }

    /**
     * @param gateId a gate id
     * @return {@code <directory>/<gateId>.pause.json}, whether or not it exists
     * @throws IllegalArgumentException naming the id when it cannot name a file
     */
    public Path pathOf(String gateId) {
        return files.pathOf(gateId);
    }

    @Override
    public void save(Pause pause) throws IOException {
        Preconditions.notNull(pause, "pause");
        files.pathOf(pause.gateId()); // refuses a bad id before the pause is written as JSON
        files.save(pause.gateId(), json.writeBytes(pause));
    }

    /**
     * {@inheritDoc}
     *
     * @throws CheckpointFormatException naming the file when it does not hold a valid pause, or holds another gate's
     */
    @Override
    public Optional<Pause> load(String gateId) throws IOException {
        return files.load(gateId, json::read, Pause::gateId);
    }

    /** {@inheritDoc} Lists the {@code *.pause.json} files (a missing directory has none), never temporary ones. */
    @Override
    public List<String> pending() throws IOException {
        return files.pending();
    }

    @Override
    public boolean delete(String gateId) throws IOException {
        return files.delete(gateId);
    }

    @Override
    public String toString() {
        return "FilePauseStore[" + directory() + "]";
    }

    /** The one {@link PauseJson} of all stores. */
    private static final class Shared {
        static final PauseJson JSON = PauseJson.create();
    }
}
