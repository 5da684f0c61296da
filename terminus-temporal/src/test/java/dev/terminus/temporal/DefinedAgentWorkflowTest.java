package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
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
import io.temporal.worker.WorkerFactory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run whose input defines its agent runs on workers that resolve the document: the activity worker reads it from
 * the workflow's input when it has not seen it (it restarted, or another worker ran the workflow), and a model that
 * answers by call number answers each of a run's calls right, whichever worker makes it and however many runs share
 * the model.
 */
@Timeout(60)
class DefinedAgentWorkflowTest {
    private static final String QUEUE = "defined-agents";
    /** A definition is how many tool calls the model makes before it answers; its answer names the call. */
    private static final AgentResolver COUNTING = (name, definition) -> {
        int calls = Integer.parseInt(definition.strip());
        Model model = request -> {
            long call = ModelCallSequence.current().orElseThrow();
            return call < calls
                    ? new ModelResponse(new Message.Assistant("", List.of(new ToolCall("call_" + call, "note",
                            Map.of("call", call)))), Usage.of(1, 1), FinishReason.TOOL_CALLS)
                    : ModelResponse.text("answered call " + call, Usage.of(1, 1));
        };
        return new AgentRecipes.Registered(name, model, List.of(Tools.of("note", "Notes", (arguments, run) -> "ok")),
                materials -> Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                        .build());
    };

    private TestWorkflowEnvironment environment;
    private WorkerFactory activities;

    @BeforeEach
    void startWorkflowAndActivityWorkersApart() {
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.ofDefaults()).build())
                .setUseTimeskipping(false)
                .build());
        AgentWorkflows.registerWorkflow(environment.newWorker(QUEUE), AgentRecipes.builder().resolver(COUNTING).build(), environment.getWorkflowClient());
        environment.start();
        // another process's worker: its recipes never saw a definition
        activities = WorkerFactory.newInstance(environment.getWorkflowClient());
        AgentWorkflows.registerActivities(activities.newWorker(QUEUE), AgentRecipes.builder().resolver(COUNTING).build());
        activities.start();
    }

    @AfterEach
    void stop() {
        activities.shutdownNow();
        environment.close();
    }

    @Test
    void concurrentRunsOfADefinedAgentEachNumberTheirOwnModelCallsOnAWorkerThatNeverSawTheDocument() {
        // given
        WorkflowStub first = start("first", "2");
        WorkflowStub second = start("second", "2");
        WorkflowStub third = start("third", "3");

        // when
        List<AgentRunOutput> outputs = List.of(first, second, third).stream()
                .map(stub -> stub.getResult(AgentRunOutput.class)).toList();

        // then
        assertThat(outputs).extracting(AgentRunOutput::finalAnswer)
                .containsExactly("answered call 2", "answered call 2", "answered call 3");
        assertThat(outputs).extracting(AgentRunOutput::toolCalls).containsExactly(2, 2, 3);
    }

    @Test
    void theWorkflowsInputIsReadFromItsHistory() {
        // given
        WorkflowStub run = start("read-back", "1");
        run.getResult(AgentRunOutput.class);

        // when
        AgentRunInput input = WorkflowInputs.of(environment.getWorkflowClient(), "read-back", "");

        // then
        assertThat(input).isEqualTo(AgentRunInput.defined("counter", "count", "1"));
    }

    private WorkflowStub start(String id, String definition) {
        AgentWorkflow workflow = environment.getWorkflowClient().newWorkflowStub(AgentWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(QUEUE).setWorkflowId(id).build());
        WorkflowClient.start(workflow::run, AgentRunInput.defined("counter", "count", definition));
        return WorkflowStub.fromTyped(workflow);
    }
}
