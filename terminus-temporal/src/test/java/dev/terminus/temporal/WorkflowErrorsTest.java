package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.FunctionModel;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Where an {@code Error} is thrown decides what it does to a run as a workflow (ADR 0022): in a tool's activity it
 * fails that call only, and the model reads the failure as a tool error; on the workflow's thread (a listener, a hook)
 * it passes through the loop, fails the workflow task, which Temporal tries again, and the run does not end.
 */
@Timeout(60)
class WorkflowErrorsTest {
    private static final HeardEvents HEARD = new HeardEvents();
    private static WorkflowHarness temporal;

    /** Calls the {@code deep} tool once, then answers with what it read. */
    private static final FunctionModel.Answer CALLS_DEEP = request -> {
        if (request.messages().getLast() instanceof Message.ToolResult result) {
            return ModelResponse.text("Read: " + result.content(), Usage.of(10, 5));
        }
        return new ModelResponse(Message.Assistant.of("", new ToolCall("call_1", "deep", Map.of())), Usage.of(10, 5),
                FinishReason.TOOL_CALLS);
    };

    /** A listener that fails on every model call, on the workflow's thread. */
    private static final AgentListener BROKEN_LISTENER = event -> {
        if (event instanceof AgentEvent.ModelCalled) {
            throw new AssertionError("a listener's bug");
        }
    };

    @BeforeAll
    static void startTheWorker() {
        temporal = new WorkflowHarness(AgentRecipes.builder()
                .agent("overflowing", FunctionModel.of(CALLS_DEEP), List.of(Tools.of("deep", "Recurses too deep",
                        (arguments, run) -> {
                            throw new StackOverflowError("too deep");
                        })), materials -> Agent.builder(materials.model()).tools(materials.tools())
                        .clock(materials.clock()).listener(ReplaySafeListener.of(HEARD)).build())
                .agent("listened", FunctionModel.of(request -> ModelResponse.text("Done.", Usage.of(10, 5))), List.of(),
                        materials -> Agent.builder(materials.model()).tools(materials.tools())
                                .clock(materials.clock()).listener(BROKEN_LISTENER)
                                .listener(ReplaySafeListener.of(HEARD)).build())
                .build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    @Test
    void anErrorInAToolsActivityFailsThatCallOnlyAndTheModelReadsItAsATransportedFailure() {
        // when
        AgentRunOutput output = temporal.run("overflowing", "go");

        // then: the Error stayed on the activity's worker; the workflow made an exception of its class and message
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.finalAnswer())
                .isEqualTo("Read: Error: RemoteCallException: java.lang.StackOverflowError: too deep");
    }

    @Test
    void anErrorOnTheWorkflowsThreadFailsItsWorkflowTaskAndTheRunDoesNotEnd() throws Exception {
        // given
        AgentWorkflow workflow = temporal.workflow("listened");
        WorkflowClient.start(workflow::run, new AgentRunInput("listened", "go"));
        String workflowId = WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId();

        // when: the listener's Error goes through the loop on the workflow's thread
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (temporal.client().fetchHistory(workflowId).getEvents().stream()
                .noneMatch(event -> event.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED)) {
            assertThat(System.nanoTime()).as("a workflow task failed within 20 s").isLessThan(giveUp);
            Thread.sleep(10);
        }
        WorkflowStub.fromTyped(workflow).terminate("the test is over");

        // then
        assertThat(temporal.client().fetchHistory(workflowId).getEvents()).extracting(event -> event.getEventType())
                .doesNotContain(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED,
                        EventType.EVENT_TYPE_WORKFLOW_EXECUTION_FAILED);
        assertThat(HEARD.ends(workflowId)).isEmpty();
    }
}
