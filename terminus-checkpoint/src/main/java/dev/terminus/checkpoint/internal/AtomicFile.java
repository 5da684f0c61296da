package dev.terminus.checkpoint.internal;

import dev.terminus.Preconditions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces a file so that a reader, or a process that crashes mid-write, sees either the old content or the new one,
 * never a part of it; and removes what such a crash leaves behind.
 *
 * <p>The bytes go to a temporary file in the target's directory, are forced to disk, then the temporary file is
 * renamed over the target with {@link StandardCopyOption#ATOMIC_MOVE} (a plain replacing move only where the file
 * system cannot rename atomically). The directory is then forced, where the platform allows it, so the rename survives
 * a power loss. When anything fails the temporary file is deleted and the previous target, if any, is left as it was.
 * On POSIX file systems the temporary file, so the target, is readable and writable by its owner only.
 *
 * <p><b>Leftovers.</b> A process killed between creating its temporary file and renaming it (SIGKILL, a power loss)
 * leaves the temporary file behind. Temporary files are named {@code .<prefix>~<pid>~<random>.tmp} (a leading dot, so
 * listings that look for the target's suffix skip them), after the process writing them. Every {@link #replace} first
 * removes the temporary files of that naming in its directory whose process is gone: one of a process that no longer
 * runs on this machine, or one of this process that no write of it is using. A temporary file of a live process is
 * never touched, so processes on one machine can share a directory. (A process id reused by a new process keeps that
 * leftover until the new process ends; a directory shared by processes of several machines must not hold two
 * processes' writes at once with the same process id.)
 *
 * <p>The one write procedure of {@link GateFiles}, so of every {@link dev.terminus.checkpoint.FileGateStore}.
 *
 * {@snippet :
 * AtomicFile.replace(Path.of("checkpoints/gate-7f3a.checkpoint.json"), "gate-7f3a",
 *         CheckpointJson.ofDefaults().writeBytes(checkpoint));
 * }
 */
public final class AtomicFile {
    private static final Pattern TEMPORARY = Pattern.compile("\\..*~(\\d+)~[0-9a-f]{16}\\.tmp");
    private static final long PID = ProcessHandle.current().pid();
    /** This process's temporary files being written. */
    private static final Set<Path> WRITING = ConcurrentHashMap.newKeySet();

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
        removeLeftovers(directory);
        Path temp = directory.resolve("." + tempPrefix + "~" + PID + "~"
                + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()) + ".tmp");
        WRITING.add(temp);
        try {
            create(temp);
            writeToDisk(temp, bytes);
            moveOver(temp, absolute);
        } catch (Throwable failure) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException cleanup) {
                failure.addSuppressed(cleanup);
            }
            throw failure;
        } finally {
            WRITING.remove(temp);
        }
        forceDirectory(directory);
    }

    /**
     * Removes the temporary files a killed write left in a directory (see the class comment); a missing directory
     * has none.
     *
     * @param directory the directory
     * @return how many were removed; one that cannot be deleted (a permission) is left, for a later call
     * @throws IOException when the directory cannot be read
     */
    public static int removeLeftovers(Path directory) throws IOException {
        Preconditions.notNull(directory, "directory");
        int removed = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, ".*.tmp")) {
            for (Path entry : entries) {
                Matcher name = TEMPORARY.matcher(entry.getFileName().toString());
                if (name.matches() && abandoned(entry.toAbsolutePath(), name.group(1)) && delete(entry)) {
                    removed++;
                }
            }
        } catch (NoSuchFileException e) {
            return 0;
        }
        return removed;
    }

    private static boolean delete(Path leftover) {
        try {
            return Files.deleteIfExists(leftover);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean abandoned(Path temp, String pidText) {
        long pid;
        try {
            pid = Long.parseLong(pidText);
        } catch (NumberFormatException tooLarge) {
            return true; // no process has that id
        }
        if (pid == PID) {
            return !WRITING.contains(temp);
        }
        return ProcessHandle.of(pid).map(process -> !process.isAlive()).orElse(true);
    }

    private static void create(Path temp) throws IOException {
        if (temp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            FileAttribute<?> ownerOnly = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
            Files.createFile(temp, ownerOnly);
        } else {
            Files.createFile(temp);
        }
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
