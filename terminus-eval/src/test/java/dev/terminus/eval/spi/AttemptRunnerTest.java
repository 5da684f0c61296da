package dev.terminus.eval.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.eval.Benchmark;
import dev.terminus.eval.Component;
import dev.terminus.eval.Environment;
import dev.terminus.eval.EvalReport;
import dev.terminus.eval.Evaluators;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Status;
import dev.terminus.eval.Task;
import dev.terminus.eval.TaskError;
import dev.terminus.scripted.ScriptedModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A benchmark whose attempts an {@link AttemptRunner} runs grades, retries and writes their results as it does a local
 * agent's: the runner is told the plan first, asked for the attempts the retry rule gives, and its timeouts and
 * failures become the rows a local timeout or failure gives.
 */
class AttemptRunnerTest {
    private static final List<Task> TASKS = List.of(Task.of("add", "2 + 2?").expecting("4"), Task.of("capital", "Norway?").expecting("Oslo"));

    @TempDir
    Path dir;

    /** Runs each attempt on a fresh scripted agent in this thread, as a remote worker would; records the calls. */
    private static class ScriptedRunner implements AttemptRunner {
        final List<Plan> plans = new CopyOnWriteArrayList<>();
        final List<String> attempts = new CopyOnWriteArrayList<>();
        private final UnaryOperator<ScriptedModel.Builder> script;

        ScriptedRunner(UnaryOperator<ScriptedModel.Builder> script) {
            this.script = script;
        }

        @Override
        public void begin(Plan plan) {
            plans.add(plan);
        }

        @Override
        public RunResult run(Task task, int repeat, int attempt) {
            attempts.add(task.id() + "/" + repeat + "/" + attempt);
            return agent(script.apply(ScriptedModel.builder())).run(task.input());
        }
    }

    private static Agent agent(ScriptedModel.Builder script) {
        return Agent.builder(script.build()).config(AgentConfig.custom().retryPolicy(RetryPolicy.none()).build())
                .build();
    }

    private static Benchmark.Builder benchmark() {
        return Benchmark.builder().tasks(TASKS).evaluator(Evaluators.exactMatch()).repeats(2);
    }

    private static List<ReportRow> withoutDurations(List<ReportRow> rows) {
        return rows.stream().map(row -> row.toBuilder().durationMs(0).build()).toList();
    }

    @Test
    void aRunnersResultsGiveTheRowsTheSameAgentGivesLocally() throws IOException {
        // given
        UnaryOperator<ScriptedModel.Builder> script = s -> s.text("4");
        ScriptedRunner runner = new ScriptedRunner(script);

        // when
        EvalReport remote = benchmark().attemptRunner(runner).build().run(dir.resolve("remote.jsonl"));
        EvalReport local = benchmark().agentFactory(context -> agent(script.apply(ScriptedModel.builder()))).build()
                .run(dir.resolve("local.jsonl"));

        // then
        assertThat(withoutDurations(remote.rows())).isEqualTo(withoutDurations(local.rows()));
        assertThat(remote.rows()).extracting(ReportRow::task, row -> row.eval().passed())
                .containsExactly(tuple("add", true), tuple("add", true), tuple("capital", false),
                        tuple("capital", false));
        assertThat(withoutDurations(ReportReader.read(dir.resolve("remote.jsonl"))))
                .containsExactlyInAnyOrderElementsOf(withoutDurations(local.rows()));
    }

    @Test
    void theRunnerIsToldEveryTaskRunAndTheSettingsBeforeTheFirstAttempt() {
        // given
        ScriptedRunner runner = new ScriptedRunner(s -> s.text("4"));
        RetryPolicy retries = RetryPolicy.immediate(2);

        // when
        benchmark().attemptRunner(runner).retryPolicy(retries).concurrency(3).taskTimeout(Duration.ofMinutes(1))
                .build().run();

        // then
        assertThat(runner.plans).containsExactly(new AttemptRunner.Plan(List.of(new AttemptRunner.Run(TASKS.get(0), 0),
                new AttemptRunner.Run(TASKS.get(0), 1), new AttemptRunner.Run(TASKS.get(1), 0),
                new AttemptRunner.Run(TASKS.get(1), 1)), retries, 3, Duration.ofMinutes(1)));
    }

    @Test
    void aRerunTellsTheRunnerOnlyTheTaskRunsItDoesNotKeep() throws IOException {
        // given
        Path first = dir.resolve("first.jsonl");
        benchmark().attemptRunner(new ScriptedRunner(s -> s.text("4"))).build().run(first);
        ScriptedRunner runner = new ScriptedRunner(s -> s.text("Oslo"));

        // when
        EvalReport again = benchmark().attemptRunner(runner).build().rerun(first, dir.resolve("second.jsonl"));

        // then
        assertThat(runner.plans.getFirst().runs()).extracting(run -> run.task().id() + "/" + run.repeat())
                .containsExactly("capital/0", "capital/1");
        assertThat(again.kept()).isEqualTo(2);
        assertThat(again.summary().passed()).isEqualTo(4);
    }

