package dev.terminus.benchmarks;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.control.RunClock;
import dev.terminus.temporal.AgentMaterials;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.CallMode;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * 1,000 concurrent 10-iteration runs (9 tool rounds and an answer), as workflows on Temporal's in-process server with
 * one worker in the same JVM, and as local runs on virtual threads. One invocation = all 1,000 started and all ended;
 * workflows per second = 1,000 / the time; for calls as activities and as local activities ({@link CallMode}); the
 * {@code localRuns} figure does not depend on the parameter. Run by hand:
 * {@code java -jar benchmarks/target/benchmarks.jar WorkflowThroughputBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgs = {"-Xms2g", "-Xmx2g"})
public class WorkflowThroughputBenchmark {
    static final int RUNS = 1_000;

    /** How the runs' calls are made. */
    @Param({"ACTIVITY", "LOCAL_ACTIVITY"})
    public CallMode calls;

    private TestWorkflowEnvironment environment;
    private Agent local;
    private final AtomicLong ids = new AtomicLong();

    @Setup(Level.Trial)
    public void setUp() {
        environment = WorkflowRuns.environment(WorkflowRuns.recipes(calls));
        local = WorkflowRuns.agent(new AgentMaterials(WorkflowRuns.model(), List.of(WorkflowRuns.COUNT),
                RunClock.system()));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        environment.close();
    }

    @Benchmark
    public int workflows() {
        WorkflowClient client = environment.getWorkflowClient();
        List<WorkflowStub> started = new ArrayList<>(RUNS);
        for (int i = 0; i < RUNS; i++) {
            AgentWorkflow workflow = client.newWorkflowStub(AgentWorkflow.class, WorkflowOptions.newBuilder()
                    .setTaskQueue(WorkflowRuns.QUEUE).setWorkflowId("run-" + ids.incrementAndGet()).build());
            WorkflowClient.start(workflow::run, new AgentRunInput("counter", "count"));
            started.add(WorkflowStub.fromTyped(workflow));
        }
        List<CompletableFuture<AgentRunOutput>> results = new ArrayList<>(RUNS);
        for (WorkflowStub stub : started) {
            results.add(stub.getResultAsync(AgentRunOutput.class));
        }
        int completed = 0;
        for (CompletableFuture<AgentRunOutput> result : results) {
            if (result.join().termination() instanceof Termination.NaturalCompletion) {
                completed++;
            }
        }
        if (completed != RUNS) {
            throw new IllegalStateException(completed + " of " + RUNS + " runs completed naturally");
        }
        return completed;
    }

    @Benchmark
    public int localRuns() throws InterruptedException {
        List<RunHandle> handles = new ArrayList<>(RUNS);
        for (int i = 0; i < RUNS; i++) {
            handles.add(local.start("count"));
        }
        int completed = 0;
        for (RunHandle handle : handles) {
            if (handle.await().termination() instanceof Termination.NaturalCompletion) {
                completed++;
            }
        }
        if (completed != RUNS) {
            throw new IllegalStateException(completed + " of " + RUNS + " runs completed naturally");
        }
        return completed;
    }
}
