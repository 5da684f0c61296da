package dev.terminus.cli.report;

import dev.terminus.Termination;
import dev.terminus.eval.ReportJson;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Summary;
import dev.terminus.jackson.ReadMode;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.jackson.UnrecognizedTermination;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reading a report, rolling it up, writing its page and printing its summary, for {@code terminus eval} and
 * {@code terminus report}.
 *
 * <p>Reports are read {@linkplain ReadMode#TOLERANT tolerantly}: a termination this command does not know (an
 * application's extension case, or a newer producer's) reads as an {@link UnrecognizedTermination} that keeps its
 * kind, its fields and the category the row was written with, and is shown and counted by that kind.
 */
public final class Reports {
    private static final ReportJson JSON = ReportJson.of(TerminusModule.builder().readMode(ReadMode.TOLERANT).build());
    private static final Set<PosixFilePermission> READABLE = PosixFilePermissions.fromString("rw-r--r--");

    private Reports() {}

    /** @return the row format of the reports the commands read and write: tolerant of unknown terminations */
    public static ReportJson json() {
        return JSON;
    }

    /**
     * @param report a JSON Lines report
     * @return its rows, in file order, terminations this command does not know kept as they were written
     * @throws IOException when it cannot be read, or a line is not a row (naming the file and the line)
     */
    public static List<ReportRow> read(Path report) throws IOException {
        return ReportReader.read(report, JSON);
    }

    /**
     * The case a termination is shown and counted as: its {@code tag()}, or for a termination read without knowing it,
     * the kind it was written with (its tag would be {@value UnrecognizedTermination#TAG} for every such case).
     *
     * @param termination a termination
     * @return its case's name
     */
    public static String caseName(Termination termination) {
        return termination instanceof UnrecognizedTermination unrecognized ? unrecognized.kind() : termination.tag();
    }

    /**
     * {@link Summary#of} the rows, with {@link Summary#byTermination()} counted by {@linkplain #caseName case name},
     * the most frequent first, ties by name.
     *
     * @param rows the rows
     * @return their summary
     */
    public static Summary summarize(List<ReportRow> rows) {
        Summary s = Summary.of(rows);
        boolean unrecognized = false;
        for (ReportRow row : rows) {
            unrecognized |= row.termination() instanceof UnrecognizedTermination;
        }
        if (!unrecognized) {
            return s;
        }
        Map<String, Integer> counts = new HashMap<>();
        for (ReportRow row : rows) {
            if (row.termination() != null) {
                counts.merge(caseName(row.termination()), 1, Integer::sum);
            }
        }
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(counts.entrySet());
        entries.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        Map<String, Integer> byCase = new LinkedHashMap<>();
        entries.forEach(entry -> byCase.put(entry.getKey(), entry.getValue()));
        return s.toBuilder().byTermination(byCase).build();
    }

    /**
     * Writes the page atomically, so a reader never sees half a page: to a temporary file beside it (its directory
     * created when missing), then renamed over it. The page is readable by everyone ({@code rw-r--r--} where the file
     * system has POSIX permissions) from the moment it appears: a report is for people to open.
     *
     * @param title the suite's name
     * @param summary the summary
     * @param rows the rows
     * @param page where
     * @throws IOException when it cannot be written; a previous page, if any, is then intact
     */
    public static void writeHtml(String title, Summary summary, List<ReportRow> rows, Path page) throws IOException {
        byte[] html = HtmlReport.render(title, summary, rows).getBytes(StandardCharsets.UTF_8);
        Path target = page.toAbsolutePath();
        Files.createDirectories(target.getParent());
        Path temp = Files.createTempFile(target.getParent(), ".report", ".tmp");
        try {
            Files.write(temp, html);
            if (Files.getFileAttributeView(temp, PosixFileAttributeView.class) != null) {
                Files.setPosixFilePermissions(temp, READABLE);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
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
