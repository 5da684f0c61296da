package dev.terminus.cli.command;

import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.input.FilePaths;
import dev.terminus.cli.report.Reports;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Summary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code terminus report report.jsonl}: the summary and the HTML page of an existing report, rendered again. The
 * report is read tolerantly: a termination case this command does not know (an application's extension, a newer
 * producer's case) is shown by its kind instead of refusing the report.
 */
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
        return TerminusCommand.run(parent, this::run);
    }

    private int run(TerminusCommand terminus) throws BadInputException {
        Path report = Objects.requireNonNull(file);
        Path page = html != null ? html : report.toAbsolutePath().resolveSibling("report.html");
        if (FilePaths.sameFile(report, page)) {
            throw new BadInputException((html != null ? "--html " : "the page ") + page + ": is the report " + report
                    + " itself; writing the page there would replace the report (give --html another FILE)");
        }
        List<ReportRow> rows;
        try {
            rows = Reports.read(report);
        } catch (IOException | RuntimeException e) {
            throw new BadInputException(report + ": not a readable report: " + e.getMessage());
        }
        Summary summary = Reports.summarize(rows);
        String title = report.getFileName().toString();
        try {
            Reports.writeHtml(title, summary, rows, page);
        } catch (IOException e) {
            throw new BadInputException("cannot write " + page + ": " + e.getMessage());
        }
        Reports.printSummary(terminus.out, title, summary);
        terminus.out.println("  Report        " + page);
        terminus.out.flush();
        return 0;
    }
}
