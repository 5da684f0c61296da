package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.opentelemetry.TelemetryNames;
import dev.terminus.opentelemetry.TerminusTelemetry;
import dev.terminus.opentelemetry.internal.TelemetryListener;
import dev.terminus.scripted.FunctionModel;
import dev.terminus.temporal.internal.RunIdentity;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.TerminatedFailure;
import io.temporal.failure.TimeoutFailure;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.WorkerFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Ten thousand short runs through one worker, of every way a workflow ends: completed, continued as new (then
 * completed), terminated and timed out while their runs wait. Afterwards the worker holds nothing of them: no hand-over
 * waits, no run context is referenced, the telemetry listener has no open span. What a worker keeps for a run lives in
 * the workflow's copy (ADR 0022): a finished run's goes with it at once; a terminated or timed-out workflow, which
 * Temporal never announces to the worker, keeps its copy in the worker's cache until the cache evicts it or the worker
 * shuts down.
 */
@Timeout(120)
class RunStateReleaseTest {
    private static final String TASK_QUEUE = "terminus-release";
    private static final int RUNS = 10_000;
    private static final int CONTINUED = 200;
    private static final int TERMINATED = 200;
    private static final int TIMED_OUT = 200;
    private static final int COMPLETED = RUNS - CONTINUED - TERMINATED - TIMED_OUT;
    private static final int LONG_ROUNDS = 60;