    @Test
    void aRetryableEndingIsAttemptedAgainAndTheRowSaysWhichAttemptItIs() {
        // given: the model is down on every call of the first attempt of each run, and answers on the second
        ScriptedRunner runner = new ScriptedRunner(s -> s.text("4")) {
            @Override
            public RunResult run(Task task, int repeat, int attempt) {
                attempts.add(task.id() + "/" + repeat + "/" + attempt);
                return agent(attempt == 1 ? ScriptedModel.builder().serverError(503) : ScriptedModel.builder().text("4"))
                        .run(task.input());
            }
        };

        // when
        EvalReport report = Benchmark.builder().task(TASKS.get(0)).evaluator(Evaluators.exactMatch())
                .attemptRunner(runner).retryPolicy(RetryPolicy.immediate(1)).build().run();

        // then
        assertThat(runner.attempts).containsExactly("add/0/1", "add/0/2");
        assertThat(report.rows()).singleElement().satisfies(row -> {
            assertThat(row.attempt()).isEqualTo(2);
            assertThat(row.eval().passed()).isTrue();
        });
    }

    @Test
    void aTimeoutOfTheRunnerIsATaskTimeoutRowAndAnotherFailureAnUnknownExecutionError() {
        // given
        AttemptRunner runner = (task, repeat, attempt) -> {
            if (task.id().equals("add")) {
                throw new TimeoutException("add/0 passed its timeout of 60000 ms");
            }
            throw new IllegalStateException("the worker is gone");
        };

        // when
        EvalReport report = Benchmark.builder().tasks(TASKS).evaluator(Evaluators.exactMatch()).attemptRunner(runner)
                .build().run();

        // then
        assertThat(report.rows()).extracting(ReportRow::status, ReportRow::error).containsExactly(
                tuple(Status.TASK_TIMEOUT, new TaskError(TimeoutException.class.getName(),
                        "add/0 passed its timeout of 60000 ms", Component.AGENT)),
                tuple(Status.UNKNOWN_EXECUTION_ERROR, new TaskError(
                        IllegalStateException.class.getName(), "the worker is gone", Component.AGENT)));
    }

    @Test
    void aRunnerThatCannotBeginFailsTheBenchmarkBeforeAnyRowIsWritten() {
        // given
        Path report = dir.resolve("report.jsonl");
        AttemptRunner runner = new AttemptRunner() {
            @Override
            public void begin(Plan plan) {
                throw new IllegalStateException("no Temporal service at localhost:7233");
            }

            @Override
            public RunResult run(Task task, int repeat, int attempt) {
                throw new AssertionError("not asked");
            }
        };

        // when / then
        assertThatThrownBy(() -> benchmark().attemptRunner(runner).build().run(report))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("attemptRunner: cannot begin the 4 task runs: no Temporal service at localhost:7233");
        assertThat(Files.exists(report)).isFalse();
    }

    @Test
    void aRunnerIsRefusedWithAnAgentFactoryAnEnvironmentOrAUserSimulator() {
        // given
        AttemptRunner runner = new ScriptedRunner(s -> s.text("4"));
        Environment environment = task -> List.of();

        // when / then
        assertThatThrownBy(() -> benchmark().attemptRunner(runner).agent(agent(ScriptedModel.builder().text("4")))
                .build()).hasMessage("attemptRunner: the benchmark has an agentFactory too; give one of them");
        assertThatThrownBy(() -> benchmark().attemptRunner(runner).environment(environment).build())
                .hasMessageStartingWith("attemptRunner: a runner's attempts cannot be given the environment's tools");
        assertThatThrownBy(() -> benchmark().agentFactory(context -> agent(ScriptedModel.builder().text("4")))
                .environment(environment).build().withAttemptRunner(runner))
                .hasMessageStartingWith("attemptRunner: a runner's attempts cannot be given the environment's tools");
    }

    @Test
    void aBenchmarkMovedOntoARunnerKeepsItsSettingsAndCallsNoAgentFactory() {
        // given
        ScriptedRunner runner = new ScriptedRunner(s -> s.text("4"));
        Benchmark local = benchmark().agentFactory(context -> {
            throw new AssertionError("the factory is not called");
        }).concurrency(2).build();

        // when
        EvalReport report = local.withAttemptRunner(runner).run();

        // then
        assertThat(runner.plans.getFirst().concurrency()).isEqualTo(2);
        assertThat(report.rows()).hasSize(4).allSatisfy(row -> assertThat(row.status()).isEqualTo(Status.SUCCESS));
    }
}
