package dev.terminus.cli.crash;

import static dev.terminus.cli.crash.WorkerProcesses.awaitPolling;
import static dev.terminus.cli.crash.WorkerProcesses.terminus;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.cli.crash.WorkerProcesses.Cluster;
import dev.terminus.cli.crash.WorkerProcesses.Printed;
import dev.terminus.cli.temporal.ToolJournal;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's calls survive its workflow's worker being away. Two {@code terminus worker} processes poll a Temporal test
 * server (a process of its own): one runs the workflows ({@code --only workflows}), the other the model and tool calls
 * ({@code --only activities}). For each trial a long scenario runs with {@code terminus run --temporal}, and once a
 * tool call runs on the activity worker, the workflow worker, which completed the workflow's last task, is killed with
 * SIGKILL. The tool, after its delay, counts its earlier results from the run's transcript, which it reads through the
 * workflow's transcript query while no workflow worker runs: the new workflow worker is started only once the activity
 * worker logged that query's failure (the test server holds a query while no worker polls, until the query's RPC
 * timeout: the activity worker's {@code --query-timeout}, 2 s here), so the call gets its transcript only by asking
 * again ({@code TranscriptQueries}, ADR 0039). Each run ends exactly as its twin in one process: the same
 * termination, category, outcome, iterations and tool calls, and every tool result counting the calls before it.
 *
 * <p>The activity worker's tool journal ({@link ToolJournal}) shows the tool call began there; the identity
 * ({@code pid@host}) of the history's last completed workflow task shows which worker holds the workflow. The workers
 * run without sticky execution ({@code --sticky-timeout 0}), as in {@link KilledWorkersTest}.
 */
class KilledWorkflowWorkerTest {
    private static final int TRIALS = 10;
    /** The runs' tool-call iterations. */
    private static final int ITERATIONS = 8;
    /** The tool's delay before it reads the transcript: the window in which its workflow's worker is killed. */
    private static final int TOOL_DELAY_MS = 500;
    private static final String TASK_QUEUE = "killed-workflow-worker";
    /** How long a query of the workflow waits while no workflow worker polls: each trial waits it out once. */
    private static final String QUERY_TIMEOUT_MS = "2000";
    private static final List<String> COMPARED = List.of("Termination", "Category", "Outcome", "Iterations",
            "Tool calls");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @TempDir
    Path scratch;

    /** A worker process, the journal of the tool calls it began, and its log (its standard error). */
    private record Worker(Process process, Path journal, Path log) {
        boolean began(String key) throws IOException {
            return Files.exists(journal) && Files.readAllLines(journal).contains(key);
        }

        /** @return whether it logged a failed transcript query of the workflow ({@code TranscriptQueries}) */
        boolean queryFailed(String workflowId) throws IOException {
            String failed = "the transcript query of workflow " + workflowId + " (run ";
            return Files.exists(log) && Files.readAllLines(log).stream()
                    .anyMatch(line -> line.contains(failed) && line.contains(") failed (try "));
        }
    }