    private final InMemoryMetricReader metrics = InMemoryMetricReader.create();
    /** Spans are made and ended but kept nowhere: only the listener's open ones and the counter matter here. */
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().build())
            .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
            .build();
    private final AgentListener telemetry = TerminusTelemetry.of(sdk);
    private final HeardEvents heard = new HeardEvents(false);
    private final ExecutorService starters = Executors.newFixedThreadPool(8);
    private TestWorkflowEnvironment environment;

    @AfterEach
    void stop() {
        starters.shutdownNow();
        environment.close();
        sdk.close();
    }

    private AgentRecipe recipe(AgentConfig config) {
        return materials -> Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                .config(config)
                .listener(ReplaySafeListener.of(heard))
                .listener(ReplaySafeListener.of(telemetry))
                .build();
    }

    /** Every call a local activity; a run continues as new past 100 events (a short run writes about 10). */
    private AgentRecipes recipes() {
        Model overloaded = FunctionModel.of("overloaded", request -> {
            throw new ModelException.ServerError(503, "overloaded", null);
        });
        return AgentRecipes.builder().calls(CallMode.LOCAL_ACTIVITY, CallMode.LOCAL_ACTIVITY).continueAsNewAfter(100)
                .agent("short", CountingModel.upTo(0), List.of(CountingModel.TOOL),
                        recipe(AgentConfig.custom().build()))
                .agent("long", CountingModel.upTo(LONG_ROUNDS), List.of(CountingModel.TOOL),
                        recipe(AgentConfig.custom().maxIterations(100).build()))
                // its first call fails and its retry waits an hour: the run waits on a workflow timer
                .agent("waiting", overloaded, List.of(),
                        recipe(AgentConfig.custom().retryPolicy(
                                new RetryPolicy(3, Duration.ofHours(1), Duration.ofHours(1), 0)).build()))
                .build();
    }

    private WorkflowStub start(String agent, String workflowId, Duration runTimeout) {
        AgentWorkflow workflow = environment.getWorkflowClient().newWorkflowStub(AgentWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TASK_QUEUE).setWorkflowId(workflowId)
                        .setWorkflowRunTimeout(runTimeout).build());
        WorkflowClient.start(workflow::run, new AgentRunInput(agent, "go"));
        return WorkflowStub.fromTyped(workflow);
    }

    /** Starts the runs from a few threads at once: {@code <prefix>-1} to {@code <prefix>-<count>}. */
    private List<WorkflowStub> startAll(String agent, String prefix, int count, Duration runTimeout) {
        List<CompletableFuture<WorkflowStub>> started = IntStream.rangeClosed(1, count)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> start(agent, prefix + "-" + i, runTimeout),
                        starters))
                .toList();
        return started.stream().map(CompletableFuture::join).toList();
    }

    /** Waits until each workflow's run has made its first model call, whose retry then waits an hour. */
    private void awaitWaiting(List<WorkflowStub> stubs) throws InterruptedException {
        for (WorkflowStub stub : stubs) {
            while (heard.modelCalls(stub.getExecution().getWorkflowId()).isEmpty()) {
                Thread.sleep(10);
            }
        }
    }

    private long runsCompleted() {
        return metrics.collectAllMetrics().stream()
                .filter(metric -> metric.getName().equals(TelemetryNames.RUN_COMPLETED))
                .flatMap(metric -> metric.getLongSumData().getPoints().stream())
                .mapToLong(point -> point.getValue()).sum();
    }

    private static Throwable failureOf(WorkflowStub stub) {
        Throwable thrown = catchThrowable(() -> stub.getResult(AgentRunOutput.class));
        assertThat(thrown).isInstanceOf(WorkflowFailedException.class);
        return thrown.getCause();
    }

    @Test
    void tenThousandRunsThatEndContinueAsNewAreTerminatedOrTimeOutLeaveNoRunStateOnTheWorker() throws Exception {
        // given: one worker, its workflow cache of the default size
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.of(new TerminusModule())).build())
                .setUseTimeskipping(false)
                .build());
        WorkerFactory worker = environment.getWorkerFactory();
        AgentWorkflows.register(environment.newWorker(TASK_QUEUE), recipes(), environment.getWorkflowClient());
        environment.start();
        long began = System.nanoTime();

        // when: the runs that will time out or be terminated start first and reach their wait (timing out runs on
        // real time), then all the others start at once
        List<WorkflowStub> timingOut = startAll("waiting", "timing-out", TIMED_OUT, Duration.ofSeconds(10));
        List<WorkflowStub> terminated = startAll("waiting", "terminated", TERMINATED, Duration.ofDays(1));
        awaitWaiting(timingOut);
        awaitWaiting(terminated);
        List<WorkflowStub> continued = startAll("long", "long", CONTINUED, Duration.ofMinutes(10));
        List<WorkflowStub> completed = startAll("short", "short", COMPLETED, Duration.ofMinutes(10));
        long startedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
        List<AgentRunOutput> outputs = new ArrayList<>();
        for (WorkflowStub stub : continued) {
            outputs.add(stub.getResult(AgentRunOutput.class));
        }
        for (WorkflowStub stub : completed) {
            outputs.add(stub.getResult(AgentRunOutput.class));
        }
        long completedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
        terminated.forEach(stub -> stub.terminate("the test terminates it"));
        List<Throwable> failures = new ArrayList<>();
        for (WorkflowStub stub : terminated) {
            failures.add(failureOf(stub));
        }
        for (WorkflowStub stub : timingOut) {
            failures.add(failureOf(stub));
        }
        long ranMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);

        // then: each run that ended was heard and counted once; the others not at all
        System.out.println("RunStateReleaseTest: " + RUNS + " workflows in " + ranMillis + " ms (started by "
                + startedMillis + " ms, completed by " + completedMillis + " ms)");
        assertThat(outputs).hasSize(CONTINUED + COMPLETED).extracting(AgentRunOutput::termination)
                .containsOnly(new Termination.NaturalCompletion());
        assertThat(outputs.subList(0, CONTINUED)).extracting(AgentRunOutput::iterations)
                .containsOnly(LONG_ROUNDS + 1);
        assertThat(continued).extracting(stub -> environment.getWorkflowClient()
                        .fetchHistory(stub.getExecution().getWorkflowId(), stub.getExecution().getRunId())
                        .getLastEvent().getEventType())
                .as("each long run's first execution continued as new")
                .containsOnly(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW);
        assertThat(failures.subList(0, TERMINATED)).allMatch(TerminatedFailure.class::isInstance);
        assertThat(failures.subList(TERMINATED, TERMINATED + TIMED_OUT)).allMatch(TimeoutFailure.class::isInstance);
        assertThat(heard.ends()).hasSize(CONTINUED + COMPLETED);
        assertThat(IntStream.rangeClosed(1, CONTINUED).mapToObj(i -> heard.ends("long-" + i).size()))
                .containsOnly(1);
        assertThat(runsCompleted()).isEqualTo(CONTINUED + COMPLETED);
        assertThat(RunIdentity.handOversWaiting()).as("every continued execution claimed its hand-over").isZero();
        // only the copies of the workflows Temporal never announced the end of may still hold their run's context
        assertThat(Garbage.collectedUntil(() -> heard.contextsHeld() <= TERMINATED + TIMED_OUT))
                .as("the finished runs' contexts are let go of").isTrue();

        // and when the worker shuts down, its cache emptied, nothing of any run is left
        worker.shutdown();
        worker.awaitTermination(10, TimeUnit.SECONDS);
        assertThat(Garbage.collectedUntil(() -> heard.contextsHeld() == 0
                && ((TelemetryListener) telemetry).openRuns() == 0)).as("no context held, no span open").isTrue();
    }
}
