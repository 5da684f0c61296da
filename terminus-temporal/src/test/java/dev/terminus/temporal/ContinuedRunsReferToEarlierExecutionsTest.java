package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.RunClock;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import io.temporal.worker.WorkerFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a worker registered with its client, a long run's execution records, once, the messages it added as it continues
 * as new, and the fresh execution's input refers to the executions that recorded them and to the defining document
 * (ADR 0042): the run ends as in one process, its history grows with its content, and no input grows with the run.
 * Measured through the history API on Temporal's test server in a process of its own, with a worker in this JVM.
 */
@Timeout(300)
class ContinuedRunsReferToEarlierExecutionsTest {
    private static final String TASK_QUEUE = "terminus-carried-by-reference";
    private static final int ITERATIONS = 300;
    /** A document of about 2 MB that defines an agent fetching its first line's number of documents. */
    private static final String DOCUMENT = "200\n" + "x".repeat(2 * 1024 * 1024);

    @TempDir
    static Path dir;

    private static TestServerProcess server;
    private static WorkerFactory worker;

    @BeforeAll
    static void startTheServerAndAWorker() throws Exception {
        server = TestServerProcess.start(dir.resolve("test-server.log"));
        worker = WorkerFactory.newInstance(server.client());
        AgentWorkflows.register(worker.newWorker(TASK_QUEUE), fetcher()
                .resolver((name, definition) -> new AgentRecipes.Registered(name,
                        FetchingModel.upTo(Integer.parseInt(definition.lines().findFirst().orElseThrow())),
                        List.of(FetchingModel.tool(2_000)), materials -> MeasuredRuns.agent(materials, 200)))
                .build(), server.client());
        worker.start();
    }

    /** @return recipes of an agent that fetches {@link #ITERATIONS} documents, its runs continued after 1,000 events */
    private static AgentRecipes.Builder fetcher() {
        return AgentRecipes.builder()
                .agent("fetcher", FetchingModel.upTo(ITERATIONS), List.of(FetchingModel.tool(2_000)),
                        materials -> MeasuredRuns.agent(materials, ITERATIONS))
                .continueAsNewAfter(1_000);
    }

    /** @return a started worker of the fetcher on the queue */
    private static WorkerFactory fetcherWorker(String queue) {
        WorkerFactory factory = WorkerFactory.newInstance(server.client());
        AgentWorkflows.register(factory.newWorker(queue), fetcher().build(), server.client());
        factory.start();
        return factory;
    }

    @AfterAll
    static void stopThem() throws Exception {
        worker.shutdownNow();
        server.close();
    }

