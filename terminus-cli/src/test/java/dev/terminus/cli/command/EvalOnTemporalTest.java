package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus eval --temporal}: the suite runs as a suite workflow whose (task, repeat) runs are child workflows,
 * on the in-process server of {@code --temporal embedded}, and its report holds the same rows as the local run's.
 */
@Timeout(120)
class EvalOnTemporalTest {

    @TempDir
    Path dir;

    /** A row as the comparison sees it: what ended how, and how it was graded; no durations. */
    private static Map<String, String> endings(List<ReportRow> rows) {
        return rows.stream().collect(Collectors.toMap(row -> row.task() + "#" + row.repeat(),
                row -> row.status() + " " + (row.termination() == null ? "-" : row.termination().tag()) + " " + row.verdict()));
    }

    /** The stage that stopped each row's pipeline, or {@code -}. */
    private static Map<String, String> stoppers(List<ReportRow> rows) {
        return rows.stream().collect(Collectors.toMap(row -> row.task() + "#" + row.repeat(),
                row -> row.stoppedByStage() == null ? "-" : row.stoppedByStage()));
    }

    /**
     * A suite's runs, locally and on Temporal.
     *
     * @param result what the Temporal run printed
     * @param rows its report's rows
     * @param localRows the local run's report's rows
     */
    private record BothRuns(Cli.Result result, List<ReportRow> rows, List<ReportRow> localRows) {}

    /** Runs the suite locally, then on the embedded Temporal, each to exit status 0, and reads both reports. */
    private BothRuns runLocallyAndOnTemporal(Path suite) throws IOException {
        Path local = dir.resolve("local");
        Path workflows = dir.resolve("workflows");
        Cli.Result expected = Cli.run("eval", suite.toString(), "--out", local.toString());
        Cli.Result result = Cli.run("eval", suite.toString(), "--temporal", "embedded", "--out", workflows.toString());
        assertThat(expected.status()).as(expected.err()).isZero();
        assertThat(result.status()).as(result.err()).isZero();
        return new BothRuns(result, ReportReader.read(workflows.resolve("report.jsonl")),
                ReportReader.read(local.resolve("report.jsonl")));
    }

    @Test
    void theDemoSuiteOnTemporalWritesTheRowsOfTheLocalRun() throws IOException {
        // given
        Path local = dir.resolve("local");
        Path workflows = dir.resolve("workflows");
        Cli.Result expected = Cli.run("eval", "--demo", "--out", local.toString());

        // when
        Cli.Result result = Cli.run("eval", "--demo", "--temporal", "embedded", "--out", workflows.toString());

        // then
        assertThat(expected.status()).as(expected.err()).isZero();
        assertThat(result.status()).as(result.err()).isZero();
        List<ReportRow> rows = ReportReader.read(workflows.resolve("report.jsonl"));
        assertThat(rows).hasSize(22);
        assertThat(endings(rows)).isEqualTo(endings(ReportReader.read(local.resolve("report.jsonl"))));
        assertThat(result.flatOut()).contains("capitals (demo): 22 runs of 11 tasks")
                .contains("Pass rate 85.7% (12 of 14 evaluated; 2 excluded, 6 not evaluated)");
    }

    @Test
    void aSuiteWhoseAgentCallsANamedAgentOnTemporalWritesTheRowsOfTheLocalRun() throws IOException {
        // given: the agent asks the atlas agent, which answers from its own script
        Path suite = java.nio.file.Files.writeString(dir.resolve("atlas-suite.json"), """
                {"name": "atlas", "evaluator": {"type": "exact"},
                 "agent": {"tools": [{"name": "ask_atlas", "agent": "atlas"}],
                           "agents": {"atlas": {"script": [{"text": "Oslo"}]}},
                           "script": [{"toolCalls": [{"name": "ask_atlas", "arguments": {"task": "capital?"}}]},
                                      {"text": "Oslo"}]},
                 "tasks": [{"id": "norway", "input": "Capital of Norway?", "expected": "Oslo"},
                           {"id": "sweden", "input": "Capital of Sweden?", "expected": "Stockholm"}]}
                """);

        // when
        BothRuns runs = runLocallyAndOnTemporal(suite);

        // then
        assertThat(endings(runs.rows())).isEqualTo(endings(runs.localRows()))
                .containsEntry("norway#0", "SUCCESS NaturalCompletion PASSED")
                .containsEntry("sweden#0", "SUCCESS NaturalCompletion FAILED");
    }

    @Test
    void aSuiteWhoseAgentIsAPipelineOnTemporalWritesTheRowsOfTheLocalRun() throws IOException {
        // given: the "check" stage fails with a provider's refusal unless the task's input says it is fine
        Path suite = java.nio.file.Files.writeString(dir.resolve("pipeline-suite.json"), """
                {"name": "pipeline suite", "evaluator": {"type": "exact"},
                 "agent": {"stages": [
                   {"name": "check", "skipWhen": {"answerContains": "fine"}, "script": [{"error": "auth"}]},
                   {"name": "answer", "script": [{"text": "Oslo"}]}]},
                 "tasks": [
                   {"id": "fine", "input": "fine: capital of Norway?", "expected": "Oslo"},
                   {"id": "wrong", "input": "fine: capital of Sweden?", "expected": "Stockholm"},
                   {"id": "broken", "input": "capital of Norway?", "expected": "Oslo"}]}
                """);

        // when
        BothRuns runs = runLocallyAndOnTemporal(suite);

        // then
        assertThat(endings(runs.rows())).isEqualTo(endings(runs.localRows()))
                .containsEntry("fine#0", "SUCCESS Completed PASSED")
                .containsEntry("wrong#0", "SUCCESS Completed FAILED")
                .hasSize(3);
        assertThat(stoppers(runs.rows())).isEqualTo(stoppers(runs.localRows()))
                .containsEntry("broken#0", "check").containsEntry("fine#0", "-");
        assertThat(runs.result().flatOut()).contains("pipeline suite: 3 runs of 3 tasks");
    }

    @Test
    void aRerunOnTemporalIsRefusedInOneLineNamingTheOptions() {
        // when
        Cli.Result result = Cli.run("eval", "--demo", "--temporal", "embedded", "--rerun", "report.jsonl",
                "--out", dir.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).hasSize(1);
        assertThat(result.err()).contains("--rerun").contains("--temporal").contains("--suite-id");
    }

    @Test
    void aSuiteWhoseAgentDocumentIsTooLargeForTheServerIsRefusedInOneLineNamingItsSizeAndTheLimit()
            throws IOException {
        // given: the agent's script holds an answer of 2.2 MB, so its document is over a payload
        Path suite = java.nio.file.Files.writeString(dir.resolve("huge-suite.json"), """
                {"name": "huge", "evaluator": {"type": "exact"},
                 "agent": {"script": [{"text": "%s"}]},
                 "tasks": [{"id": "big", "input": "Say it all", "expected": "x"}]}
                """.formatted("x".repeat(2_200_000)));

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--temporal", "embedded", "--out",
                dir.resolve("out").toString());

        // then
        assertThat(result.status()).as(result.err()).isEqualTo(2);
        assertThat(result.errLines()).hasSize(1);
        assertThat(result.err()).containsPattern("the suite's agent document is 2,2\\d\\d,\\d{3} bytes; a Temporal"
                + " payload may be at most 2,097,152 bytes \\(the server's limit.blobSize.error\\): nothing was"
                + " started");
    }
}
