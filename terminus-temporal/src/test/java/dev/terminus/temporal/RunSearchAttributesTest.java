package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Tools;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.Model;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.ScriptedModel;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.common.SearchAttributes;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs are findable by how they ended: workflows whose recipes turn search attributes on upsert the termination's
 * case, its category and the outcome as they end, and the gate while one waits. Temporal's test server answers no
 * visibility query ({@code ListWorkflowExecutions}), so the query {@code TerminusCategory = 'RETRYABLE'} is asked of
 * every run's attributes as {@code DescribeWorkflowExecution} gives them, which is what the server indexes.
 */
@Timeout(60)
class RunSearchAttributesTest {
    private static final String QUEUE = "findable";
    private static final String QUIET_QUEUE = "not-findable";

    private TestWorkflowEnvironment environment;
    private Worker replayer;
    private int runs;

    @BeforeEach
    void startTheServerWithTheAttributesRegistered() {
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.of(new TerminusModule())).build())
                .setUseTimeskipping(true)
                .build());
        RunSearchAttributes.definitions().forEach(environment::registerSearchAttribute);
        AgentWorkflows.register(environment.newWorker(QUEUE), recipes(true), environment.getWorkflowClient());
        AgentWorkflows.register(environment.newWorker(QUIET_QUEUE), recipes(false), environment.getWorkflowClient());
        replayer = environment.newWorker(QUEUE + "-replay");
        AgentWorkflows.registerWorkflow(replayer, recipes(true), environment.getWorkflowClient());
        environment.start();
    }

    @AfterEach
    void stopTheServer() {
        environment.close();
    }

    private static AgentRecipes recipes(boolean searchAttributes) {
        return AgentRecipes.builder()
                .agent("done", ScriptedModel.builder().text("Done.").build(), List.of(), RunSearchAttributesTest::agent)
                .agent("overloaded", failing(new ModelException.ServerError(503, "overloaded", null)), List.of(),
                        RunSearchAttributesTest::agent)
                .agent("unauthorized", failing(new ModelException.AuthenticationFailed(401, "bad key", null)),
                        List.of(), RunSearchAttributesTest::agent)
                .agent("gated", ScriptedModel.builder().toolCall("refund", Map.of("order", "42")).text("Refunded.")
                        .build(), List.of(Tools.of("refund", "Refunds an order", (arguments, run) -> "refunded")),
                        materials -> Agent.builder(materials.model()).tools(materials.tools())
                                .clock(materials.clock()).requireApproval("refund").build())
                .searchAttributes(searchAttributes)
                .build();
    }

    private static Model failing(Exception error) {
        return ScriptedModel.builder().fail(error).build();
    }

    private static Agent agent(AgentMaterials materials) {
        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                .config(AgentConfig.custom().retryPolicy(RetryPolicy.none()).build()).build();
    }

    private WorkflowClient client() {
        return environment.getWorkflowClient();
    }

    private AgentWorkflow workflow(String queue, String agent) {
        return client().newWorkflowStub(AgentWorkflow.class, WorkflowOptions.newBuilder().setTaskQueue(queue)
                .setWorkflowId(agent + "-" + ++runs).setWorkflowRunTimeout(Duration.ofMinutes(5)).build());
    }

    private SearchAttributes attributes(String workflowId) {
        return client().newUntypedWorkflowStub(workflowId).describe().getTypedSearchAttributes();
    }

    @Test
    void runsThatEndedDifferentlyAreFoundByTheirCategoryTerminationAndOutcome() throws Exception {
        // given: runs ending in success, a retryable failure (twice) and a fatal one
        Map<String, AgentRunOutput> ended = new LinkedHashMap<>();
        for (String agent : List.of("done", "overloaded", "unauthorized", "overloaded")) {
            AgentWorkflow workflow = workflow(QUEUE, agent);
            AgentRunOutput output = workflow.run(new AgentRunInput(agent, "Go."));
            ended.put(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId(), output);
        }

        // when: TerminusCategory = 'RETRYABLE'
        List<String> retryable = new ArrayList<>();
        for (String id : ended.keySet()) {
            if ("RETRYABLE".equals(attributes(id).get(RunSearchAttributes.CATEGORY))) {
                retryable.add(id);
            }
        }

        // then: exactly the runs whose termination is retryable, each with its case and outcome as on the wire
        assertThat(retryable).containsExactly("overloaded-2", "overloaded-4");
        for (Map.Entry<String, AgentRunOutput> run : ended.entrySet()) {
            SearchAttributes found = attributes(run.getKey());
            assertThat(found.get(RunSearchAttributes.TERMINATION)).as(run.getKey())
                    .isEqualTo(run.getValue().termination().tag());
            assertThat(found.get(RunSearchAttributes.CATEGORY)).as(run.getKey())
                    .isEqualTo(run.getValue().termination().category().name());
            assertThat(found.get(RunSearchAttributes.OUTCOME)).as(run.getKey())
                    .isEqualTo(run.getValue().outcome().name());
            assertThat(found.containsKey(RunSearchAttributes.GATE)).as(run.getKey()).isFalse();
            WorkflowReplayer.replayWorkflowExecution(client().fetchHistory(run.getKey()), replayer);
        }
        assertThat(ended.get("done-1").termination().category()).isEqualTo(Category.SUCCESS);
        assertThat(ended.get("unauthorized-3").termination().category()).isEqualTo(Category.FATAL);
        assertThat(ended.get("overloaded-2").termination().category()).isEqualTo(Category.RETRYABLE);
    }

    @Test
    void aRunWaitingAtAGateIsFoundByItsGateUntilTheGateIsAnswered() throws Exception {
        // given
        AgentWorkflow workflow = workflow(QUEUE, "gated");
        String id = WorkflowClient.start(workflow::run, new AgentRunInput("gated", "Refund order 42"))
                .getWorkflowId();
        long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (workflow.pendingGate() == null && System.nanoTime() < giveUp) {
            Thread.onSpinWait();
        }
        PendingGate gate = workflow.pendingGate();

        // when
        SearchAttributes waiting = attributes(id);
        workflow.answer(GateAnswer.approve(gate.gateId()));
        AgentRunOutput output = AgentWorkflows.output(WorkflowStub.fromTyped(workflow));
        SearchAttributes after = attributes(id);

        // then
        assertThat(waiting.get(RunSearchAttributes.GATE)).isEqualTo(gate.gateId());
        assertThat(waiting.containsKey(RunSearchAttributes.TERMINATION)).isFalse();
        assertThat(after.containsKey(RunSearchAttributes.GATE)).isFalse();
        assertThat(after.get(RunSearchAttributes.TERMINATION)).isEqualTo("NaturalCompletion");
        assertThat(after.get(RunSearchAttributes.OUTCOME)).isEqualTo(output.outcome().name());
        WorkflowReplayer.replayWorkflowExecution(client().fetchHistory(id), replayer);
    }

    @Test
    void recipesThatLeaveTheAttributesOffUpsertNothingAndRecordNoMarker() {
        // given
        AgentWorkflow workflow = workflow(QUIET_QUEUE, "overloaded");

        // when
        workflow.run(new AgentRunInput("overloaded", "Go."));
        String id = WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId();

        // then
        SearchAttributes found = attributes(id);
        assertThat(RunSearchAttributes.ALL).noneMatch(found::containsKey);
        assertThat(client().fetchHistory(id).getEvents()).noneMatch(event -> event.getEventType()
                == EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES
                || event.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED
                && event.toString().contains("terminus-search-attributes"));
    }
}
