package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.FunctionModel;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.TimeoutType;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import io.temporal.worker.WorkerFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A worker that dies mid-run and a new worker on the same task queue: the new worker replays the run's history and
 * finishes it, with one termination, without running again a tool call whose activity had completed, and the history
 * replays to the same decisions. Each worker builds its own model and tools, as a new process does; what the test
 * counts across workers (model calls, tool executions by idempotency key) is shared deliberately.
 */
@Timeout(60)
class AgentWorkflowCrashTest {
    private static final String AGENT = "crashing";

    /** Tool executions by the idempotency key each saw, with the worker that ran it. */
    private final Map<String, List<String>> executions = new ConcurrentHashMap<>();
    /** The workers that took the model calls, in order. */
    private final List<String> modelCalls = new CopyOnWriteArrayList<>();
    /** The provider's one failure: it has failed once whichever worker asked. */
    private final AtomicBoolean flaked = new AtomicBoolean();
    private final CountDownLatch reached = new CountDownLatch(1);
    private final CountDownLatch over = new CountDownLatch(1);
    /** The worker whose tools never answer, as a process killed in a tool call. */
    private volatile String dyingInTool = "";
    private WorkerFleet fleet;

    @AfterEach
    void stopTheFleet() {
        over.countDown();
        fleet.close();
    }

    /** The agent of one worker: a model answering from the transcript, the tools, backoffs of 30 s. */
    private AgentRecipes recipes(String worker, FunctionModel.Answer answer) {
        List<Tool> tools = List.of(tool("first", worker), tool("second", worker));
        return AgentRecipes.builder().agent(AGENT, FunctionModel.of("function", request -> {
            modelCalls.add(worker);
            return answer.apply(request);
        }), tools, materials -> Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                .config(AgentConfig.custom()
                        .retryPolicy(new RetryPolicy(2, Duration.ofSeconds(30), Duration.ofSeconds(30), 0)).build())
                .build()).callTimeout(Duration.ofSeconds(1)).build();
    }

    private Tool tool(String name, String worker) {
        return Tools.of(name, "Records the idempotency key of each of its executions", (arguments, run) -> {
            executions.computeIfAbsent(IdempotencyKey.current().orElse("none"), key -> new CopyOnWriteArrayList<>())
                    .add(worker);
            if (worker.equals(dyingInTool)) {
                hang();
            }
            return name + " done";
        });
    }

    private static int toolResults(ModelRequest request) {
        return (int) request.messages().stream().filter(Message.ToolResult.class::isInstance).count();
    }

    private static ModelResponse call(String id, String tool) {
        return new ModelResponse(Message.Assistant.of("", new ToolCall(id, tool, Map.of())), Usage.of(10, 5),
                FinishReason.TOOL_CALLS);
    }

    /** A dead process answers nothing: the call never returns, whatever interrupts it, until the test is over. */
    private <T> T hang() {
        reached.countDown();
        while (true) {
            try {
                over.await();
                throw new IllegalStateException("the test is over");
            } catch (InterruptedException e) {
                // a dead worker does not report an interrupted call either
            }
        }
    }

    private AgentWorkflow start(String workflowId) {
        AgentWorkflow workflow = fleet.workflow(workflowId);
        WorkflowClient.start(workflow::run, new AgentRunInput(AGENT, "go"));
        return workflow;
    }

    @Test
    void aWorkerThatDiesBetweenToolCallsLeavesTheRunToTheNextWorkerWhichRunsNoCompletedToolAgain() throws Exception {
        // given: the provider fails once after the first tool; the run then waits out its 30 s backoff on a timer
        FunctionModel.Answer answer = request -> switch (toolResults(request)) {
            case 0 -> call("call_1", "first");
            case 1 -> {
                if (flaked.compareAndSet(false, true)) {
                    throw new ModelException.ServerError(503, "overloaded", null);
                }
                yield call("call_2", "second");
            }
            default -> ModelResponse.text("Both done.", Usage.of(10, 5));
        };
        fleet = new WorkerFleet(recipes("replayer", answer));
        WorkerFactory first = fleet.start(recipes("A", answer));
        AgentWorkflow workflow = start("between-tools");
        fleet.awaitEvent("between-tools", event -> event.getEventType() == EventType.EVENT_TYPE_TIMER_STARTED);

        // when: worker A dies while the run waits between calls, and worker B starts
        fleet.kill(first);
        fleet.start(recipes("B", answer));
        AgentRunOutput output = WorkflowStub.fromTyped(workflow).getResult(AgentRunOutput.class);

        // then
        assertThat(output.termination()).isInstanceOf(Termination.NaturalCompletion.class);
        assertThat(output.finalAnswer()).isEqualTo("Both done.");
        assertThat(output.transcript()).filteredOn(Message.ToolResult.class::isInstance)
                .extracting(m -> ((Message.ToolResult) m).content()).containsExactly("first done", "second done");
        assertThat(executions).as("each tool call ran once, on the worker alive then, under its own key")
                .containsOnly(Map.entry("between-tools:call_1", List.of("A")),
                        Map.entry("between-tools:call_2", List.of("B")));
        assertThat(modelCalls).as("the failed call's retry and what followed went to worker B")
                .containsExactly("A", "A", "B", "B");
        assertThat(fleet.events("between-tools", EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED))
                .as("model, tool, failed model, model, tool, model: no activity scheduled twice").hasSize(6);
        assertThat(fleet.events("between-tools", EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED)).hasSize(1);
        assertThatCode(() -> fleet.replay("between-tools")).as("the history replays to the same decisions")
                .doesNotThrowAnyException();
    }

