package dev.terminus.checkpoint;

import dev.terminus.Preconditions;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.PausedRun;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.checkpoint.internal.GateFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A {@link GateStore} keeping one file per paused run, {@code <gateId>.<kind>.json}, in a directory, written and read
 * by a {@link Codec}: an agent loop's checkpoints as {@code *.checkpoint.json} ({@link #checkpoints(Path)}, in the
 * layout of {@link CheckpointJson}), a convergence engine's pauses as {@code *.pause.json} (with the engine's
 * {@code PauseJson}). Stores of different kinds share a directory without listing each other's files, so an
 * application keeps every paused run in one place. Thread-safe, and safe to share a directory between processes.
 *
 * {@snippet :
 * FileGateStore<Checkpoint> store = FileGateStore.checkpoints(Path.of("checkpoints"));
 * agent.run("Refund order 42").checkpoint().ifPresent(store::save);   // checkpoints/gate-….checkpoint.json
 * // later, maybe in another process:
 * for (String gateId : store.pending()) {
 *     RunResult done = agent.approve(store.load(gateId).orElseThrow());
 *     store.delete(gateId);
 * }
 * FileGateStore<Pause> pauses = store.beside(PauseJson.ofDefaults());   // checkpoints/gate-….pause.json
 * }
 *
 * <p><b>Atomic replacement.</b> {@link #save(PausedRun)} writes the file to a temporary file in the same directory
 * (named {@code .<gateId>…tmp}, so that {@link #pending()} never lists it), forces it to disk, then renames it over
 * the run's file with {@link java.nio.file.StandardCopyOption#ATOMIC_MOVE}. A reader therefore sees the previous
 * version or the new one, never a part of either, even when the process dies mid-write; the temporary file is deleted
 * when the save fails. A process killed mid-save leaves its temporary file behind; every save first removes those
 * of processes that are gone (never one a live process is writing), so a directory holds no leftover after the next
 * save. Only on a file system that cannot rename atomically
 * ({@link java.nio.file.AtomicMoveNotSupportedException}) is the file replaced by a plain move. After the rename the
 * directory itself is forced to disk where the platform allows it (not on Windows), so that a saved run survives a
 * power loss too.
 *
 * <p><b>Gate ids</b> become file names, so only ids of 1 to 128 characters among {@code A-Z a-z 0-9 . _ -} not
 * starting with {@code .} are accepted: a crafted id such as {@code ../x} cannot name a file outside the directory.
 * The ids of the agent loop and of the convergence engine ({@code gate-…}) always qualify. On a case-insensitive
 * file system, ids differing only in case name the same file.
 *
 * <p>On POSIX file systems the files are created readable and writable by their owner only (they hold transcripts
 * and contexts).
 *
 * <p><b>Errors.</b> What the file system refuses, and a file that does not hold a valid paused run, is a
 * {@link GateStoreException} naming the gate and the file (the directory, for {@link #pending()}); its cause is the
 * {@link IOException}, a {@link CheckpointFormatException} for a corrupt or renamed file.
 *
 * @param <T> what the store holds
 */
public final class FileGateStore<T extends PausedRun> implements GateStore<T> {

    private static final Pattern KIND = Pattern.compile("[a-z][a-z0-9-]*");

    private final GateFiles files;
    private final Codec<T> codec;

    private FileGateStore(GateFiles files, Codec<T> codec) {
        this.files = files;
        this.codec = codec;
    }

    /**
     * A store of an agent loop's checkpoints, {@code <gateId>.checkpoint.json}, in the layout of
     * {@link CheckpointJson}. Such stores share one {@link CheckpointJson}.
     *
     * @param directory the directory of the files, created (with its parents) by the first {@link #save(PausedRun)}
     * @return the store
     */
    public static FileGateStore<Checkpoint> checkpoints(Path directory) {
        return in(directory, Shared.CHECKPOINTS);
    }

    /**
     * A store of the paused runs a codec writes, {@code <gateId>.<kind>.json}.
     *
     * @param directory the directory of the files, created (with its parents) by the first {@link #save(PausedRun)}
     * @param codec turns a paused run into a file's bytes and back, and names the kind of file
     * @param <T> what the store holds
     * @return the store
     * @throws IllegalArgumentException naming the codec's kind when it is not a lower-case letter followed by
     *     lower-case letters, digits and {@code -}
     */
    public static <T extends PausedRun> FileGateStore<T> in(Path directory, Codec<T> codec) {
        Preconditions.notNull(directory, "directory");
        Preconditions.notNull(codec, "codec");
        String kind = Preconditions.notNull(codec.kind(), "codec.kind()");
        if (!KIND.matcher(kind).matches()) {
            throw new IllegalArgumentException("codec.kind() \"" + kind + "\" cannot be part of a file name: it must"
                    + " be a lower-case letter followed by lower-case letters, digits and '-'");
        }
        return new FileGateStore<>(GateFiles.in(directory, "." + kind + ".json", kind), codec);
    }

    /**
     * A store of another kind in the same directory: neither lists the other's files.
     *
     * @param codec turns a paused run into a file's bytes and back, and names the kind of file
     * @param <U> what the other store holds
     * @return the store
     * @throws IllegalArgumentException naming the codec's kind when it is not as {@link #in(Path, Codec)} requires
     */
    public <U extends PausedRun> FileGateStore<U> beside(Codec<U> codec) {
        return in(directory(), codec);
    }

    /** @return the directory of the files */
    public Path directory() {
        return files.directory();
    }

    /** @return the end of every file's name, {@code .<kind>.json} */
    public String suffix() {
        return files.suffix();
    }

    /**
     * The file a gate's paused run is stored in, whether or not it exists.
     *
     * @param gateId a gate id
     * @return {@code <directory>/<gateId>.<kind>.json}
     * @throws IllegalArgumentException naming the id when it cannot name a file (see the class comment)
     */
    public Path pathOf(String gateId) {
        return files.pathOf(gateId);
    }

    /**
     * {@inheritDoc}
     *
     * @throws GateStoreException naming the gate and the file when it cannot be written, the {@link IOException}
     *     as its cause
     * @throws IllegalArgumentException naming the gate id when it cannot name a file (see the class comment), or a
     *     value the codec cannot write
     */
    @Override
    public void save(T paused) {
        Preconditions.notNull(paused, "paused");
        String gateId = paused.gateId();
        Path file = files.pathOf(gateId); // refuses a bad id before the value is encoded
        byte[] bytes = codec.writeBytes(paused);
        try {
            files.save(gateId, bytes);
        } catch (IOException e) {
            throw new GateStoreException("cannot save the " + codec.kind() + " of gate \"" + gateId + "\" to " + file
                    + ": " + reason(e), e);
        }
    }

    /**
     * {@inheritDoc}
     *
     * @throws GateStoreException naming the gate and the file when it cannot be read, with the {@link IOException}
     *     as its cause: a {@link CheckpointFormatException} naming the file when what it holds is not valid for the
     *     codec, or is the run of another gate (a renamed file)
     * @throws IllegalArgumentException naming the gate id when it cannot name a file (see the class comment)
     */
    @Override
    public Optional<T> load(String gateId) {
        try {
            return files.load(gateId, codec::read, PausedRun::gateId);
        } catch (CheckpointFormatException e) { // its message names the file
            throw new GateStoreException("cannot load the " + codec.kind() + " of gate \"" + gateId + "\": "
                    + e.getMessage(), e);
        } catch (IOException e) {
            throw new GateStoreException("cannot load the " + codec.kind() + " of gate \"" + gateId + "\" from "
                    + files.pathOf(gateId) + ": " + reason(e), e);
        }
    }

    /**
     * {@inheritDoc} Lists the {@code *.<kind>.json} files (a missing directory has none), never temporary ones nor
     * those of another kind. A listed run may still fail to {@linkplain #load(String) load} when its file is corrupt.
     *
     * @throws GateStoreException naming the directory when it cannot be read, the {@link IOException} as its cause
     */
    @Override
    public List<String> pending() {
        try {
            return files.pending();
        } catch (IOException e) {
            throw new GateStoreException("cannot list the " + codec.kind() + " files in " + directory() + ": "
                    + reason(e), e);
        }
    }

    /**
     * {@inheritDoc}
     *
     * @throws GateStoreException naming the gate and the file when it cannot be removed, the {@link IOException} as
     *     its cause
     * @throws IllegalArgumentException naming the gate id when it cannot name a file (see the class comment)
     */
    @Override
    public boolean delete(String gateId) {
        Path file = files.pathOf(gateId);
        try {
            return files.delete(gateId);
        } catch (IOException e) {
            throw new GateStoreException("cannot delete the " + codec.kind() + " of gate \"" + gateId + "\" at "
                    + file + ": " + reason(e), e);
        }
    }

    /** @return what went wrong: the message, after the exception's name unless it is a plain IOException */
    private static String reason(IOException e) {
        String message = e.getMessage();
        if (e.getClass() == IOException.class && message != null) {
            return message;
        }
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    @Override
    public String toString() {
        return "FileGateStore[" + directory() + ", *" + suffix() + "]";
    }

    /**
     * Turns a paused run into the bytes of its file and back, and names the kind of file: {@link CheckpointJson} for
     * checkpoints, the convergence engine's {@code PauseJson} for pauses. Implementations must be thread-safe.
     *
     * @param <T> what it writes and reads
     */
    public interface Codec<T extends PausedRun> {

        /**
         * @return what a file holds, such as {@code checkpoint}: files are named {@code <gateId>.<kind>.json}, and a
         *     message refusing a file names it
         */
        String kind();

        /**
         * @param paused a paused run
         * @return the bytes of its file
         * @throws IllegalArgumentException naming the value when one cannot be written
         */
        byte[] writeBytes(T paused);

        /**
         * @param bytes the content of a file
         * @return the paused run it holds
         * @throws CheckpointFormatException naming the field and the bad value when the bytes do not hold one
         */
        T read(byte[] bytes) throws CheckpointFormatException;
    }

    /** The one {@link CheckpointJson} of all checkpoint stores, built when the first is. */
    private static final class Shared {
        static final CheckpointJson CHECKPOINTS = CheckpointJson.ofDefaults();
    }
}
