package dev.terminus.eval.internal;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A UTF-8 file written line by line; appends from many threads never interleave.
 *
 * <p><b>What a crash leaves.</b> Each line goes to the file as one write of its bytes and its line break, from one
 * buffer, with nothing buffered in between: once {@link #append} returns, the line is in the operating system's hands
 * and survives the death of the process (SIGKILL included), and a process killed during the write leaves at most
 * that line cut short, as the file's last line: the line break is its last byte, so a line is whole exactly when its
 * line break is there. Lines are not forced to the disk one by one (that would cost a disk flush per row); the file
 * is forced when it is closed, so a power loss or an operating system crash may lose the lines of the last moments,
 * never a line in the middle.
 */
public final class LineFile implements Closeable {
    private final FileChannel channel;
    private final ReentrantLock lock = new ReentrantLock();

    private LineFile(FileChannel channel) {
        this.channel = channel;
    }

    /**
     * @param path the file, created or truncated
     * @return the file, open
     * @throws IOException when it cannot be created
     */
    public static LineFile create(Path path) throws IOException {
        return new LineFile(FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE));
    }

    /**
     * @param path an existing file whose content is whole lines, to write after them
     * @return the file, open at its end
     * @throws IOException when it cannot be opened
     */
    public static LineFile appendTo(Path path) throws IOException {
        return new LineFile(FileChannel.open(path, StandardOpenOption.WRITE, StandardOpenOption.APPEND));
    }

    /**
     * @param line a line, without its line break
     * @throws IOException when it cannot be written
     */
    public void append(String line) throws IOException {
        byte[] text = line.getBytes(StandardCharsets.UTF_8);
        ByteBuffer bytes = ByteBuffer.allocate(text.length + 1).put(text).put((byte) '\n').flip();
        lock.lock();
        try {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Forces the file to the disk and closes it. */
    @Override
    public void close() throws IOException {
        lock.lock();
        try (channel) {
            channel.force(false);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Replaces a file so that a crash leaves the old content or the new one, never a part: the bytes go to
     * {@code <name>.tmp} beside it (replaced when a crash left one), are forced to the disk, and that file is
     * renamed over the target atomically (by a plain move only where the file system cannot), then the directory is
     * forced where the platform allows it.
     *
     * @param target the file
     * @param bytes its new content
     * @throws IOException when it cannot be written; the target is then as it was
     */
    public static void replace(Path target, byte[] bytes) throws IOException {
        Path temp = target.resolveSibling(target.getFileName() + ".tmp");
        try (FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                out.write(buffer);
            }
            out.force(true);
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        Path directory = target.toAbsolutePath().getParent();
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException e) {
            // some platforms (Windows) cannot open a directory: the rename is atomic regardless
        }
    }
}
