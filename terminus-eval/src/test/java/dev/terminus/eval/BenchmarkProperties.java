package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Tools;
import dev.terminus.agent.UserTurn;
import dev.terminus.agent.control.ManualClock;
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
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
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
     * The task timeout, on a manual clock that {@link Hangs} moves only once every task run in flight hangs: only the
     * hanging tasks reach it, however slowly a busy machine runs the others (on real time, a task that took 75 ms to
     * make its agent timed out).
     */
    private static final Duration TASK_TIMEOUT = Duration.ofMillis(75);

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
        Hangs hangs = new Hangs(new ManualClock());
        Benchmark benchmark = suite(tasks, repeats, concurrency, retries, policy, hangs);
        Path report = Files.createTempFile("terminus-eval", ".jsonl");

        try {
            // when
            EvalReport result = hangs.drive(() -> benchmark.run(report));

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
            @org.jspecify.annotations.Nullable Hangs hangs) {
        Benchmark.Builder builder = Benchmark.builder();
        if (hangs != null) {
            builder.taskTimeout(TASK_TIMEOUT).clock(hangs.clock).listener(hangs);
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
                .agentFactory(context -> agentFor(context, hangs))
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

    private static Agent agentFor(TaskContext context, @org.jspecify.annotations.Nullable Hangs hangs) {
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
            case HANG -> context.agentBuilder(FunctionModel.of(request -> {
                java.util.Objects.requireNonNull(hangs, "a hang needs its clock's driver").hang();
                throw new AssertionError("a hang ends only by its interrupt");
            })).config(config).build();
            case RIGHT, ENVIRONMENT, USER, EVALUATOR -> context.agentBuilder(ScriptedModel.builder()
                    .text(task.expected()).build()).config(config).build();
        };
    }

    /**
     * Moves the benchmark's clock past the task timeout only when every task run in flight hangs in its model, and
     * then only once per change: no run that would end on its own can be in flight when the timeout passes. A task run
     * counts as in flight from its start (reported before its attempt arms its timeout, and held back while the clock
     * moves) to its row (reported after the timeout is disarmed).
     */
    static final class Hangs implements ProgressListener {
        final ManualClock clock;
        private final Object lock = new Object();
        private int inFlight;
        private int hanging;
        private long changes;
        private boolean done;

        Hangs(ManualClock clock) {
            this.clock = clock;
        }

        @Override
        public void taskStarted(Progress progress, Task task, int repeat) {
            synchronized (lock) {
                inFlight++;
                changed();
            }
        }

        @Override
        public void taskFinished(Progress progress, ReportRow row) {
            synchronized (lock) {
                inFlight--;
                changed();
            }
        }

        /** A hanging model's call: counted while it waits for the interrupt that the timeout brings. */
        void hang() throws InterruptedException {
            synchronized (lock) {
                hanging++;
                changed();
            }
            try {
                new CountDownLatch(1).await();
            } finally {
                synchronized (lock) {
                    hanging--;
                    changed();
                }
            }
        }

        private void changed() {
            changes++;
            lock.notifyAll();
        }

        /** Runs the benchmark on a thread of its own, moving the clock on this one. */
        <T> T drive(Callable<T> work) throws IOException {
            CompletableFuture<T> result = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    result.complete(work.call());
                } catch (Throwable failure) {
                    result.completeExceptionally(failure);
                } finally {
                    synchronized (lock) {
                        done = true;
                        changed();
                    }
                }
            });
            synchronized (lock) {
                long seen = -1;
                while (!done) {
                    if (changes != seen && inFlight > 0 && hanging == inFlight) {
                        seen = changes;
                        clock.advance(TASK_TIMEOUT);
                    } else {
                        waitUninterruptibly();
                    }
                }
            }
            try {
                return result.get();
            } catch (InterruptedException | ExecutionException e) {
                throw new IllegalStateException("the benchmark broke down", e);
            }
        }

        private void waitUninterruptibly() {
            try {
                lock.wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while driving the clock", e);
            }
        }
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