    @Test
    void aRunWhoseWorkflowWorkerIsKilledWhileItsToolRunsOnTheOtherWorkerEndsAsItsLocalTwin() throws Exception {
        // given: the run in one process, a test server and two workers
        Path scenario = Files.writeString(dir.resolve("long-run.json"), longRun());
        List<String> twin = compared(terminus("run", scenario.toString()));
        ExecutorService threads = Executors.newCachedThreadPool();
        List<List<String>> ended = new ArrayList<>();
        List<List<String>> toolResults = new ArrayList<>();
        int lostWorkflowTasks = 0;
        int failedQueries = 0;
        long queriesFailedAfter = 0;
        long start = System.nanoTime();
        long trialsStart;
        Cluster cluster = Cluster.start(dir, scratch, TASK_QUEUE);
        TestServerProcess server = cluster.server();
        try {
            Worker workflows = startWorker(cluster, "workflows");
            Worker activities = startWorker(cluster, "activities");
            trialsStart = System.nanoTime();

            for (int trial = 0; trial < TRIALS; trial++) {
                // when: the worker holding the workflow is killed while a tool call runs on the other
                Future<Printed> run = threads.submit(() -> terminus("run", scenario.toString(), "--temporal",
                        server.address(), "--task-queue", TASK_QUEUE));
                String workflowId = awaitOpen(server, run);
                awaitToolOn(activities, server, workflowId, workflows, run);
                assertThat(ChildJvm.kill(workflows.process())).as("trial %d: the holder was killed", trial)
                        .isEqualTo(ChildJvm.KILLED);
                // the new workflow worker starts only once the tool's transcript query failed: from then on the
                // call has its transcript only if it asks again
                long killed = System.nanoTime();
                if (awaitFailedQuery(activities, server, workflowId, run)) {
                    failedQueries++;
                    queriesFailedAfter += System.nanoTime() - killed;
                }
                workflows = startWorker(cluster, "workflows");
                Printed printed = run.get(2, TimeUnit.MINUTES);
                assertThat(printed.status()).as("trial %d: %s", trial, printed.err()).isZero();
                ended.add(compared(printed));
                List<HistoryEvent> events = lastExecution(server, workflowId);
                lostWorkflowTasks += (int) events.stream()
                        .filter(event -> event.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT).count();
                toolResults.add(toolResults(events.getLast()));
            }
        } finally {
            threads.shutdownNow();
            cluster.close();
        }

        // then
        System.out.printf("KilledWorkflowWorkerTest: %d trials (a workflow worker killed in each) in %d ms, %d ms"
                + " with the server and workers' start; %d workflow tasks lost with a killed worker; a transcript query"
                + " failed before the new workflow worker started in %d trials, %d ms after the kill on average%n",
                TRIALS, (System.nanoTime() - trialsStart) / 1_000_000, (System.nanoTime() - start) / 1_000_000,
                lostWorkflowTasks, failedQueries, queriesFailedAfter / 1_000_000 / Math.max(1, failedQueries));
        List<String> counted = new ArrayList<>();
        for (int call = 1; call <= ITERATIONS; call++) {
            counted.add("recorded " + call);
        }
        assertThat(failedQueries).as("trials whose tool's transcript query failed while no workflow worker ran"
                + " (the others' tool read it before the kill)").isEqualTo(TRIALS);
        assertThat(twin).contains("Termination NaturalCompletion", "Tool calls " + ITERATIONS);
        assertThat(ended).as("each run's end against its local twin's").allSatisfy(run ->
                assertThat(run).isEqualTo(twin));
        assertThat(toolResults).as("each run's tool results, each counting the calls before it")
                .allSatisfy(results -> assertThat(results).isEqualTo(counted));
        assertThat(cluster.started()).as("processes left behind").noneMatch(Process::isAlive);
    }

    /**
     * Where a run's calls stand, as its history shows.
     *
     * @param holder the identity ({@code pid@host}) of the worker that completed its last workflow task
     * @param runningTool the idempotency key of the tool call running, if one is
     * @param toolCalls the tool calls scheduled
     */
    private record Standing(@Nullable String holder, @Nullable String runningTool, int toolCalls) {
        static Standing of(TestServerProcess server, String workflowId) throws IOException {
            String holder = null;
            String runningTool = null;
            int toolCalls = 0;
            for (HistoryEvent event : server.client().fetchHistory(workflowId).getEvents()) {
                switch (event.getEventType()) {
                    case EVENT_TYPE_WORKFLOW_TASK_COMPLETED ->
                            holder = event.getWorkflowTaskCompletedEventAttributes().getIdentity();
                    case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED -> {
                        var scheduled = event.getActivityTaskScheduledEventAttributes();
                        runningTool = null;
                        if (scheduled.getActivityType().getName().equals("TerminusCallTool")) {
                            toolCalls++;
                            runningTool = JSON.readTree(scheduled.getInput().getPayloads(0).getData().toByteArray())
                                    .path("idempotencyKey").asText();
                        }
                    }
                    case EVENT_TYPE_ACTIVITY_TASK_COMPLETED, EVENT_TYPE_ACTIVITY_TASK_FAILED,
                            EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT -> runningTool = null;
                    default -> {
                        // other events tell nothing of where the calls run
                    }
                }
            }
            return new Standing(holder, runningTool, toolCalls);
        }
    }

