package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.eval.Task;
import dev.terminus.eval.spi.AttemptRunner;
import dev.terminus.scripted.FunctionModel;
import dev.terminus.temporal.wire.SuiteInput;
import dev.terminus.temporal.wire.SuiteWorkflow;
import io.grpc.StatusRuntimeException;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.CanceledFailure;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A suite too large for a server is refused before anything starts, in one line naming the size and the limit; a
 * cancelled suite ends, with the children it ran, instead of going on.
 */
@Timeout(60)
class SuiteLimitsTest {
    private static final String QUEUE = "terminus-suite-limits";

    /** Counts down as each call of the waiting agent starts; its calls wait until they are interrupted. */
    private final CountDownLatch waiting = new CountDownLatch(2);
    private TestWorkflowEnvironment environment;

    @BeforeEach
    void startAWorker() {
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.ofDefaults()).build())
                .build());
        Worker worker = environment.newWorker(QUEUE);
        AgentWorkflows.register(worker, AgentRecipes.builder()
                .agent("waiting", FunctionModel.of(request -> {
                    waiting.countDown();
                    Thread.sleep(Long.MAX_VALUE);
                    return ModelResponse.text("never", Usage.of(1, 1));
                }), List.of(), materials -> Agent.builder(materials.model()).clock(materials.clock()).build())
                .build(), environment.getWorkflowClient());
        SuiteWorkflows.register(worker);
        environment.start();
    }

    @AfterEach
    void stopIt() {
        environment.close();
    }

    private WorkflowClient client() {
        return environment.getWorkflowClient();
    }

    @Test
    void aDocumentTooLargeForAPayloadIsRefusedBeforeTheSuiteStarts() {
        // given: a document of 2,345,678 characters, a payload of 2,345,710 bytes with its encoding
        String document = SuiteAgents.document(1, 2_345_678);
        TemporalSuiteRunner runner = TemporalSuiteRunner.of(client(), QUEUE, "too-large", task -> "defined",
                task -> document);
        AttemptRunner.Plan plan = new AttemptRunner.Plan(List.of(new AttemptRunner.Run(Task.of("a", "go"), 0),
                new AttemptRunner.Run(Task.of("b", "go"), 0)), RetryPolicy.none(), 2, null);

        // when / then
        assertThatThrownBy(() -> runner.begin(plan)).isInstanceOf(SuiteTooLargeException.class)
                .hasMessage("the suite's agent document is 2,345,710 bytes; a Temporal payload may be at most"
                        + " 2,097,152 bytes (the server's limit.blobSize.error): nothing was started");
        assertThatThrownBy(() -> client().newUntypedWorkflowStub("too-large").describe())
                .isInstanceOfAny(WorkflowNotFoundException.class, StatusRuntimeException.class);
    }

    @Test
    void anInputTooLargeForAPayloadIsRefusedBeforeTheSuiteStarts() {
        // given: a thousand tasks of 3 KB each
        TemporalSuiteRunner runner = TemporalSuiteRunner.of(client(), QUEUE, "too-many", task -> "waiting");
        List<AttemptRunner.Run> runs = new java.util.ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            runs.add(new AttemptRunner.Run(Task.of("task-" + i, "y".repeat(3_000)), 0));
        }

        // when / then
        assertThatThrownBy(() -> runner.begin(new AttemptRunner.Plan(runs, RetryPolicy.none(), 4, null)))
                .isInstanceOf(SuiteTooLargeException.class)
                .hasMessageMatching("the suite's input \\(1000 task runs\\) is 3,\\d{3},\\d{3} bytes; a Temporal"
                        + " payload may be at most 2,097,152 bytes \\(the server's limit.blobSize.error\\): nothing was"
                        + " started");
    }

    @Test
    void aCancelledSuiteEndsCancelledWithTheChildrenItWasRunning() throws Exception {
        // given: two children whose model calls wait until they are stopped
        SuiteWorkflow suite = client().newWorkflowStub(SuiteWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(QUEUE).setWorkflowId("stopped-suite").build());
        WorkflowClient.start(suite::run, new SuiteInput(List.of(new SuiteInput.Run("a", 0, "waiting", "go"),
                new SuiteInput.Run("b", 0, "waiting", "go"), new SuiteInput.Run("c", 0, "waiting", "go")),
                RetryPolicy.none(), 2, null));
        assertThat(waiting.await(30, TimeUnit.SECONDS)).as("both children call their model").isTrue();

        // when
        WorkflowStub stub = WorkflowStub.fromTyped(suite);
        stub.cancel();

        // then
        assertThatThrownBy(() -> stub.getResult(30, TimeUnit.SECONDS, Object.class))
                .isInstanceOf(WorkflowFailedException.class).hasCauseInstanceOf(CanceledFailure.class);
        for (String child : List.of("stopped-suite/a/0", "stopped-suite/b/0")) {
            WorkflowStub running = client().newUntypedWorkflowStub(child);
            AgentRunOutput ended = AgentWorkflows.output(running);
            assertThat(ended.termination()).as(child).isInstanceOf(Termination.Cancelled.class);
            assertThat(running.describe().getStatus()).as(child)
                    .isNotEqualTo(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING);
        }
        assertThatThrownBy(() -> client().newUntypedWorkflowStub("stopped-suite/c/0").describe())
                .as("the third task run never started")
                .isInstanceOfAny(WorkflowNotFoundException.class, StatusRuntimeException.class);
    }
}
