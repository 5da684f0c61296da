package dev.terminus.eval;

import dev.terminus.Preconditions;
import dev.terminus.eval.internal.LineFile;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes a JSON Lines report, one {@link ReportRow} per line, each line handed to the file in one write with its
 * line break (forced to the disk on {@link #close()}, not line by line): a killed process loses no row written before
 * it and leaves at most a torn last line, which {@link ReportReader} skips. Thread-safe: rows written at once from many threads never
 * interleave. A {@link Benchmark} writes its report with one; this class is for tools that write rows of their own
 * (merging reports, converting another harness's results).
 *
 * {@snippet :
 * // given: List<ReportRow> rows
 * try (ReportWriter writer = ReportWriter.create(Path.of("merged.jsonl"), ReportJson.ofDefaults())) {
 *     for (ReportRow row : rows) {
 *         writer.write(row);
 *     }
 * }
 * }
 */
public final class ReportWriter implements Closeable {
    private final LineFile file;
    private final ReportJson json;

    private ReportWriter(LineFile file, ReportJson json) {
        this.file = file;
        this.json = json;
    }

    /**
     * Creates the report, replacing a file of that name.
     *
     * @param path the file; its directory must exist
     * @param json the row format
     * @return a writer
     * @throws IOException when the file cannot be created
     */
    public static ReportWriter create(Path path, ReportJson json) throws IOException {
        Preconditions.notNull(path, "path");
        Preconditions.notNull(json, "json");
        return new ReportWriter(LineFile.create(path), json);
    }

    /**
     * Writes a row as one line, in one write.
     *
     * @param row the row
     * @throws IOException when the file cannot be written
     * @throws IllegalArgumentException when the row's termination is an extension the format does not know
     */
    public void write(ReportRow row) throws IOException {
        file.append(json.write(row));
    }

    /** Forces the file to the disk and closes it. */
    @Override
    public void close() throws IOException {
        file.close();
    }
}