    @Test
    void aRunOfThreeHundredIterationsRecordsEachMessageOnceMoreAndEndsAsInOneProcess() {
        // given
        WorkflowClient client = server.client();
        AgentWorkflow workflow = MeasuredRuns.workflow(client, TASK_QUEUE, "fetcher");
        RunResult local = MeasuredRuns.agent(new AgentMaterials(FetchingModel.upTo(ITERATIONS),
                List.of(FetchingModel.tool(2_000)), RunClock.system()), ITERATIONS).run("read them");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("fetcher", "read them"));

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.transcript()).isEqualTo(local.transcript());
        RunHistory history = MeasuredRuns.history(client, workflow);
        long transcript = client.getOptions().getDataConverter().toPayload(output.transcript()).orElseThrow()
                .getSerializedSize();
        List<Long> inputs = startedEvents(history);
        long first = history.iterationBytes(0, 100);
        long last = history.iterationBytes(ITERATIONS - 100, ITERATIONS);
        System.out.printf("ContinuedRunsReferToEarlierExecutionsTest: %d iterations of 2 KB results: %d executions,"
                        + " %d events, %,d history bytes for a %,d-byte transcript (%.2fx); iterations 1-100: %,d"
                        + " bytes, last 100: %,d bytes (%.2fx); inputs %s bytes; largest event %,d bytes; the output"
                        + " %,d bytes, the history without it %.2fx%n",
                ITERATIONS, history.executions(), history.events().size(), history.bytes(), transcript,
                (double) history.bytes() / transcript, first, last, (double) last / first, inputs,
                history.largestEvent(), output(history), (double) (history.bytes() - output(history)) / transcript);
        assertThat(history.executions()).isGreaterThanOrEqualTo(3);
        // the output, which holds the whole transcript as the run's result (a longer run's leaves it out), aside
        assertThat(history.bytes() - output(history)).isLessThanOrEqualTo(3 * transcript);
        assertThat(last).isLessThanOrEqualTo(first * 3 / 2);
        assertThat(history.largestEvent()).isLessThanOrEqualTo(1_500_000L);
        // no input grows with the run: each refers to the parts earlier executions recorded
        assertThat(inputs).allSatisfy(input -> assertThat(input).isLessThan(1_000L));
    }

    @Test
    void aWorkerThatNeverRanTheRunRebuildsItFromEveryPartItsExecutionsRecorded() throws Exception {
        // given: a run over several executions on a worker that then stops
        String queue = TASK_QUEUE + "-cold";
        WorkerFactory first = fetcherWorker(queue);
        AgentWorkflow workflow = MeasuredRuns.workflow(server.client(), queue, "fetcher");
        AgentRunOutput output;
        try {
            output = workflow.run(new AgentRunInput("fetcher", "read them"));
        } finally {
            first.shutdownNow();
            first.awaitTermination(10, TimeUnit.SECONDS);
        }

        // when: another worker answers the transcript query: it replays the last execution, reading every part
        WorkerFactory second = fetcherWorker(queue);
        int referred = output.transcript().size() - 1; // the workflow last referred a call to all but the answer
        List<Message> read;
        try {
            read = AgentWorkflows.transcript(WorkflowStub.fromTyped(workflow), new TranscriptReference(0, referred));
        } finally {
            second.shutdownNow();
        }

        // then
        assertThat(MeasuredRuns.history(server.client(), workflow).executions()).isGreaterThanOrEqualTo(3);
        assertThat(read).isEqualTo(output.transcript().subList(0, referred));
    }

    /**
     * The measurement of docs/benchmarks.md, run by hand: {@code -Dterminus.measuredIterations=3000}, on a worker
     * with the default {@code continueAsNewAfter}.
     */
    @Test
    @Timeout(3_600)
    @EnabledIfSystemProperty(named = "terminus.measuredIterations", matches = "\\d+")
    void aLongRunOnDefaultRecipesRecordsEachMessageOnceMore() {
        // given
        int iterations = Integer.getInteger("terminus.measuredIterations");
        WorkflowClient client = server.client();
        WorkerFactory measuring = WorkerFactory.newInstance(client);
        AgentWorkflows.register(measuring.newWorker(TASK_QUEUE + "-measured"), AgentRecipes.builder()
                .agent("fetcher", FetchingModel.upTo(iterations), List.of(FetchingModel.tool(2_000)),
                        materials -> MeasuredRuns.agent(materials, iterations))
                .build(), client);
        measuring.start();
        AgentWorkflow workflow = MeasuredRuns.workflow(client, TASK_QUEUE + "-measured", "fetcher");

        // when
        AgentRunOutput output;
        AgentRunOutput whole;
        try {
            output = workflow.run(new AgentRunInput("fetcher", "read them"));
            // the transcript, left out of the output for its size, read through the query (a worker replays the run)
            whole = AgentWorkflows.output(WorkflowStub.fromTyped(workflow));
        } finally {
            measuring.shutdownNow();
        }

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        RunHistory history = MeasuredRuns.history(client, workflow);
        long content = client.getOptions().getDataConverter().toPayload(whole.transcript()).orElseThrow()
                .getSerializedSize();
        long first = history.iterationBytes(0, 100);
        long last = history.iterationBytes(iterations - 100, iterations);
        long worst = 0;
        for (int from = 0; from + 100 <= iterations; from += 100) {
            worst = Math.max(worst, history.iterationBytes(from, from + 100));
        }
        System.out.printf("ContinuedRunsReferToEarlierExecutionsTest: %,d iterations of 2 KB results: %d executions,"
                        + " %d events, %,d history bytes for a %,d-byte transcript (%.2fx); iterations 1-100: %,d"
                        + " bytes, last 100: %,d bytes (%.2fx), costliest hundred %,d bytes (%.2fx); inputs %s bytes;"
                        + " largest event %,d bytes%n",
                iterations, history.executions(), history.events().size(), history.bytes(), content,
                (double) history.bytes() / content, first, last, (double) last / first, worst,
                (double) worst / first, startedEvents(history), history.largestEvent());
        assertThat(history.bytes()).isLessThanOrEqualTo(3 * content);
        assertThat(last).isLessThanOrEqualTo(first * 3 / 2);
        assertThat(history.largestEvent()).isLessThanOrEqualTo(1_500_000L);
    }

    @Test
    void aTwoMegabyteDocumentIsInTheHistoryOnceHoweverManyTimesItsRunContinuesAsNew() {
        // given
        WorkflowClient client = server.client();
        AgentWorkflow workflow = MeasuredRuns.workflow(client, TASK_QUEUE, "defined");

        // when
        AgentRunOutput output = workflow.run(AgentRunInput.defined("defined", "read them", DOCUMENT));

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.toolCalls()).isEqualTo(200);
        RunHistory history = MeasuredRuns.history(client, workflow);
        List<Long> inputs = startedEvents(history);
        System.out.printf("ContinuedRunsReferToEarlierExecutionsTest: a %,d-character document: %d executions,"
                + " %,d history bytes, inputs %s bytes%n", DOCUMENT.length(), history.executions(),
                history.bytes(), inputs);
        assertThat(history.executions()).isGreaterThanOrEqualTo(2);
        assertThat(inputs.get(0)).isGreaterThan((long) DOCUMENT.length());
        assertThat(inputs.subList(1, inputs.size())).allSatisfy(input -> assertThat(input).isLessThan(500_000L));
        // the document is in one event, the first input
        assertThat(history.events().stream().filter(event -> event.getSerializedSize() > 1_000_000)).hasSize(1);
        // a reader of the latest input (an activity worker that never saw the document, a client) gets the document
        String workflowId = WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId();
        assertThat(WorkflowInputs.of(client, workflowId, "").definition()).isEqualTo(DOCUMENT);
    }

    /** @return the bytes of the run's last event, which holds its output */
    private static long output(RunHistory history) {
        return history.events().get(history.events().size() - 1).getSerializedSize();
    }

    /** @return the bytes of each execution's first event, which holds its input, in order */
    private static List<Long> startedEvents(RunHistory history) {
        return history.events().stream()
                .filter(event -> event.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED)
                .map(HistoryEvent::getSerializedSize).map(Long::valueOf).toList();
    }
}
