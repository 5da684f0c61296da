package dev.terminus.cli.crash;

import static dev.terminus.cli.crash.WorkerProcesses.awaitPolling;
import static dev.terminus.cli.crash.WorkerProcesses.terminus;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.cli.crash.WorkerProcesses.Cluster;
import dev.terminus.cli.crash.WorkerProcesses.Printed;
import dev.terminus.cli.temporal.ToolJournal;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.test.ReliabilityScale;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs on Temporal outlive the worker processes that host them. A Temporal test server runs in a process of its own
 * and two {@code terminus worker} processes poll its task queue; the command line, in this process, runs long
 * {@code terminus run --temporal} runs of many tool-call iterations beside a {@code terminus eval --temporal} suite,
 * each started again as soon as it ended, while one worker at a time is killed with SIGKILL at a random instant and a
 * new one started in its place, the other carrying on. Every run (each scenario run, each suite, each suite child)
 * ends exactly once, its command prints its result once, every (task, repeat) of each suite has exactly one row, and
 * no tool call whose activity completed ran twice: the workers' scenario tools append each call's idempotency key to
 * a journal ({@link ToolJournal}), which is counted against the tool activities the workflow histories hold.
 *
 * <p>The workers run without sticky execution ({@code --sticky-timeout 0}): the test server never takes a workflow
 * task back from the sticky queue of a worker that died (a real server does after the sticky timeout, 5 s by
 * default), so a killed worker's runs would wait on its queue for ever. A call in flight on a killed worker is known
 * lost at its heartbeat timeout (10 s), a workflow task it held at the workflow task timeout (10 s); the next kills
 * overlap those waits.
 */
class KilledWorkersTest {
    private static final int TRIALS = ReliabilityScale.times(20);
    /** The long runs' tool-call iterations. */
    private static final int ITERATIONS = 40;
    /** How many long runs run at once (each started again when it ended), beside one suite. */
    private static final int RUNS_AT_ONCE = 3;
    private static final int TASKS = 8;
    private static final int REPEATS = 2;
    private static final int MAX_KILL_WAIT_MS = 1500;
    private static final String TASK_QUEUE = "killed-workers";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @TempDir
    Path scratch;

