package dev.terminus.cli.report;

import dev.terminus.checkpoint.AtomicFile;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Summary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** Writing a report's page and printing its summary, for {@code terminus eval} and {@code terminus report}. */
public final class Reports {
    private Reports() {}

    /**
     * Writes the page {@linkplain AtomicFile atomically}, so a reader never sees half a page.
     *
     * @param title the suite's name
     * @param summary the summary
     * @param rows the rows
     * @param page where
     * @throws IOException when it cannot be written
     */
    public static void writeHtml(String title, Summary summary, List<ReportRow> rows, Path page) throws IOException {
        AtomicFile.replace(page, "report", HtmlReport.render(title, summary, rows).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param out where
     * @param title the suite's name
     * @param summary the summary
     */
    public static void printSummary(PrintStream out, String title, Summary summary) {
        TextSummary.lines(title, summary).forEach(out::println);
    }
}
