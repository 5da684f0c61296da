package dev.terminus.checkpoint.internal;

import dev.terminus.Preconditions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces a file so that a reader, or a process that crashes mid-write, sees either the old content or the new one,
 * never a part of it.
 *
 * <p>The bytes go to a temporary file in the target's directory (named {@code .<prefix>…tmp}, so listings that look
 * for the target's suffix skip it), are forced to disk, then the temporary file is renamed over the target with
 * {@link StandardCopyOption#ATOMIC_MOVE} (a plain replacing move only where the file system cannot rename
 * atomically). The directory is then forced, where the platform allows it, so the rename survives a power loss.
 * When anything fails the temporary file is deleted and the previous target, if any, is left as it was.
 *
 * <p>The one write procedure of {@link GateFiles}, so of every {@link dev.terminus.checkpoint.FileGateStore}.
 *
 * {@snippet :
 * AtomicFile.replace(Path.of("checkpoints/gate-7f3a.checkpoint.json"), "gate-7f3a", json);
 * }
 */
public final class AtomicFile {
    private AtomicFile() {}

    /**
     * @param target the file to create or replace; its directory is created with its parents when missing
     * @param tempPrefix the start of the temporary file's name, after the leading dot
     * @param bytes the new content
     * @throws IOException when it cannot be written; the previous file, if any, is then intact
     */
    public static void replace(Path target, String tempPrefix, byte[] bytes) throws IOException {
        Preconditions.notNull(target, "target");
        Preconditions.notNull(tempPrefix, "tempPrefix");
        Preconditions.notNull(bytes, "bytes");
        Path absolute = target.toAbsolutePath();
        Path directory = absolute.getParent();
        Files.createDirectories(directory);
        Path temp = Files.createTempFile(directory, "." + tempPrefix, ".tmp");
        try {
            writeToDisk(temp, bytes);
            moveOver(temp, absolute);
        } catch (Throwable failure) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException cleanup) {
                failure.addSuppressed(cleanup);
            }
            throw failure;
        }
        forceDirectory(directory);
    }

    private static void writeToDisk(Path file, byte[] bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
    }

    private static void moveOver(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Best effort: some platforms (Windows) cannot open a directory to force it. */
    private static void forceDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // The rename is atomic regardless; only its durability across a power loss is then up to the platform.
        }
    }
}
