package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.eval.Benchmark;
import dev.terminus.eval.EvalReport;
import dev.terminus.eval.Evaluators;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.ReportRow.Verdict;
import dev.terminus.eval.Status;
import dev.terminus.eval.Task;
import dev.terminus.eval.spi.AttemptTimedOut;
import dev.terminus.temporal.wire.SuiteOutput;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import java.time.Duration;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite whose every task runs a pipeline runs each attempt as a pipeline workflow child: its rows have the
 * pipeline's termination and the stage that stopped it, a pipeline past the task timeout is cancelled and its row is
 * a timeout, a second start with its id runs no finished pipeline again, and the suite's history replays.
 */
@Timeout(120)
class PipelineSuitesTest {
    private static PipelineHarness temporal;

    @TempDir
    Path dir;

    @BeforeAll
    static void startTheWorker() {
        temporal = new PipelineHarness(PipelineAgents.agents(), PipelineAgents.pipelines());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    private static Benchmark suite(String suiteId, String pipeline) {
        return Benchmark.builder()
                .tasks(List.of(Task.of("oslo", "Oslo's population").expecting("Oslo grew by 1.2% in 2025."),
                        Task.of("bergen", "Bergen's population").expecting("Bergen shrank.")))
                .evaluator(Evaluators.exactMatch())
                .attemptRunner(TemporalSuiteRunner.ofPipeline(temporal.client(), PipelineHarness.TASK_QUEUE, suiteId,
                        pipeline, null))
                .build();
    }

    @Test
    void eachRowIsARunOfThePipelineAsAWorkflowGradedOnItsLastAnswer() throws Exception {
        // when: "skipping" answers with its summary
        EvalReport report = suite("suite-skipping", "skipping").run(dir.resolve("report.jsonl"));

        // then
        assertThat(report.rows()).extracting(row -> row.task() + " " + row.status() + " " + row.verdict())
                .containsExactly("oslo SUCCESS PASSED", "bergen SUCCESS FAILED");
        assertThat(report.rows()).allSatisfy(row -> {
            assertThat(row.termination()).isEqualTo(new Termination.Completed());
            assertThat(row.stoppedByStage()).isNull();
        });
        temporal.client().newUntypedWorkflowStub("suite-skipping").getResult(SuiteOutput.class);
        temporal.replay("suite-skipping");
    }

    @Test
    void aPipelineStoppedByAStageIsARowNamingThatStage() throws Exception {
        // when: "aborting"'s review stage is refused by its provider's filter
        EvalReport report = suite("suite-aborting", "aborting").run(dir.resolve("report.jsonl"));

        // then
        assertThat(report.rows()).hasSize(2).allSatisfy(row -> {
            assertThat(row.termination()).isInstanceOf(Termination.AgentRefused.class);
            assertThat(row.stoppedByStage()).isEqualTo("review");
            assertThat(row.verdict()).isNotEqualTo(Verdict.PASSED);
        });
        temporal.client().newUntypedWorkflowStub("suite-aborting").getResult(SuiteOutput.class);
        temporal.replay("suite-aborting");
    }

    @Test
    void aPipelineSuiteStartedAgainWithItsIdRunsNoFinishedPipelineAgain() throws Exception {
        // given
        EvalReport first = suite("suite-again", "report").run(dir.resolve("first.jsonl"));
        temporal.client().newUntypedWorkflowStub("suite-again").getResult(SuiteOutput.class);

        // when
        EvalReport second = suite("suite-again", "report").run(dir.resolve("second.jsonl"));

        // then
        assertThat(second.rows()).extracting(PipelineSuitesTest::ending)
                .isEqualTo(first.rows().stream().map(PipelineSuitesTest::ending).toList());
        SuiteOutput output = temporal.client().newUntypedWorkflowStub("suite-again").getResult(SuiteOutput.class);
        assertThat(output.rows()).hasSize(2).allSatisfy(row -> assertThat(row.reused()).isEqualTo(1));
        temporal.replay("suite-again");
    }

    @Test
    void aPipelinePastTheTaskTimeoutIsCancelledAndItsRowIsATimeoutNamingTheStageItStopped() throws Exception {
        // given: "refund"'s refund stage waits at its approval gate, which no one answers, under a task timeout of
        // 2 s of real time: with time skipping the in-process server may pass the child's run timeout before the
        // suite's cancellation lands (seen: the child TIMED_OUT, and the row without its partial run)
        try (PipelineHarness realTime = new PipelineHarness(PipelineAgents.agents(), PipelineAgents.pipelines(),
                false)) {
            Benchmark benchmark = Benchmark.builder()
                    .task(Task.of("order-42", "order 42").expecting("Order 42 is refunded."))
                    .evaluator(Evaluators.exactMatch()).taskTimeout(Duration.ofSeconds(2))
                    .attemptRunner(TemporalSuiteRunner.ofPipeline(realTime.client(), PipelineHarness.TASK_QUEUE,
                            "suite-timeout", "refund", null))
                    .build();

            // when
            EvalReport report = benchmark.run(dir.resolve("report.jsonl"));

            // then
            assertThat(report.rows()).singleElement().satisfies(row -> {
                assertThat(row.status()).isEqualTo(Status.TASK_TIMEOUT);
                assertThat(row.termination()).as("row %s", row)
                        .isEqualTo(new Termination.Cancelled(AttemptTimedOut.REQUESTER));
                assertThat(row.stoppedByStage()).isEqualTo("refund");
            });
            assertThat(realTime.status("suite-timeout/order-42/0"))
                    .isEqualTo(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_CANCELED);
            realTime.client().newUntypedWorkflowStub("suite-timeout").getResult(SuiteOutput.class);
            realTime.replay("suite-timeout");
        }
    }

    private static String ending(ReportRow row) {
        return row.task() + " " + row.status() + " " + row.termination() + " " + row.verdict() + " "
                + row.stoppedByStage();
    }
}
