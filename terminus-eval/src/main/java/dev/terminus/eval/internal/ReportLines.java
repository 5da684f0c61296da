package dev.terminus.eval.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.terminus.eval.ReportJson;
import dev.terminus.eval.ReportRow;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reads a report's lines as rows, byte by byte, so that a last line cut anywhere (even inside a character) is told
 * apart from a damaged line. A line is whole when its line break ({@code \n}) is written: a whole line that is not
 * UTF-8 text or not a row is an error naming the line. The bytes after the last line break are a row that only lacks
 * its line break when they read as one; otherwise they are a torn line (the process died while writing it), which is
 * not a row and not an error. Blank lines are skipped; a line may end with {@code \r\n}.
 */
public final class ReportLines {
    private static final int CHUNK = 64 * 1024;

    private ReportLines() {}

    /**
     * What a report file holds.
     *
     * @param rows the rows, in file order
     * @param tail the bytes after the last line break (0 when the file ends with one or is empty)
     * @param tailIsRow whether those bytes are a whole row (in {@code rows}) that only lacks its line break; when
     *     false and {@code tail > 0}, they are a torn line that is not in {@code rows}
     */
    public record Scan(List<ReportRow> rows, long tail, boolean tailIsRow) {
        /** @return the bytes of a torn last line, 0 when there is none */
        public long tornBytes() {
            return tailIsRow ? 0 : tail;
        }
    }

    /**
     * @param path the report
     * @param json the row format
     * @return its rows and its tail
     * @throws IOException when the file cannot be read, or a line that has its line break is not a row (the message
     *     names the file and the line number)
     */
    public static Scan scan(Path path, ReportJson json) throws IOException {
        List<ReportRow> rows = new ArrayList<>();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        byte[] chunk = new byte[CHUNK];
        int number = 0;
        try (InputStream in = Files.newInputStream(path)) {
            int read;
            while ((read = in.read(chunk)) >= 0) {
                int start = 0;
                for (int i = 0; i < read; i++) {
                    if (chunk[i] == '\n') {
                        line.write(chunk, start, i - start);
                        number++;
                        ReportRow row = row(path, number, line.toByteArray(), json);
                        if (row != null) {
                            rows.add(row);
                        }
                        line.reset();
                        start = i + 1;
                    }
                }
                line.write(chunk, start, read - start);
            }
        }
        if (line.size() == 0) {
            return new Scan(rows, 0, false);
        }
        try {
            ReportRow last = row(path, number + 1, line.toByteArray(), json);
            if (last != null) {
                rows.add(last);
                return new Scan(rows, line.size(), true);
            }
        } catch (IOException torn) {
            // a line cut short by a crash while it was written: not a row, and not an error
        }
        return new Scan(rows, line.size(), false);
    }

    /** @return the row, or null for a blank line */
    private static @Nullable ReportRow row(Path path, int number, byte[] bytes, ReportJson json) throws IOException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IOException(path + " line " + number + ": not UTF-8 text", e);
        }
        if (text.isBlank()) {
            return null;
        }
        try {
            return json.read(text.strip());
        } catch (JsonProcessingException e) {
            throw new IOException(path + " line " + number + ": " + e.getOriginalMessage(), e);
        }
    }
}
