package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Agent;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.ScriptedModel;
import dev.terminus.temporal.wire.AgentActivities;
import dev.terminus.temporal.wire.ModelCall;
import dev.terminus.temporal.wire.RunSnapshot;
import dev.terminus.temporal.wire.ToolInvocation;
import dev.terminus.temporal.wire.WireVersion;
import io.temporal.activity.ActivityOptions;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A worker given a workflow input or an activity input of a wire version above the one it speaks (ADR 0045) fails
 * that task at once, non-retryably, with a {@value WireVersion#UNKNOWN_FAILURE_TYPE} failure naming both versions, and
 * runs nothing of it: no model call, no tool call.
 */
@Timeout(60)
class WireVersionTest {
    private static final String QUEUE = "terminus-wire";
    private static final int NEWER = WireVersion.CURRENT + 1;
    private static final AtomicInteger TOOL_CALLS = new AtomicInteger();
    private static TestWorkflowEnvironment environment;

    /** A workflow that makes one call of the agents' activities, with up to five attempts, as a newer client would. */
    @WorkflowInterface
    public interface NewerCaller {
        /**
         * @param model the model call to make, or null
         * @param tool the tool call to make when there is no model call
         * @return the answer
         */
        @WorkflowMethod
        String call(@Nullable ModelCall model, @Nullable ToolInvocation tool);
    }

    /** Makes the call through an activity stub. */
    public static class NewerCallerImpl implements NewerCaller {
        @Override
        public String call(@Nullable ModelCall model, @Nullable ToolInvocation tool) {
            AgentActivities activities = Workflow.newActivityStub(AgentActivities.class, ActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofMinutes(1))
                    .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(5).build()).build());
            return model != null ? activities.chat(model).toString() : activities.callTool(tool);
        }
    }

    @BeforeAll
    static void startTheWorker() {
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.of(new TerminusModule())).build())
                .build());
        Worker worker = environment.newWorker(QUEUE);
        AgentWorkflows.register(worker, AgentRecipes.builder().agent("weather",
                ScriptedModel.builder().toolCall("echo", Map.of("x", "a")).text("Wear a coat.").build(),
                List.of(Tools.of("echo", "Echoes x", (arguments, run) -> {
                    TOOL_CALLS.incrementAndGet();
                    return "echo:" + arguments.get("x");
                })), materials -> Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                        .build()).build(), environment.getWorkflowClient());
        worker.registerWorkflowImplementationTypes(NewerCallerImpl.class);
        environment.start();
    }

    @AfterAll
    static void stopTheWorker() {
        environment.close();
    }

    private static WorkflowClient client() {
        return environment.getWorkflowClient();
    }

    private static <T> T workflow(Class<T> type, String id) {
        return client().newWorkflowStub(type, WorkflowOptions.newBuilder().setTaskQueue(QUEUE).setWorkflowId(id)
                .build());
    }

    private static List<HistoryEvent> events(String workflowId, EventType type) {
        return client().fetchHistory(workflowId).getEvents().stream().filter(e -> e.getEventType() == type).toList();
    }

    private static void namesBothVersions(ApplicationFailure failure, String task) {
        assertThat(failure.getType()).isEqualTo("TerminusWireVersionUnknown");
        assertThat(failure.isNonRetryable()).isTrue();
        assertThat(failure.getOriginalMessage()).isEqualTo("this worker speaks Terminus wire version "
                + WireVersion.CURRENT + "; " + task + " carries version " + NEWER + ": deploy workers of a build that"
                + " speaks version " + NEWER + " to this task queue before clients or workflows that write it"
                + " (docs/temporal.md#rolling-deploys)");
    }

    @Test
    void aRunInputOfANewerVersionFailsTheWorkflowNonRetryablyNamingBothVersionsBeforeAnyCall() {
        // given
        AgentWorkflow workflow = workflow(AgentWorkflow.class, "newer-run");
        AgentRunInput newer = new AgentRunInput("weather", "What should I wear?", null, null, 0, Map.of(), Map.of(),
                List.of(), null, NEWER);

        // when / then
        assertThatThrownBy(() -> workflow.run(newer)).isInstanceOf(WorkflowFailedException.class)
                .cause().isInstanceOfSatisfying(ApplicationFailure.class,
                        failure -> namesBothVersions(failure, "the run of agent \"weather\""));
        assertThat(events("newer-run", EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)).as("calls scheduled").isEmpty();
    }

    @Test
    void aModelCallOfANewerVersionFailsItsActivityOnceNonRetryablyNamingBothVersions() {
        // given
        NewerCaller caller = workflow(NewerCaller.class, "newer-model-call");
        ModelCall call = new ModelCall("weather", 0, List.of(new dev.terminus.Message.User("What should I wear?")),
                null, List.of(), null, null, NEWER);

        // when / then
        assertThatThrownBy(() -> caller.call(call, null)).isInstanceOf(WorkflowFailedException.class)
                .cause().isInstanceOf(ActivityFailure.class)
                .cause().isInstanceOfSatisfying(ApplicationFailure.class,
                        failure -> namesBothVersions(failure, "the model call of agent \"weather\""));
        assertThat(events("newer-model-call", EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED))
                .singleElement().satisfies(started ->
                        assertThat(started.getActivityTaskStartedEventAttributes().getAttempt()).isEqualTo(1));
    }

    @Test
    void aToolCallOfANewerVersionFailsItsActivityNonRetryablyWithoutCallingTheTool() {
        // given
        NewerCaller caller = workflow(NewerCaller.class, "newer-tool-call");
        int toolCalls = TOOL_CALLS.get();
        ToolInvocation call = new ToolInvocation("weather", "echo", "newer-tool-call:c1", Map.of("x", "a"),
                new RunSnapshot("weather", 1, 0, Usage.ZERO, BigDecimal.ZERO, Duration.ZERO, List.of(), null),
                NEWER);

        // when / then
        assertThatThrownBy(() -> caller.call(null, call)).isInstanceOf(WorkflowFailedException.class)
                .cause().isInstanceOf(ActivityFailure.class)
                .cause().isInstanceOfSatisfying(ApplicationFailure.class,
                        failure -> namesBothVersions(failure, "the call of tool \"echo\" of agent \"weather\""));
        assertThat(TOOL_CALLS).hasValue(toolCalls);
        assertThat(events("newer-tool-call", EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED))
                .singleElement().satisfies(started ->
                        assertThat(started.getActivityTaskStartedEventAttributes().getAttempt()).isEqualTo(1));
    }

    @Test
    void aRunInputOfTheCurrentVersionRunsAsBefore() {
        // given
        AgentWorkflow workflow = workflow(AgentWorkflow.class, "current-run");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("weather", "What should I wear?"));

        // then
        assertThat(output.transcript().getLast()).isEqualTo(dev.terminus.Message.Assistant.of("Wear a coat."));
        assertThat(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId()).isEqualTo("current-run");
    }
}
