package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.eval.spi.AttemptTimedOut;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.PipelineEvent;
import dev.terminus.pipeline.Stage;
import dev.terminus.scripted.ScriptedModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tasks whose subject is a two-stage pipeline (a writer drafts, a reviewer answers) on scripted models: each row is
 * the pipeline's run, graded as one run, and names the stage that stopped it. Every model call reports 10 in and 5 out
 * tokens.
 */
@Timeout(30)
class PipelineRowScenariosTest {
    private static final Task ADD = Task.of("add", "What is 2 + 2?").expecting("4");
    private static final Task CAPITAL = Task.of("capital", "Capital of Norway?").expecting("Oslo");

    @TempDir
    Path dir;

    private static Agent agent(String name, Model model) {
        return Agent.builder(model).name(name).retryPolicy(RetryPolicy.none()).build();
    }

    private static Model answering(String answer) {
        return ScriptedModel.builder().text(answer).thenRepeatLast().build();
    }

    /**
     * A writer that drafts "draft", then a reviewer over the given model, named "draft" and "review"; the log hears
     * the stages' terminations as "task/stage".
     */
    private static Pipeline draftAndReview(String task, Model reviewer, PipelineEventLog log) {
        return Pipeline.builder().name("draft-and-review")
                .stage(Stage.agent("draft", agent("writer", answering("draft")), ctx -> ctx.input()))
                .stage(Stage.agent("review", agent("reviewer", reviewer),
                        ctx -> "Correct: " + ctx.previousAnswer().orElse("")))
                .listener(event -> {
                    if (event instanceof PipelineEvent.StageFinished finished) {
                        log.finished.put(task + "/" + finished.result().name(), finished.result().termination());
                    }
                })
                .build();
    }

    /** The terminations of the stages that finished, by task and stage name. */
    private static final class PipelineEventLog {
        final Map<String, Termination> finished = new java.util.concurrent.ConcurrentHashMap<>();
    }

    @Test
    void aSuiteOverATwoStagePipelineHasACompletedRowAndARowStoppedByTheSecondStage() throws IOException {
        // given: the reviewer answers the first task and fails with a 503 on the second
        PipelineEventLog log = new PipelineEventLog();
        Path report = dir.resolve("report.jsonl");
        Benchmark benchmark = Benchmark.builder().tasks(List.of(ADD, CAPITAL)).concurrency(2)
                .pipelineFactory(context -> draftAndReview(context.task().id(), context.task().id().equals("add")
                        ? answering("4") : ScriptedModel.builder().serverError(503).build(), log))
                .evaluator(Evaluators.exactMatch()).build();

        // when
        EvalReport result = benchmark.run(report);

        // then: the first row is the completed pipeline's, judged on the reviewer's answer
        ReportRow completed = result.rows().get(0);
        assertThat(completed.status()).isEqualTo(Status.SUCCESS);
        assertThat(completed.termination()).isEqualTo(new Termination.Completed());
        assertThat(completed.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(completed.verdict()).isEqualTo(ReportRow.Verdict.PASSED);
        assertThat(completed.stoppedByStage()).isNull();
        assertThat(completed.agent()).isEqualTo("reviewer");
        assertThat(completed.usage()).as("both stages' calls").isEqualTo(Usage.of(20, 10));
        assertThat(completed.iterations()).as("one iteration per stage").isEqualTo(2);
        // and: the second row ends with the reviewer's termination and names its stage
        ReportRow stopped = result.rows().get(1);
        assertThat(stopped.status()).isEqualTo(Status.AGENT_ERROR);
        assertThat(stopped.termination()).isInstanceOf(Termination.Failed.class)
                .isEqualTo(log.finished.get("capital/review"));
        assertThat(stopped.category()).isEqualTo(Category.RETRYABLE);
        assertThat(stopped.stoppedByStage()).isEqualTo("review");
        assertThat(stopped.error().component()).isEqualTo(Component.AGENT);
        assertThat(stopped.usage()).as("the writer's call; the failed call reported none").isEqualTo(Usage.of(10, 5));
        // and: the report file holds both, the field written and read back
        assertThat(Files.readAllLines(report)).anySatisfy(line -> assertThat(line)
                .startsWith("{\"task\":\"capital\"").endsWith(",\"stoppedByStage\":\"review\"}"));
        assertThat(ReportReader.read(report)).containsExactlyInAnyOrderElementsOf(result.rows());
    }

    @Test
    void theEvaluatorSeesTheAnswerOfTheLastStageThatAnsweredAndThePipelinesTotals() {
        // given: a function stage after the agent's, which answers nothing
        AtomicReference<RunResult> seen = new AtomicReference<>();
        Pipeline pipeline = Pipeline.builder().name("answer-then-log")
                .stage(Stage.agent("answer", agent("writer", answering("4")), ctx -> ctx.input()))
                .stage(Stage.of("log", ctx -> new Termination.Completed()))
                .build();
        Benchmark benchmark = Benchmark.builder().task(ADD).pipeline(pipeline)
                .evaluator((task, run) -> {
                    seen.set(run);
                    return Evaluators.exactMatch().evaluate(task, run);
                })
                .build();

        // when
        ReportRow row = benchmark.run().rows().getFirst();

        // then
        assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.PASSED);
        assertThat(row.agent()).as("the last stage reached ran no agent").isNull();
        RunResult run = seen.get();
        assertThat(run.finalAnswer()).contains("4");
        assertThat(run.termination()).isEqualTo(new Termination.Completed());
        assertThat(run.usage()).isEqualTo(Usage.of(10, 5));
        assertThat(run.transcript()).isNotEmpty();
    }

