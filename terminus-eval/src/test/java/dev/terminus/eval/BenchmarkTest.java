package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.RetryPolicy;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.Stage;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchmarkTest {

    private static Benchmark.Builder valid() {
        return Benchmark.builder().task(Task.of("t1", "2 + 2?").expecting("4")).agent(Fixtures.answering("4"))
                .evaluator(Evaluators.exactMatch());
    }

    @Test
    void everyTaskRunsEveryRepeatAndTheReportSaysSo() {
        // when
        EvalReport report = valid().task(Task.of("t2", "3 + 3?").expecting("6")).repeats(3).build().run();

        // then
        assertThat(report.rows()).hasSize(6);
        assertThat(report.complete()).isTrue();
        assertThat(report.kept()).isZero();
        assertThat(report.summary().passed()).isEqualTo(3);
        assertThat(report.summary().tasksPassedEveryRepeat()).isEqualTo(1);
    }

    @Test
    void theBenchmarkShowsItsTasksAndRepeats() {
        // when
        Benchmark benchmark = valid().repeats(2).build();

        // then
        assertThat(benchmark.tasks()).extracting(Task::id).containsExactly("t1");
        assertThat(benchmark.repeats()).isEqualTo(2);
        assertThat(benchmark).hasToString("Benchmark[tasks=1, repeats=2, concurrency=4]");
    }

    @Test
    void badNumbersAreRefusedNamingTheSettingAndTheValue() {
        // when / then
        assertThatThrownBy(() -> valid().repeats(0)).hasMessage("repeats must be >= 1, was 0");
        assertThatThrownBy(() -> valid().concurrency(0)).hasMessage("concurrency must be >= 1, was 0");
        assertThatThrownBy(() -> valid().retryPolicy(RetryPolicy.immediate(-1)))
                .hasMessage("RetryPolicy.maxRetries must be >= 0, was -1");
        assertThatThrownBy(() -> valid().taskTimeout(Duration.ZERO)).hasMessage("taskTimeout must be > 0, was PT0S");
        assertThatThrownBy(() -> valid().interruptGrace(Duration.ofSeconds(-1)))
                .hasMessage("interruptGrace must be >= 0, was PT-1S");
    }

    @Test
    void missingPartsAndNullsAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> Benchmark.builder().agent(Fixtures.answering("4")).evaluator(Evaluators.exactMatch())
                .build()).hasMessageContaining("tasks");
        assertThatThrownBy(() -> Benchmark.builder().task(Task.of("t1", "x")).evaluator(Evaluators.exactMatch())
                .build()).hasMessageContaining("agentFactory");
        assertThatThrownBy(() -> Benchmark.builder().task(Task.of("t1", "x")).agent(Fixtures.answering("4")).build())
                .hasMessageContaining("evaluator");
        assertThatThrownBy(() -> valid().capacityPolicy(null)).hasMessageContaining("capacityPolicy");
        assertThatThrownBy(() -> valid().listener(null)).hasMessageContaining("listener");
        assertThatThrownBy(() -> valid().environment(null)).hasMessage("environment must not be null");
        assertThatThrownBy(() -> valid().userSimulators(null)).hasMessage("userSimulators must not be null");
        assertThatThrownBy(() -> valid().taskTimeout(null)).hasMessage("taskTimeout must not be null");
        assertThatThrownBy(() -> valid().identity(null)).hasMessage("identity must not be null");
        assertThatThrownBy(() -> valid().tasks(java.util.Arrays.asList(Task.of("t2", "x"), null)))
                .hasMessageContaining("tasks[1]");
    }

    @Test
    void aTaskIdUsedTwiceIsRefused() {
        // when / then
        assertThatThrownBy(() -> valid().tasks(List.of(Task.of("t1", "again"))))
                .hasMessage("task id \"t1\" is used twice");
    }

    @Test
    void aSharedAgentIsRefusedWithAnEnvironmentOrAUserSimulatorItCouldNotBeGiven() {
        // when / then
        assertThatThrownBy(() -> valid().environment(task -> List.of()).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("environment's tools")
                .hasMessageContaining("agentFactory(context -> context.agentBuilder(model)");
        assertThatThrownBy(() -> valid().userSimulators(task -> null).build())
                .hasMessageContaining("user simulator");
    }

    @Test
    void aBenchmarkTakesOneSubjectAnAgentAPipelineOrAnAttemptRunnerAndRefusesTwo() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("answer", Fixtures.answering("4"), ctx -> ctx.input())).build();

        // when / then
        assertThatThrownBy(() -> valid().pipeline(pipeline).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("pipelineFactory: the benchmark has an agentFactory too; give one of them");
        assertThatThrownBy(() -> Benchmark.builder().task(Task.of("t1", "x")).pipeline(pipeline)
                .attemptRunner((task, repeat, attempt) -> null).evaluator(Evaluators.exactMatch()).build())
                .hasMessage("attemptRunner: the benchmark has a pipelineFactory too; give one of them");
        assertThatThrownBy(() -> valid().pipelineFactory(null)).hasMessage("pipelineFactory must not be null");
        assertThatThrownBy(() -> valid().pipeline(null)).hasMessage("pipeline must not be null");
        assertThat(Benchmark.builder().task(Task.of("t1", "x")).pipeline(pipeline).evaluator(Evaluators.exactMatch())
                .build().tasks()).hasSize(1);
    }

    @Test
    void aSharedPipelineIsRefusedWithAnEnvironmentOrAUserSimulatorItCouldNotBeGiven() {
        // given
        Benchmark.Builder shared = Benchmark.builder().task(Task.of("t1", "x")).evaluator(Evaluators.exactMatch())
                .pipeline(Pipeline.builder()
                        .stage(Stage.agent("answer", Fixtures.answering("4"), ctx -> ctx.input()))
                        .build());

        // when / then
        assertThatThrownBy(() -> shared.environment(task -> List.of()).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("pipeline: a shared pipeline cannot be given the environment's tools")
                .hasMessageContaining("pipelineFactory(context -> ...)");
    }

    @Test
    void aRerunIntoThePreviousReportIsRefused() {
        // given
        java.nio.file.Path report = java.nio.file.Path.of("build", "report.jsonl");

        // when / then
        assertThatThrownBy(() -> valid().build().rerun(report, report))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not be the previous report");
    }
}
