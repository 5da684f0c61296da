package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.eval.Benchmark;
import dev.terminus.eval.Component;
import dev.terminus.eval.EvalReport;
import dev.terminus.eval.Evaluators;
import dev.terminus.eval.Progress;
import dev.terminus.eval.ProgressListener;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Status;
import dev.terminus.eval.Task;
import dev.terminus.scripted.FunctionModel;
import dev.terminus.temporal.wire.SuiteOutput;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.WorkerFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite run as workflows on two workers gives the rows the same suite gives run locally by the harness, streams
 * them to the report as their children finish, runs no finished child again when started twice with one id, and
 * records a failed or missing child as a row.
 */
@Timeout(60)
class TemporalSuiteRunnerTest {
    private static final String QUEUE = "terminus-suites";
    private static final List<Task> TASKS = List.of(Task.of("add", "What is 2 + 2?").expecting("4"),
            Task.of("capital", "What is the capital of Norway?").expecting("Oslo"),
            Task.of("broken", "Call the broken provider").expecting("anything"),
            Task.of("flaky", "Answer after one outage").expecting("ok"));

    /** Every model call, over every run and worker: the activities' real calls. */
    private final AtomicInteger calls = new AtomicInteger();
    /** Calls per task input, so that the flaky task fails on its first call only. */
    private final Map<String, AtomicInteger> callsByTask = new ConcurrentHashMap<>();
    private TestWorkflowEnvironment environment;
    private WorkerFactory secondWorker;

    @TempDir
    Path dir;

    /** Answers from the request's transcript alone, so one model serves every run at once. */
    private ModelResponse answer(ModelRequest request) {
        calls.incrementAndGet();
        String task = request.messages().stream().filter(Message.User.class::isInstance)
                .map(m -> ((Message.User) m).content()).findFirst().orElseThrow();
        int call = callsByTask.computeIfAbsent(task, t -> new AtomicInteger()).incrementAndGet();
        if (task.contains("2 + 2")) {
            return ModelResponse.text("4", Usage.of(10, 5));
        }
        if (task.contains("broken")) {
            throw new IllegalStateException("the provider exploded");
        }
        if (task.contains("outage") && call == 1) {
            throw new IllegalStateException("the provider is down for a moment");
        }
        return ModelResponse.text(task.contains("outage") ? "ok" : "Paris", Usage.of(10, 5));
    }

    private Agent agent(AgentMaterials materials) {
        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                .config(AgentConfig.custom().retryPolicy(RetryPolicy.none()).build()).build();
    }

