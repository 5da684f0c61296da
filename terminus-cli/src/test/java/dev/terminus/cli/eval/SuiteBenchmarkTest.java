package dev.terminus.cli.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.eval.Benchmark;
import dev.terminus.eval.EvalReport;
import dev.terminus.eval.Progress;
import dev.terminus.eval.ProgressListener;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.ReportRow.Verdict;
import dev.terminus.eval.Status;
import dev.terminus.eval.Summary;
import dev.terminus.eval.Task;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A suite's settings as the benchmark's: tasks, scripts, repeats, concurrency, timeout, retries and capacity. */
class SuiteBenchmarkTest {
    /** An agent that neither retries nor waits, with a tool to call. */
    private static final String AGENT = """
            "agent": {"limits": {"maxIterations": 1, "retries": {"maxRetries": 0, "initialBackoffMs": 1,
                      "maxBackoffMs": 1}},
                      "tools": [{"name": "atlas", "result": "see the map"}]}""";

    private static Benchmark benchmark(String json, ProgressListener listener) throws ScenarioException {
        Suite suite = ScenarioReader.read(json.getBytes(StandardCharsets.UTF_8), "suite.json", Suite.class, "a suite");
        return SuiteBenchmark.of(suite, null, listener, List.of());
    }

    private static Benchmark benchmark(String json) throws ScenarioException {
        return benchmark(json, new ProgressListener() {});
    }

    private static ReportRow only(EvalReport report, String task) {
        List<ReportRow> rows = report.rows().stream().filter(row -> row.task().equals(task)).toList();
        assertThat(rows).as(task).hasSize(1);
        return rows.getFirst();
    }

