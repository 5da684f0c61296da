package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.opentelemetry.TelemetryNames;
import dev.terminus.opentelemetry.TerminusTelemetry;
import dev.terminus.opentelemetry.internal.TelemetryListener;
import dev.terminus.scripted.FunctionModel;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerFactoryOptions;
import io.temporal.worker.WorkerOptions;
import io.temporal.workflow.unsafe.WorkflowUnsafe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A copy of a workflow that leaves a worker's cache (its worker shuts down, the cache evicts it for another, or every
 * workflow task replays) is destroyed by Temporal with an {@code Error} thrown into its threads: that is not the end of
 * its run. Its listeners hear no {@code RunTerminated} from it, telemetry counts the run once, when it really ends, on
 * whichever worker that is, and the worker lets go of what it kept for the copy.
 */
@Timeout(60)
class AgentWorkflowEvictionTest {
    private static final String AGENT = "evicted";

    private final TelemetryBackend backend = new TelemetryBackend();
    private final CountDownLatch inSlowLookup = new CountDownLatch(1);
    private final CountDownLatch over = new CountDownLatch(1);
    /** Workflow-side builds of the agent: one per copy of a workflow execution a worker makes. */
    private final AtomicInteger copies = new AtomicInteger();
    private WorkerFleet fleet;

    @AfterEach
    void stopTheFleet() {
        over.countDown();
        fleet.close();
        backend.close();
    }

    /** One worker's listeners, made once for the worker as a process makes them, and its agent. */
    private final class Worker {
        final HeardEvents heard = new HeardEvents();
        final AgentListener telemetry = TerminusTelemetry.of(backend.sdk());

        AgentRecipes recipes(FunctionModel.Answer answer, Tool tool) {
            return AgentRecipes.builder().agent(AGENT, FunctionModel.of("function", answer), List.of(tool),
                    materials -> {
                        if (WorkflowUnsafe.isWorkflowThread()) {
                            copies.incrementAndGet();
                        }
                        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                                .listener(ReplaySafeListener.of(heard))
                                .listener(ReplaySafeListener.of(telemetry))
                                .build();
                    }).callTimeout(Duration.ofSeconds(1)).build();
        }

        int openRuns() {
            return ((TelemetryListener) telemetry).openRuns();
        }
    }

    private static int toolResults(ModelRequest request) {
        return (int) request.messages().stream().filter(Message.ToolResult.class::isInstance).count();
    }

    /** Calls the {@code lookup} tool {@code rounds} times, then answers. */
    private static FunctionModel.Answer callsLookup(int rounds) {
        return request -> {
            int done = toolResults(request);
            if (done == rounds) {
                return ModelResponse.text("Done.", Usage.of(10, 5));
            }
            ToolCall call = new ToolCall("call_" + (done + 1), "lookup", Map.of("n", done + 1));
            return new ModelResponse(Message.Assistant.of("", call), Usage.of(10, 5), FinishReason.TOOL_CALLS);
        };
    }

    /** The {@code lookup} tool, answering at once. */
    private static Tool quickLookup() {
        return Tools.of("lookup", "Looks up", (arguments, run) -> "found " + arguments.get("n"));
    }

    /** The {@code lookup} tool, taking longer than the test, until its worker's shutdown interrupts it. */
    private Tool slowLookup() {
        return Tools.of("lookup", "Looks up", (arguments, run) -> {
            inSlowLookup.countDown();
            over.await();
            return "answered late";
        });
    }

    private AgentWorkflow start(String workflowId) {
        AgentWorkflow workflow = fleet.workflow(workflowId);
        WorkflowClient.start(workflow::run, new AgentRunInput(AGENT, "go"));
        return workflow;
    }

    private static AgentRunOutput result(AgentWorkflow workflow) {
        return WorkflowStub.fromTyped(workflow).getResult(AgentRunOutput.class);
    }

