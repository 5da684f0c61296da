package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.workflow.unsafe.WorkflowUnsafe;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Resolving a defined agent on a workflow thread follows Temporal's rule for workflow code: the workflow thread does
 * not wait for another thread that is resolving the same document, and does not close the served tools (an MCP
 * server's) of an agent its resolution evicts from the worker's cache; the worker's next activity closes them.
 */
@Timeout(60)
class WorkflowThreadResolutionTest {
    private static final String QUEUE = "workflow-thread-resolution";
    private static final Model MODEL = request -> ModelResponse.text("done", Usage.of(1, 1));

    /** Held by the resolution of "held" off the workflow thread until the test lets it go. */
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch resolvingOffTheWorkflow = new CountDownLatch(1);
    private final CountDownLatch resolvedOnTheWorkflow = new CountDownLatch(1);
    /** Each close of the "served" tools: whether it ran on a workflow thread. */
    private final Map<Integer, Boolean> closes = new ConcurrentHashMap<>();
    private TestWorkflowEnvironment environment;
    private AgentRecipes recipes;

    /** Tools of the "served" document: started by its run's activity, closed when its agent is evicted. */
    private final class Served implements ServedTools {
        @Override
        public List<Tool> start() {
            return List.of();
        }

        @Override
        public void close() {
            closes.put(closes.size(), WorkflowUnsafe.isWorkflowThread());
        }
    }

    private AgentRecipes.Registered resolve(String name, String definition) {
        if (definition.equals("held")) {
            if (WorkflowUnsafe.isWorkflowThread()) {
                resolvedOnTheWorkflow.countDown();
            } else if (resolvingOffTheWorkflow.getCount() > 0) {
                resolvingOffTheWorkflow.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("the resolution was interrupted", e);
                }
            }
        }
        return new AgentRecipes.Registered(name, MODEL, List.of(), definition.equals("served") ? new Served() : null,
                materials -> Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                        .build());
    }

    @BeforeEach
    void startTheWorker() {
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.ofDefaults()).build())
                .setUseTimeskipping(false)
                .build());
        recipes = AgentRecipes.builder().resolver(this::resolve).build();
        AgentWorkflows.register(environment.newWorker(QUEUE), recipes, environment.getWorkflowClient());
        environment.start();
    }

    @AfterEach
    void stop() {
        release.countDown();
        environment.close();
        recipes.close();
    }

    private AgentWorkflow workflow(String workflowId) {
        return environment.getWorkflowClient().newWorkflowStub(AgentWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(QUEUE).setWorkflowId(workflowId).build());
    }

    private static AgentRunInput input(String definition) {
        return AgentRunInput.defined("dictionary", "What is a tool?", definition);
    }

    @Test
    void aWorkflowResolvesADocumentAnotherThreadIsResolvingWithoutWaitingForThatThread() throws Exception {
        // given: an activity-side thread resolving the document, held there
        Thread other = Thread.ofPlatform().start(() -> recipes.registered(recipes.key(input("held"))));
        assertThat(resolvingOffTheWorkflow.await(30, TimeUnit.SECONDS)).isTrue();

        // when
        AgentWorkflow workflow = workflow("resolution-1");
        WorkflowClient.start(workflow::run, input("held"));

        // then: the workflow thread resolved it itself while the other thread was still held
        assertThat(resolvedOnTheWorkflow.await(30, TimeUnit.SECONDS))
                .as("the workflow thread resolves the document without waiting for the other thread").isTrue();
        release.countDown();
        other.join();
        AgentRunOutput output = WorkflowStub.fromTyped(workflow).getResult(AgentRunOutput.class);
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(environment.getWorkflowClient().fetchHistory("resolution-1").getEvents())
                .noneMatch(event -> event.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED);
    }

    @Test
    void theServedToolsOfAnAgentAWorkflowEvictsAreClosedByAnActivityNotTheWorkflowThread() {
        // given: the "served" agent's tools started by its run, then the cache filled behind it
        assertThat(workflow("resolution-2a").run(input("served")).termination())
                .isEqualTo(new Termination.NaturalCompletion());
        for (int i = 1; i < AgentRecipes.DEFINED_CACHE; i++) {
            recipes.registered(recipes.key(input("filler-" + i)));
        }
        assertThat(closes).isEmpty();

        // when: a run's workflow resolves one more document, which evicts the "served" agent
        AgentRunOutput output = workflow("resolution-2b").run(input("last"));

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(closes).as("closed once, off the workflow thread").isEqualTo(Map.of(0, false));
    }
}