    @Test
    void aModelCallLostWithItsWorkerTimesOutAndTheLoopRetriesItOnTheNextWorker() throws Exception {
        // given: worker A dies in the model call after the tool call, never answering it
        fleet = new WorkerFleet(recipes("replayer", request -> ModelResponse.text("unused", Usage.ZERO)));
        WorkerFactory first = fleet.start(recipes("A",
                request -> toolResults(request) == 0 ? call("call_1", "first") : hang()));
        AgentWorkflow workflow = start("model-call");
        assertThat(reached.await(20, TimeUnit.SECONDS)).as("the run reached the second model call").isTrue();

        // when
        fleet.kill(first);
        fleet.start(recipes("B", request -> ModelResponse.text("Done.", Usage.of(10, 5))));
        AgentRunOutput output = WorkflowStub.fromTyped(workflow).getResult(AgentRunOutput.class);

        // then
        assertThat(output.termination()).isInstanceOf(Termination.NaturalCompletion.class);
        assertThat(output.finalAnswer()).isEqualTo("Done.");
        assertThat(output.transcript()).filteredOn(Message.ToolResult.class::isInstance)
                .extracting(m -> ((Message.ToolResult) m).content()).containsExactly("first done");
        assertThat(modelCalls).as("the lost call timed out and the loop's retry went to worker B")
                .containsExactly("A", "A", "B");
        // its 1 s call timeout is shorter than the heartbeat timeout: a call of 10 minutes would be lost at 10 s
        assertThat(fleet.events("model-call", EventType.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT)).singleElement()
                .satisfies(event -> assertThat(event.getActivityTaskTimedOutEventAttributes().getFailure()
                        .getTimeoutFailureInfo().getTimeoutType()).isEqualTo(TimeoutType.TIMEOUT_TYPE_START_TO_CLOSE));
        assertThat(executions).as("the tool call that completed before the crash ran once")
                .containsOnly(Map.entry("model-call:call_1", List.of("A")));
        assertThat(fleet.events("model-call", EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED)).hasSize(1);
        assertThatCode(() -> fleet.replay("model-call")).as("the history replays to the same decisions")
                .doesNotThrowAnyException();
    }

    @Test
    void aToolCallLostWithItsWorkerIsAnsweredAsStoppedAndNotMadeAgain() throws Exception {
        // given: worker A dies in the tool call
        FunctionModel.Answer answer = request -> toolResults(request) == 0 ? call("call_1", "first")
                : ModelResponse.text("Carried on.", Usage.of(10, 5));
        dyingInTool = "A";
        fleet = new WorkerFleet(recipes("replayer", answer));
        WorkerFactory first = fleet.start(recipes("A", answer));
        AgentWorkflow workflow = start("tool-call");
        assertThat(reached.await(20, TimeUnit.SECONDS)).as("the run reached the tool call").isTrue();

        // when
        fleet.kill(first);
        fleet.start(recipes("B", answer));
        AgentRunOutput output = WorkflowStub.fromTyped(workflow).getResult(AgentRunOutput.class);

        // then
        assertThat(output.termination()).isInstanceOf(Termination.NaturalCompletion.class);
        assertThat(output.finalAnswer()).isEqualTo("Carried on.");
        assertThat(output.transcript()).filteredOn(Message.ToolResult.class::isInstance).singleElement()
                .satisfies(result -> {
                    assertThat(((Message.ToolResult) result).error()).isTrue();
                    assertThat(((Message.ToolResult) result).content())
                            .startsWith("Error: CallStoppedException: the tool call timed out");
                });
        assertThat(executions).as("the lost call ran once, on the worker that died with it")
                .containsOnly(Map.entry("tool-call:call_1", List.of("A")));
        assertThat(modelCalls).containsExactly("A", "B");
        assertThat(fleet.events("tool-call", EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED)).hasSize(1);
        assertThatCode(() -> fleet.replay("tool-call")).as("the history replays to the same decisions")
                .doesNotThrowAnyException();
    }
}
