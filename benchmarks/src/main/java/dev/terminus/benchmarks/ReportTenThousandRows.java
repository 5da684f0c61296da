package dev.terminus.benchmarks;

import dev.terminus.cli.report.Reports;
import dev.terminus.cli.report.TextSummary;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.ReportWriter;
import dev.terminus.eval.Summary;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How long the report of 10,000 rows takes to render, as {@code terminus report} renders it. Not a
 * microbenchmark: a main class run by hand,
 * {@code java -cp benchmarks/target/benchmarks.jar dev.terminus.benchmarks.ReportTenThousandRows}.
 *
 * <p>2,500 tasks times 4 repeats of varied rows ({@link ReportRowsOf10k}) are written with the eval library's
 * {@link ReportWriter} in the command's row format, then each round does what the command does after the JVM has
 * started: reads the file back ({@link Reports#read}, tolerant), rolls the rows up ({@link Reports#summarize}),
 * renders the terminal summary ({@link TextSummary#lines}) and renders and writes the HTML page
 * ({@link Reports#writeHtml}: {@code HtmlReport.render}, then an atomic replace). Prints each phase's wall time per
 * round; the first round of a JVM includes class loading and JIT warm-up.
 *
 * <p>Arguments: {@code [tasks] [rounds] [dir]}: 2,500 tasks and 5 rounds by default; with a directory, the report and
 * the page are written there and kept (to time {@code terminus report DIR/report.jsonl} on its own, JVM start
 * included), else in a temporary directory removed at the end.
 */
public final class ReportTenThousandRows {
    private ReportTenThousandRows() {}

    /**
     * @param args optional task count, rounds and a directory to keep the files in
     * @throws Exception when the files cannot be written or read
     */
    public static void main(String[] args) throws Exception {
        int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 2_500;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        boolean keep = args.length > 2;
        Path dir = keep ? Files.createDirectories(Path.of(args[2])) : Files.createTempDirectory("terminus-render-10k");
        Path report = dir.resolve("report.jsonl");
        Path page = dir.resolve("report.html");
        try {
            List<ReportRow> made = ReportRowsOf10k.rows(tasks);
            try (ReportWriter writer = ReportWriter.create(report, Reports.json())) {
                for (ReportRow row : made) {
                    writer.write(row);
                }
            }
            System.out.printf("%,d rows (%,d tasks x %d repeats), report %,d bytes; %d processors, Java %s,"
                    + " JVM up %,d ms%n", made.size(), tasks, ReportRowsOf10k.REPEATS, Files.size(report),
                    Runtime.getRuntime().availableProcessors(), Runtime.version(),
                    ManagementFactory.getRuntimeMXBean().getUptime());
            for (int round = 1; round <= rounds; round++) {
                long start = System.nanoTime();
                List<ReportRow> rows = Reports.read(report);
                long read = System.nanoTime();
                Summary summary = Reports.summarize(rows);
                long summarized = System.nanoTime();
                String text = String.join("\n", TextSummary.lines("report.jsonl", summary));
                long texted = System.nanoTime();
                Reports.writeHtml("report.jsonl", summary, rows, page);
                long paged = System.nanoTime();
                System.out.printf("round %d: read %,d ms (%,d rows), summary %,d ms, text %,d ms (%,d chars),"
                        + " page render + write %,d ms (%,d bytes); total %,d ms%n", round, ms(start, read),
                        rows.size(), ms(read, summarized), ms(summarized, texted), text.length(), ms(texted, paged),
                        Files.size(page), ms(start, paged));
            }
            System.out.printf("JVM up %,d ms%n", ManagementFactory.getRuntimeMXBean().getUptime());
        } finally {
            if (keep) {
                System.out.println("kept " + report + " and " + page);
            } else {
                Files.deleteIfExists(page);
                Files.deleteIfExists(report);
                Files.deleteIfExists(dir);
            }
        }
    }

    private static long ms(long from, long to) {
        return (to - from) / 1_000_000;
    }
}
