package dev.terminus.cli;

import dev.terminus.cli.report.Reports;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Summary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code terminus report report.jsonl}: the summary and the HTML page of an existing report, rendered again. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Re-renders the summary and the HTML page (report.html beside it, or --html FILE) of a report.")
final class ReportCommand implements Callable<Integer> {

    @ParentCommand
    private @Nullable TerminusCommand parent;

    @Parameters(index = "0", paramLabel = "REPORT", description = "the report (JSON Lines, as terminus eval writes it)")
    private @Nullable Path file;

    @Option(names = "--html", paramLabel = "FILE", description = "where the page goes (default: report.html beside it)")
    private @Nullable Path html;

    @Override
    public Integer call() {
        TerminusCommand terminus = TerminusCommand.requireParent(parent);
        Path report = java.util.Objects.requireNonNull(file);
        List<ReportRow> rows;
        try {
            rows = ReportReader.read(report);
        } catch (IOException | RuntimeException e) {
            return terminus.badInput(new BadInputException(report + ": not a readable report: " + e.getMessage()));
        }
        Summary summary = Summary.of(rows);
        Path page = html != null ? html : report.toAbsolutePath().resolveSibling("report.html");
        String title = report.getFileName().toString();
        try {
            Reports.writeHtml(title, summary, rows, page);
        } catch (IOException e) {
            return terminus.badInput(new BadInputException("cannot write " + page + ": " + e.getMessage()));
        }
        Reports.printSummary(terminus.out, title, summary);
        terminus.out.println("  Report        " + page);
        terminus.out.flush();
        return 0;
    }
}
