package dev.terminus.eval.internal;

import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantLock;

/** A UTF-8 file written line by line, each line flushed; appends from many threads never interleave. */
public final class LineFile implements Closeable {
    private final Writer out;
    private final ReentrantLock lock = new ReentrantLock();

    private LineFile(Writer out) {
        this.out = out;
    }

    /**
     * @param path the file, created or truncated
     * @return the file, open
     * @throws IOException when it cannot be created
     */
    public static LineFile create(Path path) throws IOException {
        return new LineFile(Files.newBufferedWriter(path, StandardCharsets.UTF_8));
    }

    /**
     * @param line a line, without its line break
     * @throws IOException when it cannot be written
     */
    public void append(String line) throws IOException {
        lock.lock();
        try {
            out.write(line);
            out.write('\n');
            out.flush();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() throws IOException {
        lock.lock();
        try {
            out.close();
        } finally {
            lock.unlock();
        }
    }
}