    @BeforeEach
    void startTwoWorkers() {
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.ofDefaults()).build())
                .setUseTimeskipping(true).build());
        AgentRecipes recipes = AgentRecipes.builder()
                .agent("solver", FunctionModel.of(this::answer), List.of(), this::agent).build();
        io.temporal.worker.Worker first = environment.newWorker(QUEUE);
        AgentWorkflows.register(first, recipes, environment.getWorkflowClient());
        SuiteWorkflows.register(first);
        secondWorker = WorkerFactory.newInstance(environment.getWorkflowClient());
        io.temporal.worker.Worker second = secondWorker.newWorker(QUEUE);
        AgentWorkflows.register(second, recipes, secondWorker.getWorkflowClient());
        SuiteWorkflows.register(second);
        environment.start();
        secondWorker.start();
    }

    @AfterEach
    void stopTheWorkers() {
        secondWorker.shutdownNow();
        environment.close();
    }

    private WorkflowClient client() {
        return environment.getWorkflowClient();
    }

    private Benchmark.Builder suite() {
        return Benchmark.builder().tasks(TASKS).evaluator(Evaluators.exactMatch()).repeats(2).concurrency(3)
                .retryPolicy(RetryPolicy.immediate(1));
    }

    private static List<ReportRow> withoutDurations(List<ReportRow> rows) {
        return rows.stream().map(row -> row.toBuilder().durationMs(0).build()).toList();
    }

    @Test
    void aSuiteRunAsWorkflowsGivesTheRowsOfTheSameSuiteRunLocally() throws IOException {
        // given
        FunctionModel model = FunctionModel.of(this::answer);
        EvalReport local = suite().concurrency(1).agentFactory(context -> agent(new AgentMaterials(model, List.of(),
                dev.terminus.agent.control.RunClock.system()))).build().run(dir.resolve("local.jsonl"));
        callsByTask.clear();

        // when
        EvalReport remote = TemporalSuiteRunner.run(client(), QUEUE, "suite-1", suite().concurrency(1).agent(Agent.builder(model)
                .build()).build(), task -> "solver", dir.resolve("report.jsonl"));

        // then
        assertThat(withoutDurations(remote.rows())).isEqualTo(withoutDurations(local.rows()));
        assertThat(remote.rows()).extracting(row -> row.task() + ":" + row.status() + ":" + row.verdict() + ":"
                + row.attempt()).containsExactly("add:SUCCESS:PASSED:1", "add:SUCCESS:PASSED:1",
                "capital:SUCCESS:FAILED:1", "capital:SUCCESS:FAILED:1", "broken:AGENT_ERROR:NOT_EVALUATED:2",
                "broken:AGENT_ERROR:NOT_EVALUATED:2", "flaky:SUCCESS:PASSED:2", "flaky:SUCCESS:PASSED:1");
        assertThat(withoutDurations(ReportReader.read(dir.resolve("report.jsonl"))))
                .containsExactlyInAnyOrderElementsOf(withoutDurations(local.rows()));
    }

    @Test
    void aFailedRunIsRecordedAsALocalFailedAttemptIsWithItsErrorAndUsage() throws IOException {
        // when
        EvalReport report = TemporalSuiteRunner.run(client(), QUEUE, "suite-failed",
                Benchmark.builder().task(TASKS.get(2)).evaluator(Evaluators.exactMatch()).agent(
                        Agent.builder(FunctionModel.of(this::answer)).build()).build(),
                task -> "solver", dir.resolve("report.jsonl"));

        // then
        assertThat(report.rows()).singleElement().satisfies(row -> {
            assertThat(row.status()).isEqualTo(Status.AGENT_ERROR);
            assertThat(row.error().component()).isEqualTo(Component.AGENT);
            assertThat(row.error().message()).contains("the provider exploded");
            assertThat(row.termination()).isInstanceOf(dev.terminus.Termination.Failed.class);
            assertThat(row.attempt()).isEqualTo(1);
        });
    }

    @Test
    void rowsReachTheReportFileAsTheirChildrenFinish() throws IOException {
        // given: at each finished row, the lines the report holds
        Path report = dir.resolve("report.jsonl");
        List<String> seen = new CopyOnWriteArrayList<>();
        ProgressListener watcher = new ProgressListener() {
            @Override
            public void taskFinished(Progress progress, ReportRow row) {
                try {
                    seen.add(progress.finished() + "/" + Files.readAllLines(report).size());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };

        // when
        TemporalSuiteRunner.run(client(), QUEUE, "suite-streamed", suite().concurrency(1).listener(watcher)
                .agent(Agent.builder(FunctionModel.of(this::answer)).build()).build(), task -> "solver", report);

        // then: the n-th row was in the file when it finished, and no later one
        assertThat(seen).containsExactly("1/1", "2/2", "3/3", "4/4", "5/5", "6/6", "7/7", "8/8");
    }

    @Test
    void aSuiteStartedAgainWithItsIdRunsNoFinishedRowAgainAndGivesTheSameReport() throws IOException {
        // given
        Benchmark benchmark = suite().agent(Agent.builder(FunctionModel.of(this::answer)).build()).build();
        EvalReport first = TemporalSuiteRunner.run(client(), QUEUE, "suite-twice", benchmark, task -> "solver",
                dir.resolve("first.jsonl"));
        client().newUntypedWorkflowStub("suite-twice").getResult(SuiteOutput.class); // the first start has ended
        int callsOfTheFirst = calls.get();

        // when
        EvalReport second = TemporalSuiteRunner.run(client(), QUEUE, "suite-twice", benchmark, task -> "solver",
                dir.resolve("second.jsonl"));

        // then
        assertThat(calls.get()).isEqualTo(callsOfTheFirst);
        assertThat(withoutDurations(second.rows())).isEqualTo(withoutDurations(first.rows()));
        SuiteOutput output = client().newUntypedWorkflowStub("suite-twice").getResult(SuiteOutput.class);
        assertThat(output.rows()).allSatisfy(row -> assertThat(row.reused()).isEqualTo(row.attempts()));
        assertThat(output.rows()).extracting(SuiteOutput.Row::workflowId).contains("suite-twice/add/0",
                "suite-twice/add/1", "suite-twice/broken/0/attempt-2");
    }

    @Test
    void aChildThatFailsWithoutAnOutputIsAnUnknownExecutionErrorNamingIt() throws IOException {
        // when: the workers have no agent of that name
        EvalReport report = TemporalSuiteRunner.run(client(), QUEUE, "suite-unknown",
                Benchmark.builder().task(TASKS.getFirst()).evaluator(Evaluators.exactMatch())
                        .agent(Agent.builder(FunctionModel.of(this::answer)).build()).build(),
                task -> "nobody", dir.resolve("report.jsonl"));

        // then
        assertThat(report.rows()).singleElement().satisfies(row -> {
            assertThat(row.status()).isEqualTo(Status.UNKNOWN_EXECUTION_ERROR);
            assertThat(row.termination()).isNull();
            assertThat(row.error().message()).startsWith("workflow suite-unknown/add/0 ended without an output")
                    .contains("no agent is registered as \"nobody\"");
        });
        assertThat(calls.get()).isZero();
        WorkflowStub suite = client().newUntypedWorkflowStub("suite-unknown");
        assertThat(suite.getResult(SuiteOutput.class).rows()).singleElement()
                .satisfies(row -> assertThat(row.category()).isNull());
    }
}