    @Test
    void workersKilledAtRandomInstantsLeaveEveryRunEndedOnceEveryRowOnceAndNoCompletedToolCallRunAgain()
            throws Exception {
        // given: a test server, two workers journaling their tool calls (started from a class archive a training
        // worker made), a long scenario and a suite
        Path journal = dir.resolve("tool-calls.journal");
        Path scenario = Files.writeString(dir.resolve("long-run.json"), longRun());
        Path suite = Files.writeString(dir.resolve("suite.json"), suite());
        ExecutorService threads = Executors.newCachedThreadPool();
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<Command> commands = new ArrayList<>();
        int killedMidRun = 0;
        long start = System.nanoTime();
        long startUp = 0;
        long restarts = 0;
        Figures figures;
        Cluster cluster = Cluster.start(dir, scratch, TASK_QUEUE);
        TestServerProcess server = cluster.server();
        try {
            List<String> options = List.of("-D" + ToolJournal.PROPERTY + "=" + journal);
            Process[] workers = {cluster.startWorker(options), cluster.startWorker(options)};
            for (Process worker : workers) {
                assertThat(awaitPolling(worker, TASK_QUEUE)).as("a worker started").isTrue();
            }
            startUp = System.nanoTime() - start;

            // when: one worker at a time is killed at a random instant while long runs and a suite run (each
            // started again once it ended), and replaced by a new one
            Command[] running = new Command[RUNS_AT_ONCE + 1];
            for (int trial = 0; trial < TRIALS; trial++) {
                for (int i = 0; i < running.length; i++) {
                    if (running[i] == null || running[i].done()) {
                        running[i] = i < RUNS_AT_ONCE
                                ? Command.run(commands.size(), scenario, server.address(), threads)
                                : Command.eval(commands.size(), suite, server.address(), dir, threads);
                        commands.add(running[i]);
                    }
                }
                Thread.sleep(random.nextInt(MAX_KILL_WAIT_MS));
                int victim = random.nextInt(workers.length);
                boolean midRun = Arrays.stream(running).anyMatch(command -> !command.done());
                assertThat(ChildJvm.kill(workers[victim])).as("the worker was killed (seed %d)", seed)
                        .isEqualTo(ChildJvm.KILLED);
                killedMidRun += midRun ? 1 : 0;
                long restart = System.nanoTime();
                workers[victim] = cluster.startWorker(options);
                assertThat(awaitPolling(workers[victim], TASK_QUEUE)).as("a new worker started (seed %d)", seed).isTrue();
                restarts += System.nanoTime() - restart;
            }
            List<Ended> ended = new ArrayList<>();
            for (Command command : commands) {
                ended.add(command.await(seed));
            }
            awaitNothingOpen(server, seed);
            figures = Figures.of(server, ended, Files.exists(journal) ? Files.readAllLines(journal) : List.of());
        } finally {
            threads.shutdownNow();
            cluster.close();
        }

        // then
        long runs = commands.stream().filter(command -> command.out() == null).count();
        long suites = commands.size() - runs;
        System.out.printf("KilledWorkersTest: %d SIGKILL trials in %d ms (seed %d; server and workers up in %d ms, a"
                + " worker restarted in %d ms on average): %d killed mid-run;"
                + " %d runs ended once (%d scenario runs, %d suites, %d suite children), %d rows once;"
                + " %d tool executions, %d tool calls completed, %d lost with their worker (and %d model calls, %d"
                + " workflow tasks); %d completed tool calls run again, %d runs not ended exactly once, %d rows lost"
                + " or duplicated, %d results not printed once%n", TRIALS, (System.nanoTime() - start) / 1_000_000,
                seed, startUp / 1_000_000, restarts / 1_000_000 / TRIALS, killedMidRun, figures.workflows(),
                figures.scenarioRuns(), figures.suites(), figures.children(), figures.rows(), figures.toolExecutions(),
                figures.completedToolCalls(),
                figures.lostToolCalls(), figures.lostModelCalls(), figures.lostWorkflowTasks(),
                figures.runAgain(), figures.notEndedOnce().size(), figures.rowsWrong(), figures.notPrintedOnce());
        assertThat(cluster.started()).as("processes left behind").noneMatch(Process::isAlive);
        assertThat(figures.runAgain()).as("completed tool calls run again (seed %d)", seed).isZero();
        assertThat(figures.unrecorded()).as("completed tool calls the journal does not hold (seed %d)", seed)
                .isEmpty();
        assertThat(figures.unknown()).as("journaled calls no history schedules (seed %d)", seed).isEmpty();
        assertThat(figures.notEndedOnce()).as("workflows not ended exactly once (seed %d)", seed).isEmpty();
        assertThat(figures.notOneOutput()).as("completed executions without one output (seed %d)", seed).isEmpty();
        assertThat(figures.failedCommands()).as("commands that failed (seed %d)", seed).isEmpty();
        assertThat(figures.rowsWrong()).as("rows lost or duplicated (seed %d)", seed).isZero();
        assertThat(figures.notPrintedOnce()).as("results not printed once (seed %d)", seed).isZero();
        assertThat(figures.printedTerminations()).as("the terminations the runs printed (seed %d)", seed)
                .isEqualTo(figures.runTerminations());
        assertThat(figures.scenarioRuns()).as("scenario runs").isEqualTo(runs);
        assertThat(figures.suites()).as("suites").isEqualTo(suites);
        assertThat(figures.children()).as("suite children").isEqualTo(suites * TASKS * REPEATS);
        assertThat(killedMidRun).as("kills while runs ran").isPositive();
        assertThat(figures.lostToolCalls() + figures.lostModelCalls() + figures.lostWorkflowTasks())
                .as("calls and workflow tasks lost with a killed worker (seed %d)", seed).isPositive();
    }

