package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An agent whose tools a worker must start (an MCP server's, here a stand-in that counts its starts and stops): the
 * workflow lists their specs through an activity its history keeps, the activities start them once per resolved
 * agent, a worker that only replays starts none, a start that fails ends the run typed, and they stop with the
 * recipes.
 */
@Timeout(60)
class ServedToolsTest {
    private static final String QUEUE = "served-tools";
    private static final String BOOM = "mcpServers.boom: MCP server \"boom\" exited with status 3 as it started;"
            + " its stderr ended with: boom";

    private final AtomicInteger starts = new AtomicInteger();
    private final AtomicInteger stops = new AtomicInteger();
    /** Holds a start of "slow" tools until the test ends. */
    private final CountDownLatch slow = new CountDownLatch(1);
    private TestWorkflowEnvironment environment;
    private AgentRecipes recipes;
    /** A worker of workflows only, with recipes of its own (as another process's), that replays histories. */
    private Worker replayer;

    /** Tools that count their starts and stops; a definition of "boom" cannot start. */
    private final class Counted implements ServedTools {
        private final String definition;

        Counted(String definition) {
            this.definition = definition;
        }

        @Override
        public List<Tool> start() {
            starts.incrementAndGet();
            if (definition.equals("boom")) {
                throw new IllegalStateException(BOOM);
            }
            if (definition.equals("slow")) {
                try {
                    slow.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("the start was interrupted", e);
                }
            }
            return List.of(Tools.of("lookup", "Looks a word up", Map.of("type", "object", "properties",
                    Map.of("word", Map.of("type", "string"))), (arguments, run) -> "a " + arguments.get("word")));
        }

        @Override
        public void close() {
            stops.incrementAndGet();
        }
    }

    /** Looks "tool" up, then answers with what it found. */
    private static final Model MODEL = request -> request.messages().getLast() instanceof Message.ToolResult result
            ? ModelResponse.text("found: " + result.content(), Usage.of(1, 1))
            : new ModelResponse(new Message.Assistant("", List.of(new ToolCall("call_1", "lookup",
                    Map.of("word", "tool")))), Usage.of(1, 1), FinishReason.TOOL_CALLS);

    private AgentRecipes recipes() {
        return AgentRecipes.builder().resolver((name, definition) -> new AgentRecipes.Registered(name, MODEL,
                List.of(), new Counted(definition), materials -> Agent.builder(materials.model())
                        .tools(materials.tools()).clock(materials.clock()).build())).build();
    }

    @BeforeEach
    void startTheWorker() {
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.ofDefaults()).build())
                .setUseTimeskipping(false)
                .build());
        recipes = recipes();
        AgentWorkflows.register(environment.newWorker(QUEUE), recipes, environment.getWorkflowClient());
        replayer = environment.newWorker(QUEUE + "-replay");
        AgentWorkflows.registerWorkflow(replayer, recipes(), environment.getWorkflowClient());
        environment.start();
    }

    @AfterEach
    void stop() {
        slow.countDown();
        environment.close();
    }

    private AgentRunOutput run(String workflowId, String definition) {
        return environment.getWorkflowClient().newWorkflowStub(AgentWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(QUEUE).setWorkflowId(workflowId).build())
                .run(AgentRunInput.defined("dictionary", "What is a tool?", definition));
    }

    @Test
    void aRunCallsAServedToolInItsActivityAndEndsWithWhatItAnswered() {
        // when
        AgentRunOutput output = run("served-1", "ok");

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.finalAnswer()).isEqualTo("found: a tool");
        assertThat(output.toolCalls()).isEqualTo(1);
    }

    @Test
    void theServedToolsOfADocumentStartOnceForEveryRunOfItOnAWorker() {
        // when
        run("served-2a", "ok");
        run("served-2b", "ok");

        // then
        assertThat(starts).hasValue(1);
        assertThat(stops).hasValue(0);
    }

    @Test
    void aWorkerThatReplaysTheWorkflowFromItsHistoryStartsNoServedTools() throws Exception {
        // given
        run("served-3", "ok");
        int started = starts.get();

        // when
        WorkflowReplayer.replayWorkflowExecution(environment.getWorkflowClient().fetchHistory("served-3"), replayer);

        // then
        assertThat(starts).hasValue(started);
    }

    @Test
    void toolsThatCannotStartEndTheRunFailedWithTheirMessageAndCategoryConfiguration() {
        // when
        AgentRunOutput output = run("served-4", "boom");

        // then
        assertThat(output.termination()).isEqualTo(new Termination.Failed(new ErrorInfo(
                "dev.terminus.temporal.ServedToolsNotStarted", BOOM, ErrorCategory.CONFIGURATION)));
        assertThat(output.iterations()).isZero();
        assertThat(starts).as("a start that fails is not tried again by Temporal").hasValue(1);
    }

    @Test
    void closingTheRecipesStopsTheServedToolsTheirRunsStarted() {
        // given
        run("served-5", "ok");

        // when
        recipes.close();

        // then
        assertThat(stops).hasValue(1);
    }

    @Test
    void theOutputQueryOfARunWhoseToolsDidNotStartReplaysItToTheSameOutput() {
        // given
        WorkflowClient client = environment.getWorkflowClient();
        AgentWorkflow workflow = client.newWorkflowStub(AgentWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(QUEUE).setWorkflowId("served-6").build());

        // when
        AgentRunOutput output = workflow.run(AgentRunInput.defined("dictionary", "What is a tool?", "boom"));

        // then
        assertThat(workflow.output()).isEqualTo(output);
        assertThat(output.outcome()).isEqualTo(dev.terminus.Outcome.FAILED);
    }

    @Test
    void aWorkflowCancelledWhileItsServedToolsStartEndsTheRunCancelled() {
        // given
        WorkflowStub workflow = environment.getWorkflowClient().newUntypedWorkflowStub("AgentWorkflow",
                WorkflowOptions.newBuilder().setTaskQueue(QUEUE).setWorkflowId("served-7").build());
        workflow.start(AgentRunInput.defined("dictionary", "What is a tool?", "slow"));
        long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (starts.get() == 0) {
            if (System.nanoTime() > giveUp) {
                throw new AssertionError("the served tools never started");
            }
            Thread.onSpinWait();
        }

        // when
        workflow.cancel();
        AgentRunOutput output = AgentWorkflows.output(workflow);

        // then
        assertThat(output.termination()).isEqualTo(new Termination.Cancelled(AgentWorkflow.CANCELLED_BY_WORKFLOW));
        assertThat(output.iterations()).isZero();
    }
}
