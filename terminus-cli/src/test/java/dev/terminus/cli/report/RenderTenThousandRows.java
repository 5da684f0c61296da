package dev.terminus.cli.report;

import dev.terminus.Category;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.checkpoint.AtomicFile;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.ReportJson;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.ReportWriter;
import dev.terminus.eval.Summary;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Measures how long the report of 10,000 rows takes to render (not a test; nothing is asserted): 2,500 tasks times 4
 * repeats of varied rows (passes, wrong answers, excluded capacity stops, timeouts, auth failures, server failures
 * after retries, custom terminations; spread iterations and durations) are written with the eval library's
 * {@link ReportWriter} to a temporary file, then, as {@code terminus report} does it, read back with
 * {@link ReportReader}, rolled up with {@link Summary#of}, rendered by {@link HtmlReport#render} and written with
 * {@link AtomicFile}. Prints each phase's wall time and the page's size. One round per JVM: run it in a fresh JVM each
 * time for cold figures. Arguments: {@code [tasks] [dir]}: 2,500 tasks by default; with a directory, the report and
 * the page are written there and kept (to time {@code terminus report DIR/report.jsonl} on its own), else in a temporary
 * directory removed at the end.
 */
public final class RenderTenThousandRows {
    private static final int REPEATS = 4;

    private RenderTenThousandRows() {}

    /**
     * @param args optional task count and directory to keep the files in
     * @throws Exception when the files cannot be written or read
     */
    public static void main(String[] args) throws Exception {
        int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 2_500;
        boolean keep = args.length > 1;
        Path dir = keep ? Files.createDirectories(Path.of(args[1])) : Files.createTempDirectory("terminus-render-10k");
        Path report = dir.resolve("report.jsonl");
        Path page = dir.resolve("report.html");
        try {
            List<ReportRow> made = rows(tasks);
            try (ReportWriter writer = ReportWriter.create(report, ReportJson.standard())) {
                for (ReportRow row : made) {
                    writer.write(row);
                }
            }
            System.out.printf("%,d rows (%,d tasks x %d repeats), report %,d bytes; %d processors, Java %s,"
                    + " JVM up %,d ms%n", made.size(), tasks, REPEATS, Files.size(report),
                    Runtime.getRuntime().availableProcessors(), Runtime.version(),
                    ManagementFactory.getRuntimeMXBean().getUptime());

            long start = System.nanoTime();
            List<ReportRow> rows = ReportReader.read(report);
            long read = System.nanoTime();
            Summary summary = Summary.of(rows);
            long summarized = System.nanoTime();
            String html = HtmlReport.render("10k rows", summary, rows);
            long rendered = System.nanoTime();
            AtomicFile.replace(page, "report", html.getBytes(StandardCharsets.UTF_8));
            long written = System.nanoTime();

            System.out.printf("read %,d ms (%,d rows), Summary.of %,d ms (pass rate %.3f), render %,d ms, write %,d ms;"
                    + " total %,d ms; page %,d bytes%n", ms(start, read), rows.size(), ms(read, summarized),
                    summary.passRate(), ms(summarized, rendered), ms(rendered, written), ms(start, written),
                    Files.size(page));
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

    /** Varied rows, seeded so every run measures the same report. */
    static List<ReportRow> rows(int tasks) {
        Random random = new Random(20_260_101);
        List<ReportRow> rows = new ArrayList<>(tasks * REPEATS);
        for (int t = 0; t < tasks; t++) {
            String task = "task-" + t;
            for (int repeat = 0; repeat < REPEATS; repeat++) {
                int iterations = 1 + random.nextInt(random.nextInt(10) == 0 ? 80 : 8);
                long duration = (long) Math.abs(random.nextGaussian() * 900 + 1_500);
                int kind = random.nextInt(100);
                rows.add(kind < 60 ? ReportRows.passed(task, repeat, iterations, duration)
                        : kind < 75 ? ReportRows.failed(task, repeat, iterations, duration)
                        : kind < 82 ? ReportRows.excluded(task, repeat, iterations, duration)
                        : kind < 86 ? ReportRows.timedOut(task, repeat, 30_000 + duration)
                        : kind < 89 ? ReportRows.authFailed(task, repeat, duration / 10)
                        : kind < 94 ? ReportRows.serverFailed(task, repeat, duration, 1 + random.nextInt(3))
                        : kind < 97 ? ReportRows.success(task, repeat,
                                new Termination.TokenBudgetExhausted(50_000 + kind, 50_000, TokenKind.TOTAL),
                                Evaluation.fail("no answer"), iterations, duration)
                        : ReportRows.success(task, repeat,
                                new Termination.Custom("quota of tenant " + t % 7, java.util.Map.of("tenant", t % 7),
                                        Category.CAPACITY), Evaluation.fail("stopped"), iterations, duration));
            }
        }
        return rows;
    }
}