    /** Waits (at most 60 s) until no execution is open: a suite closes just after its client read its last row. */
    private static void awaitNothingOpen(TestServerProcess server, long seed) throws InterruptedException {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!server.open().isEmpty() && System.nanoTime() < giveUp) {
            Thread.sleep(100);
        }
        assertThat(server.open()).as("executions still open (seed %d)", seed).isEmpty();
    }

    /**
     * A command of the command line running in this process.
     *
     * @param number the command's number, from 0
     * @param printed what it prints, once it ended
     * @param out the suite's {@code --out} for {@code terminus eval}; null for {@code terminus run}
     */
    private record Command(int number, Future<Printed> printed, @Nullable Path out) {
        /** Starts {@code terminus run SCENARIO --temporal ...}. */
        static Command run(int number, Path scenario, String address, ExecutorService threads) {
            return new Command(number, threads.submit(() -> terminus("run", scenario.toString(), "--temporal",
                    address, "--task-queue", TASK_QUEUE)), null);
        }

        /** Starts {@code terminus eval SUITE --temporal ... --out DIR --suite-id ID}, a suite id of its own. */
        static Command eval(int number, Path suite, String address, Path dir, ExecutorService threads) {
            Path out = dir.resolve("suite-" + number);
            return new Command(number, threads.submit(() -> terminus("eval", suite.toString(), "--temporal", address,
                    "--task-queue", TASK_QUEUE, "--out", out.toString(), "--suite-id", "killed-workers-" + number)),
                    out);
        }

        boolean done() {
            return printed.isDone();
        }

        /** Waits (at most 3 min) for the command to end, and reads its suite's report. */
        Ended await(long seed) throws Exception {
            try {
                Printed ended = printed.get(3, TimeUnit.MINUTES);
                Path report = out == null ? null : out.resolve("report.jsonl");
                return new Ended(this, ended, report != null && Files.exists(report) ? ReportReader.read(report)
                        : List.of());
            } catch (TimeoutException e) {
                throw new AssertionError("command " + number + " did not end within 3 minutes (seed " + seed + ")",
                        e);
            }
        }
    }

    /**
     * A command that ended.
     *
     * @param command the command
     * @param printed what it printed
     * @param rows its suite's report; none for a run
     */
    private record Ended(Command command, Printed printed, List<ReportRow> rows) {}

    /**
     * What the server's executions, their histories, the commands and the journal show.
     *
     * @param workflows workflows (each a chain of executions) the server holds
     * @param scenarioRuns workflows of {@code terminus run}
     * @param suites suite workflows
     * @param children the suites' child workflows
     * @param rows report rows
     * @param toolExecutions lines of the journal: every tool call a worker began
     * @param completedToolCalls tool activities that completed
     * @param lostToolCalls tool activities that timed out (lost with their worker)
     * @param lostModelCalls model activities that timed out
     * @param lostWorkflowTasks workflow tasks that timed out
     * @param runAgain journal lines beyond the first of each key
     * @param unrecorded completed tool calls the journal does not hold
     * @param unknown journal keys that no history schedules
     * @param notEndedOnce workflows whose executions are not one chain ending completed, with their statuses
     * @param notOneOutput completed executions whose completion does not hold one output
     * @param failedCommands commands that exited other than 0, with their standard error
     * @param rowsWrong (task, repeat) pairs without a row, and rows beyond the first of a pair
     * @param notPrintedOnce commands whose summary does not hold its result line once
     * @param runTerminations the terminations of the scenario runs' outputs, sorted
     * @param printedTerminations the terminations {@code terminus run} printed, sorted
     */
    private record Figures(int workflows, int scenarioRuns, int suites, int children, int rows, int toolExecutions,
            int completedToolCalls, int lostToolCalls, int lostModelCalls, int lostWorkflowTasks, int runAgain,
            Set<String> unrecorded, Set<String> unknown, List<String> notEndedOnce, List<String> notOneOutput,
            List<String> failedCommands, int rowsWrong, int notPrintedOnce, List<String> runTerminations,
            List<String> printedTerminations) {

        static Figures of(TestServerProcess server, List<Ended> commands, List<String> journal) throws IOException {
            Map<String, List<WorkflowExecutionInfo>> byWorkflow = server.closed().stream()
                    .collect(Collectors.groupingBy(info -> info.getExecution().getWorkflowId()));
            List<String> notEndedOnce = new ArrayList<>();
            List<String> notOneOutput = new ArrayList<>();
            Set<String> scheduled = new HashSet<>();
            Set<String> completed = new HashSet<>();
            int[] lost = new int[3];
            List<String> runTerminations = new ArrayList<>();
            int scenarioRuns = 0;
            int suites = 0;
            int children = 0;
            for (Map.Entry<String, List<WorkflowExecutionInfo>> workflow : byWorkflow.entrySet()) {
                List<WorkflowExecutionStatus> statuses = workflow.getValue().stream()
                        .map(WorkflowExecutionInfo::getStatus).toList();
                if (statuses.stream().filter(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED::equals)
                        .count() != 1 || statuses.stream().anyMatch(status -> status
                        != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED
                        && status != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_CONTINUED_AS_NEW)) {
                    notEndedOnce.add(workflow.getKey() + " " + statuses);
                }
                String type = workflow.getValue().getFirst().getType().getName();
                if (type.equals("SuiteWorkflow")) {
                    suites++;
                } else if (workflow.getKey().startsWith("terminus-run-")) {
                    scenarioRuns++;
                } else {
                    children++;
                }
                for (WorkflowExecutionInfo execution : workflow.getValue()) {
                    List<HistoryEvent> events = server.client().fetchHistory(workflow.getKey(),
                            execution.getExecution().getRunId()).getEvents();
                    HistoryEvent last = events.getLast();
                    if (execution.getStatus() == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED
                            && (last.getEventType() != EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED
                            || last.getWorkflowExecutionCompletedEventAttributes().getResult()
                                    .getPayloadsCount() != 1)) {
                        notOneOutput.add(workflow.getKey());
                    }
                    toolCalls(events, scheduled, completed, lost);
                    if (workflow.getKey().startsWith("terminus-run-")
                            && last.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED) {
                        runTerminations.add(JSON.readTree(last.getWorkflowExecutionCompletedEventAttributes()
                                .getResult().getPayloads(0).getData().toByteArray()).path("termination")
                                .path("$kind").asText());
                    }
                }
            }
            Map<String, Long> executions = journal.stream()
                    .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
            int runAgain = (int) executions.values().stream().mapToLong(count -> count - 1).sum();
            Set<String> unrecorded = completed.stream().filter(key -> !executions.containsKey(key))
                    .collect(Collectors.toSet());
            Set<String> unknown = executions.keySet().stream().filter(key -> !scheduled.contains(key))
                    .collect(Collectors.toSet());
            List<String> failed = new ArrayList<>();
            List<String> printedTerminations = new ArrayList<>();
            int rowsWrong = 0;
            int rows = 0;
            int notPrintedOnce = 0;
            for (Ended ended : commands) {
                Printed printed = ended.printed();
                if (printed.status() != 0) {
                    failed.add("command " + ended.command().number() + ": " + printed.err().strip());
                }
                if (ended.command().out() == null) {
                    notPrintedOnce += printed.lines("Termination") == 1 ? 0 : 1;
                    printed.out().lines().filter(line -> line.startsWith("  Termination "))
                            .forEach(line -> printedTerminations.add(line.substring(14).strip()));
                    continue;
                }
                notPrintedOnce += printed.lines("Report") == 1 ? 0 : 1;
                Map<String, Long> pairs = ended.rows().stream()
                        .collect(Collectors.groupingBy(row -> row.task() + "#" + row.repeat(), Collectors.counting()));
                rowsWrong += (int) pairs.values().stream().mapToLong(count -> count - 1).sum()
                        + TASKS * REPEATS - pairs.size();
                rows += ended.rows().size();
            }
            runTerminations.sort(null);
            printedTerminations.sort(null);
            return new Figures(byWorkflow.size(), scenarioRuns, suites, children, rows, journal.size(),
                    completed.size(), lost[0], lost[1], lost[2], runAgain, unrecorded, unknown, notEndedOnce,
                    notOneOutput, failed, rowsWrong, notPrintedOnce, runTerminations, printedTerminations);
        }

        /**
         * Reads an execution's tool activities: the idempotency key each was scheduled with (its input's), and which
         * completed; counts the activities and workflow tasks that timed out.
         *
         * @param lost counts: tool calls, model calls, workflow tasks
         */
        private static void toolCalls(List<HistoryEvent> events, Set<String> scheduled, Set<String> completed,
                int[] lost) throws IOException {
            Map<Long, String> tools = new HashMap<>();
            Set<Long> models = new HashSet<>();
            for (HistoryEvent event : events) {
                switch (event.getEventType()) {
                    case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED -> {
                        var attributes = event.getActivityTaskScheduledEventAttributes();
                        if (attributes.getActivityType().getName().equals("TerminusCallTool")) {
                            String key = JSON.readTree(attributes.getInput().getPayloads(0).getData().toByteArray())
                                    .path("idempotencyKey").asText();
                            tools.put(event.getEventId(), key);
                            scheduled.add(key);
                        } else if (attributes.getActivityType().getName().equals("TerminusChat")) {
                            models.add(event.getEventId());
                        }
                    }
                    case EVENT_TYPE_ACTIVITY_TASK_COMPLETED -> {
                        String key = tools.get(event.getActivityTaskCompletedEventAttributes().getScheduledEventId());
                        if (key != null) {
                            completed.add(key);
                        }
                    }
                    case EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT -> {
                        long activity = event.getActivityTaskTimedOutEventAttributes().getScheduledEventId();
                        lost[0] += tools.containsKey(activity) ? 1 : 0;
                        lost[1] += models.contains(activity) ? 1 : 0;
                    }
                    case EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT -> lost[2]++;
                    default -> {
                        // other events tell nothing of lost work
                    }
                }
            }
        }
    }

    /** Limits that let a run go on through lost calls: no guard ends it, lost model calls are retried. */
    private static final String LIMITS = """
            {"maxIterations": 200, "maxToolCalls": 200, "noProgressThreshold": 0, "stallThreshold": 0,
             "maxConsecutiveMistakes": 0, "retries": {"maxRetries": 20, "initialBackoffMs": 100, "maxBackoffMs": 1000}}
            """;

    /** A run of {@value #ITERATIONS} tool-call iterations, each with a model delay and a tool delay, then an answer. */
    private static String longRun() {
        StringBuilder script = new StringBuilder();
        for (int i = 0; i < ITERATIONS; i++) {
            script.append("{\"delayMs\": 40, \"toolCalls\": [{\"name\": \"record\", \"arguments\": {\"entry\": ")
                    .append(i).append("}}]},\n");
        }
        return """
                {"name": "long run", "task": "Record every entry.", "repeatLast": true, "limits": %s,
                 "tools": [{"name": "record", "description": "Records an entry", "delayMs": 40, "result": "recorded"}],
                 "script": [%s{"text": "Recorded."}]}
                """.formatted(LIMITS, script);
    }

    /** {@value #TASKS} tasks of four tool-call iterations and a right answer, {@value #REPEATS} repeats each. */
    private static String suite() {
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < TASKS; i++) {
            StringBuilder script = new StringBuilder();
            for (int call = 0; call < 4; call++) {
                script.append("{\"delayMs\": 20, \"toolCalls\": [{\"name\": \"atlas\", \"arguments\": {\"q\": ")
                        .append(call).append("}}]}, ");
            }
            tasks.append(i == 0 ? "" : ",\n").append("{\"id\": \"t").append(i).append("\", \"input\": \"Q").append(i)
                    .append("?\", \"expected\": \"A").append(i).append("\", \"script\": [").append(script)
                    .append("{\"text\": \"A").append(i).append("\"}]}");
        }
        return """
                {"name": "killed workers", "repeats": %d, "concurrency": 8, "evaluator": {"type": "exact"},
                 "agent": {"system": "Answer with the code only.", "repeatLast": true, "limits": %s,
                           "tools": [{"name": "atlas", "description": "Looks a code up", "delayMs": 20,
                                      "result": "see the map"}],
                           "script": [{"text": "?"}]},
                 "tasks": [
                %s
                 ]}
                """.formatted(REPEATS, LIMITS, tasks);
    }
}
