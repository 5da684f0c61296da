package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.temporal.spi.PayloadStore;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Pattern;

/**
 * A {@link PayloadStore} in a directory that every worker and client reaches (a local disk for workers on one host,
 * a shared volume for several): each blob is a file named by its key, written whole to a temporary file and moved in
 * place, so a reader sees a blob whole or not at all, and a blob is never changed once written.
 *
 * {@snippet :
 * DataConverter converter = TerminusDataConverter.of(new TerminusModule(),
 *         DirectoryPayloadStore.of(Path.of("/mnt/terminus-payloads")), 128 * 1024);
 * }
 */
public final class DirectoryPayloadStore implements PayloadStore {
    private static final Pattern KEY = Pattern.compile("[0-9a-f]{64}");

    private final Path directory;

    private DirectoryPayloadStore(Path directory) {
        this.directory = directory;
    }

    /**
     * @param directory the directory; made when missing
     * @return the store
     * @throws IOException naming the directory when it cannot be made or is not a directory
     */
    public static DirectoryPayloadStore of(Path directory) throws IOException {
        Preconditions.notNull(directory, "directory");
        Files.createDirectories(directory);
        return new DirectoryPayloadStore(directory.toAbsolutePath());
    }

    @Override
    public void put(String key, byte[] blob) throws IOException {
        Path target = file(key);
        if (Files.exists(target)) {
            return; // content-addressed: the same key holds the same bytes
        }
        Path partial = Files.createTempFile(directory, key, ".partial");
        try {
            Files.write(partial, blob);
            try {
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    @Override
    public byte[] get(String key) throws IOException {
        try {
            return Files.readAllBytes(file(key));
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file(key).toString(), null, "no payload is stored under key " + key
                    + " in " + directory);
        }
    }

    private Path file(String key) {
        if (!KEY.matcher(key).matches()) {
            throw new IllegalArgumentException("a payload key is 64 lowercase hex digits (a SHA-256), was \"" + key
                    + "\"");
        }
        return directory.resolve(key);
    }

    @Override
    public String toString() {
        return "DirectoryPayloadStore[" + directory + "]";
    }
}
