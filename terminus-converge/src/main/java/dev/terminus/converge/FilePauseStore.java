package dev.terminus.converge;

import dev.terminus.checkpoint.AtomicFile;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.FileCheckpointStore;
import dev.terminus.internal.Checks;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

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
 * <p><b>Atomic replacement.</b> {@link #save(Pause)} writes the JSON as {@code FileCheckpointStore} does: to a
 * temporary file in the same directory (named {@code .<gateId>…tmp}, never listed), forced to disk, renamed over the
 * pause's file atomically, the directory forced after. A reader sees the previous version or the new one, never a part.
 *
 * <p><b>Gate ids</b> become file names, so only ids of 1 to 128 characters among {@code A-Z a-z 0-9 . _ -} not
 * starting with {@code .} are accepted, as by {@code FileCheckpointStore}; the engine's ids ({@code gate-…}) qualify.
 */
public final class FilePauseStore implements PauseStore {

    /** The end of every pause file's name. */
    public static final String SUFFIX = ".pause.json";

    private static final Pattern GATE_ID = Pattern.compile("[A-Za-z0-9._-]{1,128}");

    private final Path directory;
    private final PauseJson json;

    private FilePauseStore(Path directory) {
        this.directory = directory;
        this.json = Shared.JSON;
    }

    /**
     * @param directory the directory of the pause files, created by the first {@link #save(Pause)}
     * @return the store
     */
    public static FilePauseStore in(Path directory) {
        return new FilePauseStore(Checks.notNull(directory, "directory"));
    }

    /**
     * @param checkpoints an agent loop's checkpoint store
     * @return a store of pauses in the same directory
     */
    public static FilePauseStore beside(FileCheckpointStore checkpoints) {
        return in(Checks.notNull(checkpoints, "checkpoints").directory());
    }

    /** @return the directory of the pause files */
    public Path directory() {
        return directory;
    }

    /**
     * @param gateId a gate id
     * @return {@code <directory>/<gateId>.pause.json}, whether or not it exists
     * @throws IllegalArgumentException naming the id when it cannot name a file
     */
    public Path pathOf(String gateId) {
        Checks.notNull(gateId, "gateId");
        if (!isFileSafe(gateId)) {
            throw new IllegalArgumentException("gate id \"" + gateId + "\" cannot name a pause file: it must be 1 to"
                    + " 128 characters among A-Z a-z 0-9 . _ - and not start with '.'");
        }
        return directory.resolve(gateId + SUFFIX);
    }

    @Override
    public void save(Pause pause) throws IOException {
        Checks.notNull(pause, "pause");
        Path target = pathOf(pause.gateId());
        AtomicFile.replace(target, pause.gateId(), json.writeBytes(pause));
    }

    /**
     * {@inheritDoc}
     *
     * @throws CheckpointFormatException naming the file when it does not hold a valid pause, or holds another gate's
     */
    @Override
    public Optional<Pause> load(String gateId) throws IOException {
        Path file = pathOf(gateId);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        Pause pause;
        try {
            pause = json.read(bytes);
        } catch (CheckpointFormatException e) {
            throw new CheckpointFormatException(file + " does not hold a valid pause: " + e.getMessage(), e);
        }
        if (!pause.gateId().equals(gateId)) {
            throw new CheckpointFormatException(file + " holds the pause of gate \"" + pause.gateId() + "\", not of \""
                    + gateId + "\"");
        }
        return Optional.of(pause);
    }

    /** {@inheritDoc} Lists the {@code *.pause.json} files (a missing directory has none), never temporary ones. */
    @Override
    public List<String> pending() throws IOException {
        List<String> ids = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (name.endsWith(SUFFIX)) {
                    String id = name.substring(0, name.length() - SUFFIX.length());
                    if (isFileSafe(id) && Files.isRegularFile(entry)) {
                        ids.add(id);
                    }
                }
            }
        } catch (NoSuchFileException e) {
            return List.of();
        }
        ids.sort(null);
        return List.copyOf(ids);
    }

    @Override
    public boolean delete(String gateId) throws IOException {
        return Files.deleteIfExists(pathOf(gateId));
    }

    @Override
    public String toString() {
        return "FilePauseStore[" + directory + "]";
    }

    private static boolean isFileSafe(String gateId) {
        return GATE_ID.matcher(gateId).matches() && gateId.charAt(0) != '.';
    }

    /** The one {@link PauseJson} of all stores. */
    private static final class Shared {
        static final PauseJson JSON = PauseJson.create();
    }
}
