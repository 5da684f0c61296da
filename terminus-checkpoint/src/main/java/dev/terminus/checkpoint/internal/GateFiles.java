package dev.terminus.checkpoint.internal;

import dev.terminus.Preconditions;
import dev.terminus.checkpoint.CheckpointFormatException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A directory of one file per paused gate, {@code <gateId><suffix>}: the file handling behind
 * {@link dev.terminus.checkpoint.FileGateStore}, which keeps an agent loop's checkpoints as {@code *.checkpoint.json}
 * through one and the convergence engine's pauses as {@code *.pause.json} through another, usually in the same
 * directory; each turns its own value into bytes and back (a {@link Reader}), and neither lists the other's
 * files. Immutable, thread-safe, and safe to share a directory between processes.
 *
 * {@snippet :
 * // given: record Review(String gateId, String verdict) {}; byte[] reviewBytes; GateFiles.Reader<Review> reviewJson
 * GateFiles files = GateFiles.in(Path.of("checkpoints"), ".review.json", "review");
 * files.save("gate-7f3a", reviewBytes);           // checkpoints/gate-7f3a.review.json, replaced atomically
 * for (String gateId : files.pending()) {          // ["gate-7f3a"]
 *     Review review = files.load(gateId, reviewJson::read, Review::gateId).orElseThrow();
 *     files.delete(gateId);
 * }
 * }
 *
 * <p><b>Atomic replacement.</b> {@link #save(String, byte[])} goes through {@link AtomicFile}: the bytes are written
 * to a temporary file in the directory (named {@code .<gateId>…tmp}, so that {@link #pending()} never lists it),
 * forced to disk and renamed over the gate's file. A reader sees the previous version or the new one, never a part
 * of either, even when the process dies mid-write; the temporary files such a death leaves are removed by the next
 * save in the directory. On POSIX file systems the files are readable and writable by
 * their owner only.
 *
 * <p><b>Gate ids</b> become file names, so only ids of 1 to 128 characters among {@code A-Z a-z 0-9 . _ -} not
 * starting with {@code .} are accepted: a crafted id such as {@code ../x} cannot name a file outside the directory.
 * On a case-insensitive file system, ids differing only in case name the same file.
 */
public final class GateFiles {

    private static final Pattern GATE_ID = Pattern.compile("[A-Za-z0-9._-]{1,128}");
    private static final Pattern SUFFIX = Pattern.compile("\\.[A-Za-z0-9._-]+");

    private final Path directory;
    private final String suffix;
    private final String kind;

    private GateFiles(Path directory, String suffix, String kind) {
        this.directory = directory;
        this.suffix = suffix;
        this.kind = kind;
    }

    /**
     * A directory of gate files, created (with its parents) by the first {@link #save(String, byte[])}.
     *
     * @param directory the directory of the files
     * @param suffix the end of every file's name, such as {@code .checkpoint.json}: a {@code .} then characters among
     *     {@code A-Z a-z 0-9 . _ -}
     * @param kind what a file holds, such as {@code checkpoint}, for the message refusing a gate id
     * @return the files
     * @throws IllegalArgumentException naming the suffix or the kind when it is not as described
     */
    public static GateFiles in(Path directory, String suffix, String kind) {
        Preconditions.notNull(directory, "directory");
        Preconditions.notNull(suffix, "suffix");
        Preconditions.notNull(kind, "kind");
        if (!SUFFIX.matcher(suffix).matches()) {
            throw new IllegalArgumentException("suffix \"" + suffix + "\" must be a '.' then one or more characters"
                    + " among A-Z a-z 0-9 . _ -");
        }
        if (kind.isBlank()) {
            throw new IllegalArgumentException("kind \"" + kind + "\" must not be blank");
        }
        return new GateFiles(directory, suffix, kind);
    }

    /** @return the directory of the files */
    public Path directory() {
        return directory;
    }

    /** @return the end of every file's name */
    public String suffix() {
        return suffix;
    }

    /**
     * The file of a gate, whether or not it exists.
     *
     * @param gateId a gate id
     * @return {@code <directory>/<gateId><suffix>}
     * @throws IllegalArgumentException naming the id when it cannot name a file (see the class comment)
     */
    public Path pathOf(String gateId) {
        Preconditions.notNull(gateId, "gateId");
        if (!isGateId(gateId)) {
            throw new IllegalArgumentException("gate id \"" + gateId + "\" cannot name a " + kind + " file: it must be"
                    + " 1 to 128 characters among A-Z a-z 0-9 . _ - and not start with '.'");
        }
        return directory.resolve(gateId + suffix);
    }

    /**
     * Creates or atomically replaces a gate's file.
     *
     * @param gateId a gate id
     * @param bytes the file's new content
     * @throws IllegalArgumentException naming the id when it cannot name a file (see the class comment)
     * @throws IOException when the file cannot be written; its previous version, if any, is then intact
     */
    public void save(String gateId, byte[] bytes) throws IOException {
        Path target = pathOf(gateId);
        AtomicFile.replace(target, gateId, Preconditions.notNull(bytes, "bytes"));
    }

    /**
     * @param gateId a gate id
     * @return the content of the gate's file, or empty when there is none
     * @throws IllegalArgumentException naming the id when it cannot name a file (see the class comment)
     * @throws IOException when the file exists but cannot be read
     */
    public Optional<byte[]> load(String gateId) throws IOException {
        Path file = pathOf(gateId);
        try {
            return Optional.of(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /**
     * Reads a gate's file as the value it holds, checking that it is that gate's: the typed load of a store.
     *
     * @param gateId a gate id
     * @param reader turns the file's bytes into the value, such as {@code CheckpointJson::read}
     * @param gateIdOf the gate id the value holds
     * @param <T> the type of the value
     * @return the value, or empty when the gate has no file
     * @throws CheckpointFormatException naming the file when the reader refuses its content, or when the value is
     *     another gate's (a renamed file)
     * @throws IllegalArgumentException naming the id when it cannot name a file (see the class comment)
     * @throws IOException when the file exists but cannot be read
     */
    public <T> Optional<T> load(String gateId, Reader<? extends T> reader, Function<? super T, String> gateIdOf)
            throws IOException {
        Preconditions.notNull(reader, "reader");
        Preconditions.notNull(gateIdOf, "gateIdOf");
        Optional<byte[]> bytes = load(gateId);
        if (bytes.isEmpty()) {
            return Optional.empty();
        }
        Path file = pathOf(gateId);
        T value;
        try {
            value = reader.read(bytes.get());
        } catch (CheckpointFormatException e) {
            throw new CheckpointFormatException(file + " does not hold a valid " + kind + ": " + e.getMessage(), e);
        }
        String heldId = gateIdOf.apply(value);
        if (!gateId.equals(heldId)) {
            throw new CheckpointFormatException(file + " holds the " + kind + " of gate \"" + heldId + "\", not of \""
                    + gateId + "\"");
        }
        return Optional.of(value);
    }

    /**
     * The ids of the gates that have a file, sorted by {@link String#compareTo}. Lists the regular files whose name
     * is a valid gate id followed by the suffix (a missing directory has none), never temporary files nor files of
     * another suffix.
     *
     * @return the gate ids
     * @throws IOException when the directory cannot be read
     */
    public List<String> pending() throws IOException {
        List<String> ids = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (name.endsWith(suffix)) {
                    String id = name.substring(0, name.length() - suffix.length());
                    if (isGateId(id) && Files.isRegularFile(entry)) {
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

    /**
     * @param gateId a gate id
     * @return whether there was a file to delete
     * @throws IllegalArgumentException naming the id when it cannot name a file (see the class comment)
     * @throws IOException when the file cannot be deleted
     */
    public boolean delete(String gateId) throws IOException {
        return Files.deleteIfExists(pathOf(gateId));
    }

    @Override
    public String toString() {
        return "GateFiles[" + directory + ", *" + suffix + "]";
    }

    /**
     * Turns the bytes of a gate's file into the value it holds.
     *
     * @param <T> the type of the value
     */
    @FunctionalInterface
    public interface Reader<T> {
        /**
         * @param bytes the content of a file
         * @return the value it holds
         * @throws CheckpointFormatException naming the field and the bad value when the bytes do not hold one
         */
        T read(byte[] bytes) throws CheckpointFormatException;
    }

    private static boolean isGateId(String gateId) {
        return GATE_ID.matcher(gateId).matches() && gateId.charAt(0) != '.';
    }
}