    @Test
    void aCopyDestroyedByItsWorkersShutdownDuringASlowCallIsNoEndAndTheRunEndsOnceOnTheNextWorker() throws Exception {
        // given: worker A runs the run until its slow tool call
        Worker a = new Worker();
        Worker b = new Worker();
        fleet = new WorkerFleet(a.recipes(callsLookup(1), quickLookup()));
        WorkerFactory first = fleet.start(a.recipes(callsLookup(1), slowLookup()));
        AgentWorkflow workflow = start("shut-down");
        assertThat(inSlowLookup.await(20, TimeUnit.SECONDS)).as("the run reached its tool call").isTrue();

        // when: A shuts down while its copy of the workflow waits for the call (the call is interrupted, A's cache
        // emptied), and B takes the run over
        fleet.kill(first);
        fleet.start(b.recipes(callsLookup(1), quickLookup()));
        AgentRunOutput output = result(workflow);

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(a.heard.all()).extracting(HeardEvents.Heard::event)
                .as("A heard the run start and its model call").hasAtLeastOneElementOfType(AgentEvent.RunStarted.class);
        assertThat(a.heard.ends()).as("A heard no end from its destroyed copy").isEmpty();
        assertThat(b.heard.ends("shut-down")).singleElement().extracting(end -> end.result().termination())
                .isEqualTo(new Termination.NaturalCompletion());
        assertThat(backend.runsCompleted()).isEqualTo(1);
        assertThat(backend.spansStartingWith(TelemetryNames.INVOKE_AGENT)).hasSize(1);
        assertThat(Garbage.collectedUntil(() -> a.openRuns() == 0 && a.heard.contextsHeld() == 0))
                .as("worker A let go of the run's context and open span").isTrue();
        assertThat(b.openRuns()).isZero();
    }

    @Test
    void aRunWhoseEveryWorkflowTaskReplaysEndsOnceWithOneCount() throws Exception {
        // given: a worker without sticky execution, whose every workflow task brings the whole history to a new copy
        Worker only = new Worker();
        fleet = new WorkerFleet(only.recipes(callsLookup(3), quickLookup()));
        fleet.start(only.recipes(callsLookup(3), quickLookup()));

        // when
        AgentRunOutput output = result(start("replayed"));

        // then: three tool rounds and an answer are seven workflow tasks, each on a copy of its own
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(copies.get()).isGreaterThanOrEqualTo(7);
        assertThat(only.heard.ends("replayed")).singleElement().extracting(end -> end.result().termination())
                .isEqualTo(new Termination.NaturalCompletion());
        assertThat(backend.runsCompleted()).isEqualTo(1);
        assertThat(backend.spansStartingWith(TelemetryNames.INVOKE_AGENT)).hasSize(1);
        assertThat(Garbage.collectedUntil(() -> only.openRuns() == 0 && only.heard.contextsHeld() == 0)).isTrue();
    }

    @Test
    void runsEvictedFromACacheOfOneForEachOtherEachEndOnceWithOneCount() throws Exception {
        // given: a worker with sticky execution and room for one workflow in its cache, and four runs at once
        Worker only = new Worker();
        fleet = new WorkerFleet(only.recipes(callsLookup(3), quickLookup()));
        fleet.start(only.recipes(callsLookup(3), quickLookup()),
                WorkerFactoryOptions.newBuilder().setWorkflowCacheSize(1).build(), WorkerOptions.getDefaultInstance());
        List<AgentWorkflow> workflows = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            workflows.add(start("cached-" + i));
        }

        // when
        List<AgentRunOutput> outputs = new ArrayList<>();
        for (AgentWorkflow workflow : workflows) {
            outputs.add(result(workflow));
        }

        // then: seven workflow tasks each, and more copies than runs: the cache made them replay
        assertThat(outputs).extracting(AgentRunOutput::termination).containsOnly(new Termination.NaturalCompletion());
        assertThat(copies.get()).isGreaterThan(4);
        for (int i = 1; i <= 4; i++) {
            assertThat(only.heard.ends("cached-" + i)).as("cached-" + i).hasSize(1);
        }
        assertThat(backend.runsCompleted()).isEqualTo(4);
        assertThat(Garbage.collectedUntil(() -> only.openRuns() == 0 && only.heard.contextsHeld() == 0)).isTrue();
    }
}