    /**
     * Waits until a tool call of the run (its second or later) began on the activity worker while the workflow worker
     * completed the workflow's last task.
     */
    private static void awaitToolOn(Worker activities, TestServerProcess server, String workflowId, Worker workflows,
            Future<Printed> run) throws Exception {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        List<String> seen = new ArrayList<>();
        while (!run.isDone() && System.nanoTime() < giveUp) {
            Standing standing = Standing.of(server, workflowId);
            seen.add(standing.holder() + " " + standing.runningTool() + " " + standing.toolCalls());
            String runningTool = standing.runningTool();
            String holder = standing.holder();
            if (runningTool != null && standing.toolCalls() >= 2 && activities.began(runningTool)
                    && holder != null && holder.startsWith(workflows.process().pid() + "@")) {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no tool call of " + workflowId + " ran on the activity worker (pid "
                + activities.process().pid() + ") while the workflow worker (pid " + workflows.process().pid()
                + ") held it; seen (holder, tool call running, tool calls): " + seen.stream().distinct().toList()
                + (run.isDone() ? "; the run ended: " + run.get() : ""));
    }

    /**
     * Waits (at most 60 s) until the activity worker logged a failed transcript query of the run, or its tool call
     * ended without one (it read the transcript before the kill).
     *
     * @return whether a query failed
     */
    private static boolean awaitFailedQuery(Worker activities, TestServerProcess server, String workflowId,
            Future<Printed> run) throws Exception {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < giveUp) {
            if (activities.queryFailed(workflowId)) {
                return true;
            }
            if (Standing.of(server, workflowId).runningTool() == null) {
                return activities.queryFailed(workflowId);
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the tool call of " + workflowId + " neither ended nor logged a failed transcript"
                + " query in 60 s; its worker's log: " + Files.readString(activities.log())
                + (run.isDone() ? "; the run ended: " + run.get() : ""));
    }

    /** Waits until the run's workflow is open on the server, and returns its id. */
    private static String awaitOpen(TestServerProcess server, Future<Printed> run) throws Exception {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < giveUp && !run.isDone()) {
            List<WorkflowExecutionInfo> open = server.open();
            if (!open.isEmpty()) {
                return open.getFirst().getExecution().getWorkflowId();
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the run's workflow never opened: " + (run.isDone() ? run.get() : "still running"));
    }

    /** @return the events of the workflow's last execution */
    private static List<HistoryEvent> lastExecution(TestServerProcess server, String workflowId) {
        return server.client().fetchHistory(workflowId).getEvents();
    }

    /** @return the tool results of the run's transcript, as its completed output holds it */
    private static List<String> toolResults(HistoryEvent completed) throws IOException {
        assertThat(completed.getEventType()).isEqualTo(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED);
        JsonNode output = JSON.readTree(completed.getWorkflowExecutionCompletedEventAttributes().getResult()
                .getPayloads(0).getData().toByteArray());
        List<String> results = new ArrayList<>();
        for (JsonNode message : output.path("transcript")) {
            if (message.has("toolCallId")) {
                results.add(message.path("content").asText());
            }
        }
        return results;
    }

    /** Starts a worker of the role with a tool journal and a log of its own, and waits until it polls. */
    private Worker startWorker(Cluster cluster, String role) throws IOException {
        int number = cluster.started().size();
        Path journal = dir.resolve("tool-calls-" + number + ".journal");
        Path log = dir.resolve("worker-" + number + ".log");
        Process process = cluster.startWorker(List.of("-D" + ToolJournal.PROPERTY + "=" + journal),
                ProcessBuilder.Redirect.appendTo(log.toFile()), "--only", role, "--query-timeout", QUERY_TIMEOUT_MS);
        assertThat(awaitPolling(process, TASK_QUEUE)).as("a worker started").isTrue();
        return new Worker(process, journal, log);
    }

    /** @return the summary's lines that a run on Temporal and its local twin share, label and value */
    private static List<String> compared(Printed printed) {
        List<String> lines = new ArrayList<>();
        for (String line : printed.out().lines().toList()) {
            for (String label : COMPARED) {
                if (line.matches("  " + label + " +.*")) {
                    lines.add(label + " " + line.substring(2 + label.length()).strip());
                }
            }
        }
        return lines;
    }

    /**
     * {@value #ITERATIONS} tool-call iterations, then an answer; the tool waits {@value #TOOL_DELAY_MS} ms, then answers
     * its n-th call with "recorded n", n counted from the run's transcript.
     */
    private static String longRun() {
        StringBuilder script = new StringBuilder();
        StringBuilder results = new StringBuilder();
        for (int i = 0; i < ITERATIONS; i++) {
            script.append("{\"delayMs\": 20, \"toolCalls\": [{\"name\": \"record\", \"arguments\": {\"entry\": ")
                    .append(i).append("}}]},\n");
            results.append(i == 0 ? "" : ", ").append("\"recorded ").append(i + 1).append('"');
        }
        return """
                {"name": "long run", "task": "Record every entry.",
                 "limits": {"maxIterations": 100, "maxToolCalls": 100, "noProgressThreshold": 0, "stallThreshold": 0},
                 "tools": [{"name": "record", "description": "Records an entry", "delayMs": %d, "results": [%s]}],
                 "script": [%s{"text": "Recorded."}]}
                """.formatted(TOOL_DELAY_MS, results, script);
    }
}
