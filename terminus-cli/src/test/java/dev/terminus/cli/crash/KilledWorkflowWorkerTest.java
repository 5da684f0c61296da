package dev.terminus.cli.crash;

import static dev.terminus.cli.crash.WorkerProcesses.NOT_NEEDED;
import static dev.terminus.cli.crash.WorkerProcesses.awaitPolling;
import static dev.terminus.cli.crash.WorkerProcesses.terminus;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.cli.command.TerminusCommand;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's calls survive its workflow's worker being away. Two {@code terminus worker} processes poll a Temporal test
 * server (a process of its own): one runs the workflows ({@code --only workflows}), the other the model and tool calls
 * ({@code --only activities}). For each trial a long scenario runs with {@code terminus run --temporal}, and once a
 * tool call runs on the activity worker, the workflow worker, which completed the workflow's last task, is killed with
 * SIGKILL and a new one started. The tool, after its delay, counts its earlier results from the run's transcript,
 * which it reads through the workflow's transcript query while no workflow worker runs or a new one replays the
 * history. Each run ends exactly as its twin in one process: the same termination, category, outcome, iterations and
 * tool calls, and every tool result counting the calls before it.
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
    private static final int TOOL_DELAY_MS = 300;
    private static final String TASK_QUEUE = "killed-workflow-worker";
    private static final List<String> COMPARED = List.of("Termination", "Category", "Outcome", "Iterations",
            "Tool calls");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @TempDir
    Path scratch;

    /** A worker process and the journal of the tool calls it began. */
    private record Worker(Process process, Path journal) {
        boolean began(String key) throws IOException {
            return Files.exists(journal) && Files.readAllLines(journal).contains(key);
        }
    }

    @Test
    void aRunWhoseWorkflowWorkerIsKilledWhileItsToolRunsOnTheOtherWorkerEndsAsItsLocalTwin() throws Exception {
        // given: the run in one process, a test server and two workers
        Path scenario = Files.writeString(dir.resolve("long-run.json"), longRun());
        List<String> twin = compared(terminus("run", scenario.toString()));
        ChildJvm jvm = ChildJvm.of(TerminusCommand.class, entry -> NOT_NEEDED.stream().noneMatch(entry::contains),
                scratch);
        List<Process> started = new ArrayList<>();
        ExecutorService threads = Executors.newCachedThreadPool();
        List<List<String>> ended = new ArrayList<>();
        List<List<String>> toolResults = new ArrayList<>();
        int lostWorkflowTasks = 0;
        long start = System.nanoTime();
        long trialsStart;
        TestServerProcess server = TestServerProcess.start(dir.resolve("server.log"));
        started.add(server.process());
        try {
            List<String> workerArgs = List.of("worker", "--temporal", server.address(), "--task-queue", TASK_QUEUE,
                    "--sticky-timeout", "0");
            Process training = jvm.startTraining(dir, workerArgs.toArray(String[]::new));
            started.add(training);
            assertThat(awaitPolling(training, TASK_QUEUE)).as("the training worker started").isTrue();
            ChildJvm.stop(training);
            Worker workflows = startWorker(jvm, workerArgs, "workflows", started);
            Worker activities = startWorker(jvm, workerArgs, "activities", started);
            trialsStart = System.nanoTime();

            for (int trial = 0; trial < TRIALS; trial++) {
                // when: the worker holding the workflow is killed while a tool call runs on the other
                Future<Printed> run = threads.submit(() -> terminus("run", scenario.toString(), "--temporal",
                        server.address(), "--task-queue", TASK_QUEUE));
                String workflowId = awaitOpen(server, run);
                awaitToolOn(activities, server, workflowId, workflows, run);
                assertThat(ChildJvm.kill(workflows.process())).as("trial %d: the holder was killed", trial)
                        .isEqualTo(ChildJvm.KILLED);
                workflows = startWorker(jvm, workerArgs, "workflows", started);
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
            for (Process process : started) {
                if (process.isAlive() && process != server.process()) {
                    ChildJvm.stop(process);
                }
            }
            server.close();
        }

        // then
        System.out.printf("KilledWorkflowWorkerTest: %d trials (a workflow worker killed in each) in %d ms, %d ms"
                + " with the server and workers' start; %d workflow tasks lost with a killed worker%n", TRIALS,
                (System.nanoTime() - trialsStart) / 1_000_000, (System.nanoTime() - start) / 1_000_000,
                lostWorkflowTasks);
        List<String> counted = new ArrayList<>();
        for (int call = 1; call <= ITERATIONS; call++) {
            counted.add("recorded " + call);
        }
        assertThat(twin).contains("Termination NaturalCompletion", "Tool calls " + ITERATIONS);
        assertThat(ended).as("each run's end against its local twin's").allSatisfy(run ->
                assertThat(run).isEqualTo(twin));
        assertThat(toolResults).as("each run's tool results, each counting the calls before it")
                .allSatisfy(results -> assertThat(results).isEqualTo(counted));
        assertThat(started).as("processes left behind").noneMatch(Process::isAlive);
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
            seen.add(holder + " " + runningTool + " " + toolCalls);
            if (runningTool != null && toolCalls >= 2 && activities.began(runningTool)
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

    /** Starts a worker of the role with a tool journal of its own, and waits until it polls. */
    private Worker startWorker(ChildJvm jvm, List<String> args, String role, List<Process> started)
            throws IOException {
        Path journal = dir.resolve("tool-calls-" + started.size() + ".journal");
        List<String> withRole = new ArrayList<>(args);
        withRole.addAll(List.of("--only", role));
        Process process = jvm.start(dir, List.of("-D" + ToolJournal.PROPERTY + "=" + journal),
                withRole.toArray(String[]::new));
        started.add(process);
        assertThat(awaitPolling(process, TASK_QUEUE)).as("a worker started").isTrue();
        return new Worker(process, journal);
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
