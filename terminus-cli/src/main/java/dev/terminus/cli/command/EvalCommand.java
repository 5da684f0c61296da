package dev.terminus.cli.command;

import dev.terminus.agent.spi.Model;
import dev.terminus.cli.eval.ProgressBar;
import dev.terminus.cli.eval.Suite;
import dev.terminus.cli.eval.SuiteBenchmark;
import dev.terminus.cli.eval.SuiteFile;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.input.FilePaths;
import dev.terminus.cli.input.ScenarioFiles;
import dev.terminus.cli.input.StageServers;
import dev.terminus.cli.pipeline.PipelineFile;
import dev.terminus.cli.output.Wire;
import dev.terminus.cli.report.Reports;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.cli.scenario.ScenarioServers;
import dev.terminus.cli.temporal.TemporalConnection;
import dev.terminus.cli.temporal.TemporalOptions;
import dev.terminus.eval.Benchmark;
import dev.terminus.eval.EvalReport;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.Summary;
import dev.terminus.eval.Task;
import dev.terminus.temporal.SuiteTooLargeException;
import dev.terminus.temporal.TemporalSuiteRunner;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code terminus eval SUITE}: runs an evaluation suite, shows a progress bar, writes {@code report.jsonl} (streamed,
 * a row per run as it finishes) and {@code report.html}, and prints the summary. {@code --demo} runs the embedded
 * suite; {@code --rerun REPORT} runs again only the rows of a previous report that failed, and may name the very
 * report this run writes; {@code --resume DIR} continues an interrupted evaluation whose report is in {@code DIR}
 * (the process was killed, say), running only the (task, repeat) pairs it has no row for. Every report records the
 * identity of its suite (a digest of the suite document) beside it, in {@code report.jsonl.identity}, and a resume
 * refuses a report of another suite. Reports are read tolerantly: terminations this command does not know keep their
 * kind.
 */
@Command(name = "eval", mixinStandardHelpOptions = true,
        description = {"Runs an evaluation suite (tasks, an agent, an evaluator) with a progress bar, writes "
                + "report.jsonl and report.html, and prints the summary.", "With --demo, runs the embedded suite."})
final class EvalCommand implements Callable<Integer> {
    static final String DEMO = "/dev/terminus/cli/eval/demo-suite.json";

    @ParentCommand
    private @Nullable TerminusCommand parent;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SUITE", description = "the suite file (JSON)")
    private @Nullable String file;

    @Option(names = "--demo", description = "run the embedded demo suite")
    private boolean demo;

