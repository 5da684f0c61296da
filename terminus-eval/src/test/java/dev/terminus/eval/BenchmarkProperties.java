package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Tools;
import dev.terminus.agent.UserTurn;
import dev.terminus.scripted.FunctionModel;
import dev.terminus.scripted.ScriptedModel;
import dev.terminus.test.ScaledTries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.BeforeContainer;

/** Random benchmarks of real agent runs: every task run gets exactly one row, whatever happens in it. */
class BenchmarkProperties {
    /**
     * The task timeout: only the hanging tasks reach it (every other task's run takes a fraction of a millisecond once
     * the classes are loaded, see {@link #loadTheClassesOfARun}), so it is what a suite with a hang costs, and it is
     * kept short for the 2,000 suites of a build.
     */
    private static final long TASK_TIMEOUT_MILLIS = 75;

    /**
     * Runs one suite of every kind but the hang before the tries, without a timeout, so that no try's first run pays
     * for loading the classes of the loop, the harness and the report against its task timeout.
     */
    @BeforeContainer
    static void loadTheClassesOfARun() throws IOException {
        List<Task> tasks = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            if (kind != Kind.HANG) {
                tasks.add(new Task("w" + kind.ordinal(), "Answer", "a", Map.of("kind", kind)));
            }
        }
        Path report = Files.createTempFile("terminus-eval-warm-up", ".jsonl");
        try {
            assertThat(suite(tasks, 1, 1, 1, CapacityPolicy.values()[0], null).run(report).rows())
                    .hasSize(tasks.size());
        } finally {
            Files.deleteIfExists(report);
        }
    }

    /** What a task does; its kind is in its metadata. */
    enum Kind { RIGHT, WRONG, CRASH, AUTH, CAPPED, SETUP, ENVIRONMENT, USER, EVALUATOR, HANG }

    @Provide
    Arbitrary<Kind> kinds() {
        List<Tuple.Tuple2<Integer, Kind>> weighted = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            weighted.add(Tuple.of(kind == Kind.HANG ? 1 : 8, kind)); // a hang in about one suite of ten
        }
        return Arbitraries.frequency(weighted);
    }

    @Property(shrinking = ShrinkingMode.BOUNDED)
    @ScaledTries(2_000)
    void everyTaskRunGetsExactlyOneRowWithTheStatusItsOutcomeGivesAndThePassRateIsPassedOverEvaluated(
            @ForAll @Size(min = 1, max = 8) List<@From("kinds") Kind> kinds,
            @ForAll @IntRange(min = 1, max = 3) int repeats, @ForAll @IntRange(min = 1, max = 4) int concurrency,
            @ForAll @IntRange(min = 0, max = 2) int retries, @ForAll CapacityPolicy policy) throws IOException {
        // given
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < kinds.size(); i++) {
            tasks.add(new Task("t" + i, "Answer " + i, "a" + i, Map.of("kind", kinds.get(i))));
        }
        Benchmark benchmark = suite(tasks, repeats, concurrency, retries, policy,
                Duration.ofMillis(TASK_TIMEOUT_MILLIS));
        Path report = Files.createTempFile("terminus-eval", ".jsonl");

        try {
            // when
            EvalReport result = benchmark.run(report);

            // then
            assertThat(result.rows()).hasSize(kinds.size() * repeats);
            Set<String> runs = new HashSet<>();
            result.rows().forEach(row -> runs.add(row.task() + "/" + row.repeat()));
            assertThat(runs).hasSize(kinds.size() * repeats);
            assertThat(ReportReader.read(report)).containsExactlyInAnyOrderElementsOf(result.rows());
            for (ReportRow row : result.rows()) {
                Kind kind = kinds.get(Integer.parseInt(row.task().substring(1)));
                assertThat(row.status()).as("%s: %s", kind, row).isEqualTo(statusOf(kind));
                assertThat(row.verdict()).as("%s: %s", kind, row).isEqualTo(verdictOf(kind, policy));
                assertThat(row.attempt()).as("%s: %s", kind, row).isEqualTo(kind == Kind.CRASH ? 1 + retries : 1);
            }
            Summary summary = result.summary();
            assertThat(summary.passRate()).isEqualTo(summary.evaluated() == 0 ? 0.0
                    : (double) summary.passed() / summary.evaluated());
            assertThat(summary.passed() + summary.failed()).isEqualTo(summary.evaluated());
            assertThat(summary.evaluated() + summary.excluded() + summary.notEvaluated()).isEqualTo(summary.rows());
        } finally {
            Files.deleteIfExists(report);
        }
    }

    private static Benchmark suite(List<Task> tasks, int repeats, int concurrency, int retries, CapacityPolicy policy,
            @org.jspecify.annotations.Nullable Duration timeout) {
        Benchmark.Builder builder = Benchmark.builder();
        if (timeout != null) {
            builder.taskTimeout(timeout);
        }
        return builder.tasks(tasks).repeats(repeats).concurrency(concurrency)
                .retryPolicy(RetryPolicy.immediate(retries)).capacityPolicy(policy)
                .interruptGrace(Duration.ofMillis(500))
                .environment(task -> {
                    if (kindOf(task) == Kind.ENVIRONMENT) {
                        throw new IllegalStateException("environment down");
                    }
                    return List.of(Tools.of("lookup", "Looks up", (arguments, run) -> "found"));
                })
                .userSimulators(task -> (run, answer) -> {
                    if (kindOf(task) == Kind.USER) {
                        throw new IllegalStateException("user broke");
                    }
                    return UserTurn.satisfied(null);
                })
                .agentFactory(BenchmarkProperties::agentFor)
                .evaluator((task, run) -> {
                    if (kindOf(task) == Kind.EVALUATOR) {
                        throw new IllegalStateException("grader broke");
                    }
                    return Evaluators.exactMatch().evaluate(task, run);
                })
                .build();
    }

    private static Kind kindOf(Task task) {
        return (Kind) task.metadata().get("kind");
    }

    private static Agent agentFor(TaskContext context) {
        Task task = context.task();
        AgentConfig config = AgentConfig.custom().maxIterations(2).retryPolicy(RetryPolicy.none()).build();
        return switch (kindOf(task)) {
            case SETUP -> throw new IllegalStateException("no agent");
            case WRONG -> context.agentBuilder(ScriptedModel.builder().text("wrong").build()).config(config).build();
            case CRASH -> context.agentBuilder(FunctionModel.of(request -> {
                throw new IllegalStateException("model crashed");
            })).config(config).build();
            case AUTH -> context.agentBuilder(ScriptedModel.builder().authFailure(401).build()).config(config).build();
            case CAPPED -> context.agentBuilder(ScriptedModel.builder().toolCall("lookup", Map.of("q", "x"))
                    .thenRepeatLast().build()).config(config).build();
            case HANG -> context.agentBuilder(ScriptedModel.builder().hang().build()).config(config).build();
            case RIGHT, ENVIRONMENT, USER, EVALUATOR -> context.agentBuilder(ScriptedModel.builder()
                    .text(task.expected()).build()).config(config).build();
        };
    }

    private static Status statusOf(Kind kind) {
        return switch (kind) {
            case RIGHT, WRONG, CAPPED -> Status.SUCCESS;
            case CRASH, AUTH -> Status.AGENT_ERROR;
            case SETUP -> Status.SETUP_FAILED;
            case ENVIRONMENT -> Status.ENVIRONMENT_ERROR;
            case USER -> Status.USER_ERROR;
            case EVALUATOR -> Status.EVALUATION_FAILED;
            case HANG -> Status.TASK_TIMEOUT;
        };
    }

    private static ReportRow.Verdict verdictOf(Kind kind, CapacityPolicy policy) {
        return switch (kind) {
            case RIGHT -> ReportRow.Verdict.PASSED;
            case WRONG -> ReportRow.Verdict.FAILED;
            case CAPPED -> policy == CapacityPolicy.EXCLUDE ? ReportRow.Verdict.EXCLUDED : ReportRow.Verdict.FAILED;
            default -> ReportRow.Verdict.NOT_EVALUATED;
        };
    }
}