    @Test
    void aPipelineStoppedAtItsSecondStagesIterationCapIsJudgedOnTheFirstStagesAnswer() {
        // given: the reviewer calls a tool on its only iteration, so it ends MaxIterationsReached without an answer
        Agent reviewer = Agent.builder(ScriptedModel.builder().toolCall("look", Map.of()).thenRepeatLast().build())
                .name("reviewer").retryPolicy(RetryPolicy.none()).maxIterations(1)
                .tool(Tools.of("look", "Looks", (arguments, run) -> "nothing")).build();
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("draft", agent("writer", answering("4")), ctx -> ctx.input()))
                .stage(Stage.agent("review", reviewer, ctx -> ctx.previousAnswer().orElse("")))
                .build();
        Benchmark benchmark = Benchmark.builder().task(ADD).pipeline(pipeline).evaluator(Evaluators.exactMatch())
                .build();

        // when
        ReportRow row = benchmark.run().rows().getFirst();

        // then: a capacity stop is evaluated by default, on the answer the pipeline has
        assertThat(row.status()).isEqualTo(Status.SUCCESS);
        assertThat(row.termination()).isInstanceOf(Termination.MaxIterationsReached.class);
        assertThat(row.category()).isEqualTo(Category.CAPACITY);
        assertThat(row.stoppedByStage()).isEqualTo("review");
        assertThat(row.agent()).isEqualTo("reviewer");
        assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.PASSED);
        assertThat(row.toolCalls()).isEqualTo(1);
    }

    @Test
    void aRetryableStopIsRetriedWithANewPipelineAndTheRowIsTheCompletedAttemptsWithEveryAttemptsUsage() {
        // given: the reviewer's model fails its first call with a 503 and answers the next
        PipelineEventLog log = new PipelineEventLog();
        Model reviewer = ScriptedModel.builder().serverError(503).text("4").build();
        AtomicInteger pipelinesMade = new AtomicInteger();
        Benchmark benchmark = Benchmark.builder().task(ADD).retryPolicy(RetryPolicy.immediate(1))
                .pipelineFactory(context -> {
                    pipelinesMade.incrementAndGet();
                    return draftAndReview(context.task().id(), reviewer, log);
                })
                .evaluator(Evaluators.exactMatch()).build();

        // when
        ReportRow row = benchmark.run().rows().getFirst();

        // then
        assertThat(row.attempt()).isEqualTo(2);
        assertThat(pipelinesMade).hasValue(2);
        assertThat(row.termination()).isEqualTo(new Termination.Completed());
        assertThat(row.stoppedByStage()).as("the last attempt's pipeline completed").isNull();
        assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.PASSED);
        assertThat(row.usage()).as("the first attempt's draft, the second's draft and review")
                .isEqualTo(Usage.of(30, 15));
    }

    @Test
    void pipelinesOfTwoTasksRunAtOnceUnderAConcurrencyOfTwo() {
        // given: each writer waits, in its model call, until both are in theirs
        CountDownLatch bothIn = new CountDownLatch(2);
        Benchmark benchmark = Benchmark.builder().tasks(List.of(ADD, CAPITAL)).concurrency(2)
                .pipelineFactory(context -> {
                    ScriptedModel writer = ScriptedModel.builder().text("draft").build();
                    Model waiting = request -> {
                        bothIn.countDown();
                        if (!bothIn.await(10, TimeUnit.SECONDS)) {
                            throw new IllegalStateException("the other task's pipeline never ran alongside");
                        }
                        return writer.chat(request);
                    };
                    return Pipeline.builder()
                            .stage(Stage.agent("draft", agent("writer", waiting), ctx -> ctx.input()))
                            .stage(Stage.agent("review", agent("reviewer", answering(context.task().expected())),
                                    ctx -> ctx.previousAnswer().orElse("")))
                            .build();
                })
                .evaluator(Evaluators.exactMatch()).build();

        // when
        EvalReport report = benchmark.run();

        // then
        assertThat(report.rows()).extracting(ReportRow::termination)
                .containsExactly(new Termination.Completed(), new Termination.Completed());
        assertThat(report.summary().passRate()).isEqualTo(1.0);
    }

    @Test
    void theTaskTimeoutCancelsThePipelineInItsSecondStageAndTheRowNamesThatStage() throws Exception {
        // given: the reviewer's model never answers, and says when it is in its call
        ManualClock clock = new ManualClock();
        ScriptedModel hanging = ScriptedModel.builder().hang().build();
        CountDownLatch called = new CountDownLatch(1);
        Model reviewer = request -> {
            called.countDown();
            return hanging.chat(request);
        };
        PipelineEventLog log = new PipelineEventLog();
        // a grace no slow machine reaches: the wait for the cancelled pipeline returns as soon as it ends
        Benchmark benchmark = Benchmark.builder().clock(clock).task(ADD).taskTimeout(Duration.ofSeconds(30))
                .interruptGrace(Duration.ofSeconds(30))
                .pipelineFactory(context -> draftAndReview(context.task().id(), reviewer, log))
                .evaluator(Evaluators.exactMatch()).build();
        CompletableFuture<EvalReport> report = ConcurrencyScenariosTest.runInBackground(benchmark);

        // when: the timeout is scheduled and the reviewer is inside its model call
        clock.awaitScheduled(1);
        assertThat(called.await(10, TimeUnit.SECONDS)).as("the reviewer called its model").isTrue();
        clock.advance(Duration.ofSeconds(30));
        ReportRow row = report.get(10, TimeUnit.SECONDS).rows().getFirst();

        // then: the pipeline was cancelled by the timeout, in its second stage
        assertThat(row.status()).isEqualTo(Status.TASK_TIMEOUT);
        assertThat(row.termination()).isEqualTo(new Termination.Cancelled(AttemptTimedOut.REQUESTER));
        assertThat(log.finished.get("add/review")).isEqualTo(new Termination.Cancelled(AttemptTimedOut.REQUESTER));
        assertThat(row.stoppedByStage()).isEqualTo("review");
        assertThat(row.error().component()).isEqualTo(Component.AGENT);
        assertThat(row.error().message()).endsWith("passed its timeout of 30000 ms while the pipeline ran");
        assertThat(row.usage()).as("the writer's call").isEqualTo(Usage.of(10, 5));
    }
}
