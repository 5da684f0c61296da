package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.Fact;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.worker.WorkerFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A convergence run's history, over all its executions, grows with the facts its run produces, not with the square of
 * its length: turns refer to the context the workflow holds instead of carrying it (ADR 0043). Measured through the
 * history API on Temporal's test server in a process of its own, with a worker in this JVM: five agents that each
 * propose a new 2 KB fact every cycle: 40 cycles in one execution, and 200 (the figure of ADR 0043 and
 * docs/benchmarks.md), which continue as new once when the server suggests it (the test server does at 4 MiB or 4,096
 * events, as a server does by default).
 */
@Timeout(900)
class ConvergenceHistoryTest {
    private static final String TASK_QUEUE = "terminus-convergence-history";
    private static final int AGENTS = 5;
    private static final int FACT_CHARS = 2_000;

    @TempDir
    static Path dir;

    private static TestServerProcess server;
    private static WorkerFactory worker;

    @BeforeAll
    static void startTheServerAndAWorker() throws Exception {
        server = TestServerProcess.start(dir.resolve("test-server.log"));
        worker = WorkerFactory.newInstance(server.client());
        ConvergenceWorkflows.register(worker.newWorker(TASK_QUEUE), ConvergenceRecipes.builder()
                .engine("forty", writers(), recipe("forty", 40))
                .engine("two-hundred", writers(), recipe("two-hundred", 200))
                .build());
        worker.start();
    }

    @AfterAll
    static void stopThem() throws Exception {
        worker.shutdownNow();
        server.close();
    }

    /** Five agents that always run, each proposing a new fact of about 2 KB in every cycle. */
    private static List<ConvergenceAgent> writers() {
        List<ConvergenceAgent> agents = new ArrayList<>();
        for (int i = 1; i <= AGENTS; i++) {
            String name = "writer-" + i;
            agents.add(ConvergenceAgent.of(name, Trigger.always(), (context, cycle) -> Reply.propose(Map.of(
                    name + ".cycle-" + cycle, (name + " " + cycle + " ").repeat(FACT_CHARS).substring(0, FACT_CHARS)))));
        }
        return agents;
    }

    private static ConvergenceRecipe recipe(String name, int cycles) {
        return materials -> ConvergenceEngine.builder().name(name).maxCycles(cycles)
                .agents(materials.agents().toArray(ConvergenceAgent[]::new)).clock(materials.clock()).build();
    }

    @Test
    void fortyCyclesOfFiveAgentsWritingTwoKilobyteFactsCostAtMostThreeTimesTheFinalContext() {
        measure("forty", 40);
    }

    @Test
    void twoHundredCyclesOfFiveAgentsWritingTwoKilobyteFactsCostAtMostThreeTimesTheFinalContext() {
        measure("two-hundred", 200);
    }

    private static void measure(String engine, int cycles) {
        // given
        WorkflowClient client = server.client();
        ConvergenceWorkflow workflow = client.newWorkflowStub(ConvergenceWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TASK_QUEUE).setWorkflowId(engine + "-" + System.nanoTime())
                .setWorkflowRunTimeout(Duration.ofMinutes(15)).build());
        long started = System.nanoTime();

        // when
        workflow.run(ConvergenceRunInput.of(engine, Context.of(Map.of("document", "INV-0042"))));
        ConvergenceRunOutput output = ConvergenceWorkflows.output(WorkflowStub.fromTyped(workflow));
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;

        // then
        assertThat(output.termination()).isEqualTo(new Termination.MaxIterationsReached(cycles, cycles));
        assertThat(output.facts()).hasSize(1 + AGENTS * cycles);
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);
        RunHistory history = RunHistory.read(client, stub.getExecution().getWorkflowId(),
                stub.getExecution().getRunId());
        long context = contextBytes(client, output.facts());
        System.out.printf("ConvergenceHistoryTest: %d cycles of %d agents writing 2 KB facts: %d executions, %d events,"
                        + " %,d history bytes for a %,d-byte final context (%.2fx), largest event %,d bytes, %d s%n",
                cycles, AGENTS, history.executions(), history.events().size(), history.bytes(), context,
                (double) history.bytes() / context, history.largestEvent(), seconds);
        assertThat(history.bytes()).isLessThanOrEqualTo(3 * context);
        assertThat(history.largestEvent()).isLessThanOrEqualTo(1_500_000L);
    }

    /** @return the bytes of the final context's facts as one payload in the wire format */
    private static long contextBytes(WorkflowClient client, List<Fact> facts) {
        return client.getOptions().getDataConverter().toPayload(facts).orElseThrow().getSerializedSize();
    }
}
