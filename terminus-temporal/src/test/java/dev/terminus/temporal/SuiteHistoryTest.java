package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.temporal.wire.SuiteInput;
import dev.terminus.temporal.wire.SuiteOutput;
import dev.terminus.temporal.wire.SuiteWorkflow;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.worker.WorkerFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite's history stays within a server's limits however many task runs it has and however large their answers:
 * its children refer to the suite's document, it never runs more children than its concurrency, and it continues as
 * new. Measured through the history API on Temporal's test server in a process of its own (which enforces no limit),
 * with a worker in this JVM; figures in docs/benchmarks.md.
 */
@Timeout(180)
class SuiteHistoryTest {
    private static final String TASK_QUEUE = "terminus-suite-history";
    private static final long EXECUTION_LIMIT = 10_000_000L;
    private static final long EVENT_LIMIT = 1_500_000L;
    private static final Set<EventType> CHILD_ENDS = Set.of(EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED,
            EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_FAILED,
            EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_CANCELED,
            EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_TERMINATED,
            EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_TIMED_OUT,
            EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_FAILED);

    @TempDir
    static Path dir;

    private static TestServerProcess server;
    private static WorkerFactory worker;

    @BeforeAll
    static void startTheServerAndAWorker() throws Exception {
        server = TestServerProcess.start(dir.resolve("test-server.log"));
        worker = WorkerFactory.newInstance(server.client());
        io.temporal.worker.Worker queue = worker.newWorker(TASK_QUEUE);
        AgentWorkflows.register(queue, SuiteAgents.recipes(), server.client());
        SuiteWorkflows.register(queue);
        worker.start();
    }

    @AfterAll
    static void stopThem() throws Exception {
        worker.shutdownNow();
        server.close();
    }

    @Test
    void fiveHundredTaskRunsOverAFiftyKilobyteDocumentStayWithinTheLimits() {
        // given
        SuiteInput input = suite(500, SuiteAgents.document(2, 50_000), 10);

        // when
        Measured measured = run("five-hundred", input);

        // then
        assertThat(measured.output().rows()).hasSize(500)
                .allSatisfy(row -> assertThat(row.category()).isEqualTo(Category.SUCCESS));
        assertWithinLimits(measured, input.concurrency());
    }

    @Test
    void twoHundredKilobyteAnswersMakeTheSuiteContinueAsNewWithinTheLimits() {
        // given
        SuiteInput input = suite(60, SuiteAgents.document(200_000, 2_000), 4);

        // when
        Measured measured = run("large-answers", input);

        // then
        assertThat(measured.output().rows()).hasSize(60)
                .allSatisfy(row -> assertThat(row.category()).isEqualTo(Category.SUCCESS));
        assertThat(measured.output().rows()).extracting(SuiteOutput.Row::task)
                .containsExactlyElementsOf(input.runs().stream().map(SuiteInput.Run::task).toList());
        assertThat(measured.history().executions()).isGreaterThan(1);
        assertWithinLimits(measured, input.concurrency());
    }

    private record Measured(SuiteOutput output, RunHistory history, int mostChildren) {}

    private static SuiteInput suite(int tasks, String document, int concurrency) {
        List<SuiteInput.Run> runs = new ArrayList<>(tasks);
        for (int i = 0; i < tasks; i++) {
            runs.add(SuiteInput.Run.ofDocument("task-" + i, 0, "defined", "Answer " + i, 0));
        }
        return new SuiteInput(runs, RetryPolicy.none(), concurrency, null, List.of(document), null);
    }

    private static Measured run(String name, SuiteInput input) {
        WorkflowClient client = server.client();
        SuiteWorkflow suite = client.newWorkflowStub(SuiteWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TASK_QUEUE).setWorkflowId(name + "-" + System.nanoTime()).build());
        SuiteOutput output = suite.run(input);
        WorkflowStub stub = WorkflowStub.fromTyped(suite);
        RunHistory history = RunHistory.read(client, stub.getExecution().getWorkflowId(),
                stub.getExecution().getRunId());
        int open = 0;
        int most = 0;
        for (HistoryEvent event : history.events()) {
            if (event.getEventType() == EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED) {
                most = Math.max(most, ++open);
            } else if (CHILD_ENDS.contains(event.getEventType())) {
                open--;
            }
        }
        System.out.printf("SuiteHistoryTest %s: %d task runs at concurrency %d, %d executions, %d events,"
                        + " %,d history bytes, largest execution %,d bytes, largest event %,d bytes,"
                        + " at most %d children running%n", name, input.runs().size(), input.concurrency(),
                history.executions(), history.events().size(), history.bytes(), history.largestExecution(),
                history.largestEvent(), most);
        return new Measured(output, history, most);
    }

    private static void assertWithinLimits(Measured measured, int concurrency) {
        assertThat(measured.history().largestExecution()).isLessThanOrEqualTo(EXECUTION_LIMIT);
        assertThat(measured.history().largestEvent()).isLessThanOrEqualTo(EVENT_LIMIT);
        assertThat(measured.mostChildren()).isLessThanOrEqualTo(concurrency);
    }
}