    @Test
    void theTasksAndRepeatsBecomeTheBenchmarksAndEveryTaskRunsEveryRepeat() throws ScenarioException {
        // given
        Benchmark benchmark = benchmark("""
                {"repeats": 3, "evaluator": {"type": "exact"},
                 "tasks": [{"id": "add", "input": "2 + 2?", "expected": "4", "script": [{"text": "4"}]},
                           {"id": "open", "input": "Say hi", "script": [{"text": "hi"}]}]}
                """);

        // when
        EvalReport report = benchmark.run();

        // then
        assertThat(benchmark.tasks()).extracting(Task::id, Task::input, Task::expected)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("add", "2 + 2?", "4"),
                        org.assertj.core.groups.Tuple.tuple("open", "Say hi", null));
        assertThat(benchmark.repeats()).isEqualTo(3);
        assertThat(report.rows()).extracting(row -> row.task() + "#" + row.repeat())
                .containsExactly("add#0", "add#1", "add#2", "open#0", "open#1", "open#2");
        assertThat(report.rows()).filteredOn(row -> row.task().equals("add")).extracting(ReportRow::verdict)
                .containsOnly(Verdict.PASSED);
    }

    @Test
    void withoutSettingsItIsOneRepeatEightAtOnceNoTimeoutNoRetriesAndCapacityStopsEvaluated()
            throws ScenarioException {
        // given
        Benchmark benchmark = benchmark("""
                {"evaluator": {"type": "exact"}, %s,
                 "tasks": [{"id": "capped", "input": "Look it up", "expected": "Oslo",
                            "script": [{"toolCalls": [{"name": "atlas", "arguments": {}}]}, {"text": "Oslo"}]},
                           {"id": "down", "input": "x", "expected": "x", "script": [{"error": "server_error"}]}]}
                """.formatted(AGENT));

        // when
        EvalReport report = benchmark.run();

        // then
        assertThat(benchmark.repeats()).isEqualTo(1);
        assertThat(benchmark.toString()).contains("concurrency=8");
        ReportRow capped = only(report, "capped");
        assertThat(capped.termination()).isEqualTo(new Termination.MaxIterationsReached(1, 1));
        assertThat(capped.excluded()).isFalse();
        assertThat(capped.verdict()).isEqualTo(Verdict.FAILED);
        ReportRow down = only(report, "down");
        assertThat(down.status()).isEqualTo(Status.AGENT_ERROR);
        assertThat(down.termination()).isInstanceOf(Termination.Failed.class);
        assertThat(down.attempt()).as("not retried").isEqualTo(1);
    }

    @Test
    void capacityExcludeKeepsACapacityStopOutOfThePassRate() throws ScenarioException {
        // given
        Benchmark benchmark = benchmark("""
                {"capacity": "exclude", "evaluator": {"type": "exact"}, %s,
                 "tasks": [{"id": "capped", "input": "Look it up", "expected": "Oslo",
                            "script": [{"toolCalls": [{"name": "atlas", "arguments": {}}]}, {"text": "Oslo"}]},
                           {"id": "answered", "input": "x", "expected": "Oslo", "script": [{"text": "Oslo"}]}]}
                """.formatted(AGENT));

        // when
        EvalReport report = benchmark.run();

        // then
        ReportRow capped = only(report, "capped");
        assertThat(capped.status()).isEqualTo(Status.SUCCESS);
        assertThat(capped.verdict()).isEqualTo(Verdict.EXCLUDED);
        assertThat(report.summary().passRate()).isEqualTo(1.0);
        assertThat(report.summary().excluded()).isEqualTo(1);
    }

    @Test
    void retriesRunARetryableFailureAgainUpToTheirNumber() throws ScenarioException {
        // given
        Benchmark benchmark = benchmark("""
                {"retries": {"maxRetries": 2, "initialBackoffMs": 1, "maxBackoffMs": 1}, "evaluator": {"type": "exact"}, %s,
                 "tasks": [{"id": "down", "input": "x", "expected": "x", "script": [{"error": "server_error"}]},
                           {"id": "refused", "input": "x", "expected": "x", "script": [{"error": "auth"}]}]}
                """.formatted(AGENT));

        // when
        EvalReport report = benchmark.run();

        // then
        assertThat(only(report, "down").attempt()).isEqualTo(3);
        assertThat(only(report, "refused").termination()).isInstanceOf(Termination.ProviderAuthFailed.class);
        assertThat(only(report, "refused").attempt()).as("FATAL: never retried").isEqualTo(1);
        assertThat(report.summary().retries()).isEqualTo(2);
    }

    @Test
    void theTaskTimeoutStopsARunThatHangs() throws ScenarioException {
        // given
        Benchmark benchmark = benchmark("""
                {"taskTimeoutMs": 150, "evaluator": {"type": "exact"},
                 "tasks": [{"id": "hangs", "input": "x", "expected": "x", "script": [{"hang": true}]},
                           {"id": "quick", "input": "x", "expected": "x", "script": [{"text": "x"}]}]}
                """);

        // when
        EvalReport report = benchmark.run();

        // then
        ReportRow hangs = only(report, "hangs");
        assertThat(hangs.status()).isEqualTo(Status.TASK_TIMEOUT);
        assertThat(hangs.termination()).isEqualTo(new Termination.Cancelled("task-timeout"));
        assertThat(hangs.error().message()).contains("timeout of 150 ms");
        assertThat(only(report, "quick").verdict()).isEqualTo(Verdict.PASSED);
    }

    @Test
    void concurrencyBoundsTheRunsInFlight() throws ScenarioException {
        // given: six slow tasks, three at once
        AtomicInteger most = new AtomicInteger();
        ProgressListener inFlight = new ProgressListener() {
            @Override
            public void taskStarted(Progress progress, Task task, int repeat) {
                most.accumulateAndGet(progress.started() - progress.finished(), Math::max);
            }
        };
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            tasks.append(i == 0 ? "" : ", ").append("{\"id\": \"t").append(i)
                    .append("\", \"input\": \"x\", \"script\": [{\"text\": \"x\", \"delayMs\": 150}]}");
        }
        Benchmark benchmark = benchmark("{\"concurrency\": 3, \"evaluator\": {\"type\": \"regex\", \"pattern\": \"x\"},"
                + " \"tasks\": [" + tasks + "]}", inFlight);

        // when
        EvalReport report = benchmark.run();

        // then
        assertThat(benchmark.toString()).contains("concurrency=3");
        assertThat(report.rows()).hasSize(6);
        assertThat(most.get()).isEqualTo(3);
    }

    @Test
    void theProgressListenerHearsTheRun() throws ScenarioException {
        // given
        List<Progress> finished = new ArrayList<>();
        ProgressListener listener = new ProgressListener() {
            @Override
            public void benchmarkFinished(Progress progress, Summary summary) {
                finished.add(progress);
            }
        };
        Benchmark benchmark = benchmark("""
                {"repeats": 2, "evaluator": {"type": "exact"},
                 "tasks": [{"id": "t", "input": "x", "expected": "x", "script": [{"text": "x"}]}]}
                """, listener);

        // when
        benchmark.run();

        // then
        assertThat(finished).singleElement().satisfies(progress -> {
            assertThat(progress.total()).isEqualTo(2);
            assertThat(progress.passed()).isEqualTo(2);
        });
    }

    @Test
    void theAgentsScriptIsTheDefaultOfTasksWithoutOneOfTheirOwn() throws ScenarioException {
        // given
        Benchmark benchmark = benchmark("""
                {"evaluator": {"type": "exact"},
                 "agent": {"script": [{"text": "the default"}]},
                 "tasks": [{"id": "inherits", "input": "x", "expected": "the default"},
                           {"id": "own", "input": "x", "expected": "the default", "script": [{"text": "its own"}]}]}
                """);

        // when
        EvalReport report = benchmark.run();

        // then
        assertThat(only(report, "inherits").verdict()).isEqualTo(Verdict.PASSED);
        assertThat(only(report, "own").eval().reason()).isEqualTo("expected \"the default\", got \"its own\"");
    }

    @Test
    void aTaskWithNoScriptOfItsOwnOrTheAgentsIsRefusedBeforeAnythingRuns() {
        // given
        String json = """
                {"evaluator": {"type": "exact"}, "tasks": [{"id": "t", "input": "x"}]}
                """;

        // when / then
        assertThatThrownBy(() -> benchmark(json)).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("\"script\" is required");
    }

    @Test
    void aTaskIdUsedTwiceIsNamedWithItsIndex() {
        // given
        String json = """
                {"evaluator": {"type": "exact"},
                 "tasks": [{"id": "t", "input": "x", "script": [{"text": "x"}]},
                           {"id": "u", "input": "x", "script": [{"text": "x"}]},
                           {"id": "t", "input": "y", "script": [{"text": "y"}]}]}
                """;

        // when / then
        assertThatThrownBy(() -> benchmark(json)).isInstanceOf(ScenarioException.class)
                .hasMessage("tasks[2].id: \"t\" is used twice");
    }
}