    @Option(names = "--out", paramLabel = "DIR",
            description = "where report.jsonl and report.html go (default: the current directory)")
    private @Nullable Path out;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "continue the evaluation whose report.jsonl is in DIR: keep its rows, run only the (task,"
                    + " repeat) pairs it has no row for, and cut off a last line a killed process left torn; refuses"
                    + " a report of another suite")
    private @Nullable Path resume;

    @Option(names = "--rerun", paramLabel = "REPORT",
            description = "run again only the rows of this earlier report that failed or could not be evaluated"
                    + " (it may be the report this run writes)")
    private @Nullable Path rerun;

    @Mixin
    private ProviderOptions providers = new ProviderOptions();

    @Mixin
    private TemporalOptions temporal = new TemporalOptions();

    @Option(names = "--suite-id", paramLabel = "ID",
            description = "with --temporal: the suite workflow's id; a suite started again with its id runs no"
                    + " finished row again (default: one made from the suite's document)")
    private @Nullable String suiteId;

    @Override
    public Integer call() {
        return TerminusCommand.run(parent, this::run);
    }

    private int run(TerminusCommand terminus) throws BadInputException {
        if (demo == (file != null)) {
            throw new BadInputException("eval needs a SUITE file or --demo (not both)");
        }
        checkResume();
        byte[] text = demo ? demoSuite() : Wire.read(file, terminus.in);
        String source = demo ? "the demo suite" : Wire.sourceName(file);
        Model model = providers.model(terminus.env);
        try {
            SuiteFile read;
            try {
                read = SuiteFile.read(text, source);
                if (temporal.chosen() && read.suite().agent() != null) {
                    ScenarioServers.refuseIn(read.suite().agent());
                }
            } catch (ScenarioException e) {
                throw ScenarioFiles.badInput(e, source);
            }
            Suite suite = read.suite();
            // the suite's MCP servers (its agent's, or its pipeline stages') serve every run of every task, and stop
            // when the suite is done; on Temporal the runs are the workers'
            try (ScenarioServers servers = suite.agent() == null || temporal.chosen() ? ScenarioServers.none()
                    : ScenarioFiles.servers(suite.agent(), source);
                    StageServers stageServers = read.pipeline() == null || temporal.chosen() ? StageServers.none()
                            : StageServers.start(read.pipeline(), source + ": agent")) {
                return run(terminus, text, source, model, read, servers, stageServers);
            }
        } finally {
            ProviderOptions.release(model);
        }
    }

    private int run(TerminusCommand terminus, byte[] text, String source, @Nullable Model model, SuiteFile read,
            ScenarioServers servers, StageServers stageServers) throws BadInputException {
        Suite suite = read.suite();
        Benchmark benchmark;
        try {
            benchmark = SuiteBenchmark.of(read, model, new ProgressBar(terminus.err), List.of(), servers.tools(),
                    stageServers.tools(), "sha256:" + digest(text));
        } catch (ScenarioException e) {
            throw ScenarioFiles.badInput(e, source);
        }
        String title = suite.name() != null ? suite.name() : source;
        Path out = resume != null ? resume : this.out != null ? this.out : Path.of(".");
        Path jsonl = out.resolve("report.jsonl");
        Path html = out.resolve("report.html");
        temporal.check();
        if (temporal.chosen() && resume != null) {
            throw new BadInputException("--temporal runs the suite on workers; --resume works without --temporal only"
                    + " (a suite started again with its --suite-id runs no finished row again)");
        }
        if (temporal.chosen() && (providers.chosen() || rerun != null)) {
            throw new BadInputException("--temporal runs the suite's scripted tasks on workers; "
                    + (rerun != null ? "--rerun" : "--provider") + " works without --temporal only"
                    + (rerun != null ? " (a suite started again with its --suite-id runs no finished row again)" : ""));
        }
        if (rerun != null) {
            checkPrevious(rerun, terminus.err);
        }
        EvalReport report;
        Summary summary;
        try {
            Files.createDirectories(out);
            if (temporal.chosen()) {
                report = onTemporal(read, benchmark, text, jsonl, terminus.env);
            } else if (resume != null) {
                report = resume(benchmark, jsonl, terminus);
            } else {
                report = rerun == null ? benchmark.run(jsonl) : rerun(benchmark, rerun, jsonl);
            }
            summary = Reports.summarize(report.rows());
            Reports.writeHtml(title, summary, report.rows(), html);
        } catch (IOException e) {
            throw new BadInputException("cannot write the report in " + out + ": " + e.getMessage());
        }
        Reports.printSummary(terminus.out, title, summary);
        terminus.out.println("  Report        " + jsonl + " (" + report.rows().size() + " rows), " + html);
        terminus.out.flush();
        return 0;
    }

    /**
     * Runs the suite as a suite workflow whose (task, repeat) runs are child workflows on the workers of the task
     * queue; rows stream into the report as they finish, graded here as locally.
     */
    private EvalReport onTemporal(SuiteFile read, Benchmark benchmark, byte[] text, Path jsonl,
            Map<String, String> env) throws BadInputException, IOException {
        Map<String, Scenario> byTask;
        try {
            byTask = read.pipeline() != null ? Map.of() : SuiteBenchmark.scenarios(read.suite());
        } catch (ScenarioException e) {
            throw new BadInputException(e.getMessage());
        }
        String id = suiteId != null ? suiteId : defaultSuiteId(text);
        PipelineFile pipeline = read.pipeline();
        try (TemporalConnection connection = TemporalConnection.open(temporal, env)) {
            return TemporalConnection.call("the suite " + id, () -> {
                // a pipeline agent: each task's attempt runs the pipeline as a pipeline workflow, which the workers
                // build from its document as they build a pipeline file's
                TemporalSuiteRunner runner = pipeline != null
                        ? TemporalSuiteRunner.ofPipeline(connection.client(), connection.taskQueue(), id,
                                pipeline.name(), read.pipelineDocument())
                        : TemporalSuiteRunner.of(connection.client(), connection.taskQueue(), id, Task::id,
                                task -> ScenarioReader.write(byTask.get(task.id())));
                try {
                    return benchmark.withAttemptRunner(runner).run(jsonl);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof SuiteTooLargeException tooLarge) { // refused before anything started
                throw new BadInputException("--temporal: " + tooLarge.getMessage());
            }
            throw e;
        }
    }

    /** The id of a suite started without {@code --suite-id}: the same document, the same suite. */
    static String defaultSuiteId(byte[] document) {
        return "terminus-eval-" + digest(document).substring(0, 16);
    }

    /** @return the SHA-256 of a suite document, in hex: the suite's identity */
    private static String digest(byte[] document) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(document));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    /** Refuses what cannot go with {@code --resume}, before anything is read. */
    private void checkResume() throws BadInputException {
        if (resume == null) {
            return;
        }
        if (rerun != null) {
            throw new BadInputException("--resume and --rerun do not go together: --resume continues the report in "
                    + resume + ", --rerun writes a new one from an earlier report");
        }
        if (out != null && !FilePaths.sameFile(out, resume)) {
            throw new BadInputException("--resume " + resume + " continues the report in that directory; --out "
                    + out + " names another one (leave --out out)");
        }
    }

    /**
     * Continues the report in the {@code --resume} directory, telling each repair on the error stream in one line.
     * A report of another suite, one with a damaged line other than its last, or one that cannot be written is bad
     * input.
     */
    private EvalReport resume(Benchmark benchmark, Path jsonl, TerminusCommand terminus) throws BadInputException {
        try {
            return benchmark.resume(jsonl, notice -> {
                terminus.err.println(notice);
                terminus.err.flush();
            });
        } catch (IllegalArgumentException | IOException e) { // another suite's report, a damaged line
            throw new BadInputException("--resume " + resume + ": " + e.getMessage());
        }
    }

    /**
     * Refuses a previous report that is missing or cannot be read, before anything runs (the library would report
     * either as a failure to write); tells, in one line, of a torn last line (the process writing it was killed
     * mid-row), which is not a row and is left out of the rerun. Terminations it does not know read tolerantly, as
     * the command renders them.
     */
    private static void checkPrevious(Path previous, java.io.PrintStream err) throws BadInputException {
        try {
            // one scan reads every row (a line that is not one is an error) and measures a torn last line
            long torn = ReportReader.tornLastLineBytes(previous, Reports.json());
            if (torn > 0) {
                err.println("terminus: --rerun " + previous + ": skipped a torn last line (" + torn + " bytes)");
            }
        } catch (NoSuchFileException e) {
            throw new BadInputException("--rerun " + previous + ": no such file");
        } catch (IOException | RuntimeException e) {
            throw new BadInputException("--rerun " + previous + ": not a readable report: " + e.getMessage());
        }
    }

    /**
     * Reruns from the previous report into the new one. When both are one file (the default {@code --out} and
     * {@code --rerun report.jsonl}), the previous report is first copied aside: the library reads it whole before it
     * writes the new report (the kept rows first, then the new ones as they finish), but refuses to be given one file
     * as both; the copy is removed afterwards.
     */
    private static EvalReport rerun(Benchmark benchmark, Path previous, Path report) throws IOException {
        if (!FilePaths.sameFile(previous, report)) {
            return benchmark.rerun(previous, report);
        }
        Path copy = Files.createTempFile("terminus-rerun-", ".jsonl");
        try {
            Files.copy(previous, copy, StandardCopyOption.REPLACE_EXISTING);
            return benchmark.rerun(copy, report);
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    private static byte[] demoSuite() {
        try (InputStream in = EvalCommand.class.getResourceAsStream(DEMO)) {
            if (in == null) {
                throw new IllegalStateException("the demo suite " + DEMO + " is missing");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("the demo suite " + DEMO + " cannot be read", e);
        }
    }
}
