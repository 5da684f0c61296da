package dev.terminus.eval;

import dev.terminus.Preconditions;
import dev.terminus.eval.internal.ReportLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a JSON Lines report back into {@link ReportRow}s, in file order: the format {@link ReportWriter} and
 * {@link Benchmark} write. Blank lines are skipped. A last line cut short (the file does not end with a line break
 * and the line is not a whole row, as after a crash while writing it, even one cut inside a character) is skipped
 * too: every row written before it reads back. {@link Benchmark#resume} drops such a line from the file.
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
        return read(path, ReportJson.ofDefaults());
    }

    /**
     * @param path the report
     * @param json the row format, e.g. with the agents' extension cases or tolerant reading
     * @return its rows, in file order
     * @throws IOException when the file cannot be read, or a line is not a row or not UTF-8 text (the message names
     *     the file, the line number and what is wrong)
     */
    public static List<ReportRow> read(Path path, ReportJson json) throws IOException {
        Preconditions.notNull(path, "path");
        Preconditions.notNull(json, "json");
        return ReportLines.scan(path, json).rows();
    }

    /**
     * How long the torn last line of a report is: the bytes after its last line break when they are not a row (the
     * process writing it died mid-row). {@link #read} skips such a line; a caller that keeps the rows can say so.
     *
     * @param path the report
     * @param json the row format, as for {@link #read(Path, ReportJson)}
     * @return the torn line's length in bytes, 0 when the report has none
     * @throws IOException when the file cannot be read, or a line is not a row (as for {@link #read})
     */
    public static long tornLastLineBytes(Path path, ReportJson json) throws IOException {
        Preconditions.notNull(path, "path");
        Preconditions.notNull(json, "json");
        return ReportLines.scan(path, json).tornBytes();
    }
}
