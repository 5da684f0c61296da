package dev.terminus.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.terminus.Preconditions;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a JSON Lines report back into {@link ReportRow}s, in file order: the format {@link ReportWriter} and
 * {@link Benchmark} write. Blank lines are skipped. A last line cut short (the file does not end with a line break
 * and the line is not a whole row, as after a crash while writing it) is skipped too: every row written before it
 * reads back.
 *
 * {@snippet :
 * List<ReportRow> rows = ReportReader.read(Path.of("report.jsonl"));
 * Summary summary = Summary.of(rows);
 * }
 */
public final class ReportReader {
    private ReportReader() {}

    /**
     * Reads a report whose terminations are framework cases, strictly.
     *
     * @param path the report
     * @return its rows, in file order
     * @throws IOException when the file cannot be read, or a line is not a row (the message names the file, the line
     *     number and what is wrong)
     */
    public static List<ReportRow> read(Path path) throws IOException {
        return read(path, ReportJson.standard());
    }

    /**
     * @param path the report
     * @param json the row format, e.g. with the agents' extension cases or tolerant reading
     * @return its rows, in file order
     * @throws IOException when the file cannot be read, or a line is not a row (the message names the file, the line
     *     number and what is wrong)
     */
    public static List<ReportRow> read(Path path, ReportJson json) throws IOException {
        Preconditions.notNull(path, "path");
        Preconditions.notNull(json, "json");
        boolean whole = endsWithLineBreak(path);
        List<ReportRow> rows = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            String line = in.readLine();
            int number = 0;
            while (line != null) {
                number++;
                String next = in.readLine();
                if (!line.isBlank()) {
                    try {
                        rows.add(json.read(line));
                    } catch (JsonProcessingException e) {
                        if (next != null || whole) {
                            throw new IOException(path + " line " + number + ": " + e.getOriginalMessage(), e);
                        }
                    }
                }
                line = next;
            }
        }
        return rows;
    }

    private static boolean endsWithLineBreak(Path path) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(path)) {
            if (channel.size() == 0) {
                return true;
            }
            ByteBuffer last = ByteBuffer.allocate(1);
            channel.position(channel.size() - 1);
            channel.read(last);
            return last.get(0) == '\n';
        }
    }
}
