package dev.terminus.eval;

import dev.terminus.Preconditions;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.control.RunClock;
import dev.terminus.eval.internal.BenchmarkRun;
import dev.terminus.eval.internal.BenchmarkSpec;
import dev.terminus.eval.internal.Subjects;
import dev.terminus.eval.spi.AttemptRunner;
import dev.terminus.eval.spi.Evaluator;
import dev.terminus.pipeline.Pipeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * A set of tasks, each run against an agent a number of repeats and judged by an evaluator, with one
 * {@link ReportRow} per task and repeat written to a JSON Lines report as it finishes. Immutable and thread-safe.
 *
 * {@snippet :
 * // given: ProgressListener progressBar
 * Benchmark benchmark = Benchmark.builder()
 *         .tasks(List.of(Task.of("add", "What is 2 + 2? Answer with the number only.").expecting("4"),
 *                        Task.of("capital", "What is the capital of Norway? One word.").expecting("Oslo")))
 *         .agentFactory(context -> context.agentBuilder(model)
 *                 .maxIterations(5)
 *                 .build())
 *         .evaluator(Evaluators.exactMatch())
 *         .repeats(3)
 *         .concurrency(8)
 *         .taskTimeout(Duration.ofMinutes(2))
 *         .retryPolicy(RetryPolicy.ofDefaults())           // RETRYABLE terminations only, backing off
 *         .capacityPolicy(CapacityPolicy.EXCLUDE)          // MaxIterationsReached & co. not in the pass rate
 *         .listener(progressBar)
 *         .build();
 * EvalReport report = benchmark.run(Path.of("report.jsonl"));
 * System.out.printf("pass rate %.2f over %d rows%n", report.summary().passRate(), report.summary().rows());
 * // later, after fixing what broke: run again only the rows that did not pass
 * EvalReport again = benchmark.rerun(Path.of("report.jsonl"), Path.of("report-2.jsonl"));
 * }
 *
 * <p><b>How a run goes.</b> The task runs (tasks times repeats, task by task) are taken in order by
 * {@code concurrency} virtual threads. Each attempt makes its environment's tools, its user and its agent, runs the
 * agent on the task's input and evaluates the result; {@link Status} says which outcome gives which status, and when
 * an attempt is retried. With a {@linkplain Builder#taskTimeout task timeout} every attempt runs on a virtual thread
 * of its own: at the timeout it is interrupted and abandoned (its agent run cancelled, the partial result awaited at
 * most {@linkplain Builder#interruptGrace the interrupt grace}), its row says {@code TASK_TIMEOUT} and the harness goes on.
 * Nothing a task does stops the benchmark or makes {@code run} throw.
 *
 * <p><b>The report</b> gets each row as a line, written in one write as the row finishes (forced to the disk when the
 * run ends, not row by row): a killed process loses no finished row and leaves at most a torn last line, and
 * {@link #resume} continues from what the file holds. An interrupt of the calling thread stops the
 * benchmark: no new task runs start, those in flight finish, and the report returned is not
 * {@linkplain EvalReport#complete() complete} (the interrupt is restored).
 *
 * <p><b>A pipeline as the subject.</b> Given a {@link PipelineFactory} instead of an agent factory, each attempt runs a
 * {@link Pipeline} on the task's input; {@link PipelineFactory} says what its row and its evaluator see.
 *
 * <p><b>Attempts run elsewhere.</b> Given an {@link AttemptRunner} instead of an agent factory, the benchmark makes
 * no agents: the runner runs each attempt (on a durable engine's workers, say) and hands back its run's result, which
 * is graded, retried and written exactly as a local run's. The runner applies the task timeout itself.
 */
public final class Benchmark {
    /** How long a run cancelled at its task's timeout may take to hand back its partial result, by default. */
    public static final Duration DEFAULT_INTERRUPT_GRACE = Duration.ofSeconds(1);

    private final BenchmarkSpec spec;

    private Benchmark(BenchmarkSpec spec) {
        this.spec = spec;
    }

    /** @return a builder: 1 repeat, concurrency 4, no timeout, no retries, capacity stops evaluated */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs every task and repeat, keeping the rows in memory only.
     *
     * @return every row, in the benchmark's order, and their summary
     */
    public EvalReport run() {
        try {
            return BenchmarkRun.run(spec, null, null);
        } catch (IOException e) {
            throw new IllegalStateException("no report is written or read, yet: " + e.getMessage(), e);
        }
    }

    /**
     * Runs every task and repeat, streaming the rows to a JSON Lines report.
     *
     * @param report the report file, created or replaced; its directory must exist (the benchmark's identity, if
     *     any, is recorded beside it first)
     * @return every row, in the benchmark's order (the file has them in the order they finished), and their summary
     * @throws IOException when the report cannot be created, or a row cannot be written: then no new task runs start,
     *     those in flight finish, and the rows written before stay in the file
     * @throws IllegalStateException when the {@linkplain AttemptRunner#begin attempt runner cannot begin}: no row is
     *     written then
     */
    public EvalReport run(Path report) throws IOException {
        return BenchmarkRun.run(spec, Preconditions.notNull(report, "report"), null);
    }

    /**
     * Runs again the task runs a previous report says did not work or did not pass, and keeps the others: a row is
     * kept when its status is {@code SUCCESS} and its evaluation did not fail (passed or excluded; see
     * {@link ReportRow#needsRerun()}). Task runs the previous report has no row for (it was cut short) are run too.
     * Rows of tasks or repeats this benchmark does not have are dropped; of several rows for one task run, the last
     * counts. The new report gets the kept rows first, unchanged, then the new rows as they finish.
     *
     * @param previous the previous report
     * @param report the new report, created or replaced; it must not be the previous one
     * @return every row, kept and new, in the benchmark's order; {@link EvalReport#kept()} counts the kept ones, and
     *     the progress listeners hear only the new task runs
     * @throws IOException when the previous report cannot be read (or a line of it is not a row), or the new one
     *     cannot be written
     * @throws IllegalArgumentException when both are the same file
     */
    public EvalReport rerun(Path previous, Path report) throws IOException {
        Preconditions.notNull(previous, "previous");
        Preconditions.notNull(report, "report");
        if (previous.toAbsolutePath().normalize().equals(report.toAbsolutePath().normalize())
                || (Files.exists(report) && Files.isSameFile(previous, report))) {
            throw new IllegalArgumentException("report must not be the previous report (" + previous
                    + "): the rows to keep would be overwritten while they are read; write a new file");
        }
        return BenchmarkRun.run(spec, report, previous);
    }

    /**
     * Continues a report an interrupted run of this benchmark wrote (a killed process, say): keeps every row it
     * holds whatever its status, runs only the task runs it has no row for and appends their rows, so the report
     * ends with one row per task and repeat. A finished report runs nothing; a missing one runs everything.
     *
     * <p>A damaged report is repaired before anything runs, each repair told to {@code notices} in one line: a torn
     * last line (no line break, not a row) is cut off; rows of tasks or repeats this benchmark does not have are
     * dropped; of several rows for one task run the last is kept (the file is then replaced atomically by the kept
     * rows, in order). Any other line that is not a row is an error, and the report is left as it is. When this
     * benchmark has an {@linkplain Builder#identity identity}, a report recorded under another one, or holding rows
     * but recording none, is refused before anything is written.
     *
     * @param report the report to continue
     * @param notices hears one line per repair, before any task run starts
     * @return every row, kept and new, in the benchmark's order; {@link EvalReport#kept()} counts the kept ones, and
     *     the progress listeners hear only the new task runs
     * @throws IOException when the report cannot be read (or a line of it other than a torn last line is not a row),
     *     or cannot be written
     * @throws IllegalArgumentException when the report was written by another benchmark (see above)
     */
    public EvalReport resume(Path report, Consumer<String> notices) throws IOException {
        Preconditions.notNull(report, "report");
        Preconditions.notNull(notices, "notices");
        return BenchmarkRun.resume(spec, report, notices);
    }

    /**
     * The same benchmark with its attempts run by a runner instead of its agent or pipeline factory (which is not
     * called): every other setting, the evaluator, retries, concurrency and task timeout included, stays.
     *
     * @param runner runs the attempts
     * @return the benchmark on the runner
     * @throws IllegalArgumentException when the benchmark has an environment or a user simulator, which a runner's
     *     attempts could not be given
     */
    public Benchmark withAttemptRunner(AttemptRunner runner) {
        Preconditions.notNull(runner, "attemptRunner");
        Subjects.refuseEnvironment(spec.environment(), spec.users());
        BenchmarkSpec s = spec;
        return new Benchmark(new BenchmarkSpec(s.tasks(), null, null, null, null, s.evaluator(), s.repeats(),
                s.concurrency(), s.taskTimeout(), s.interruptGrace(), s.retry(), s.capacityPolicy(), s.listeners(),
                s.json(), s.clock(), runner, s.identity()));
    }

    /** @return the tasks, in order */
    public List<Task> tasks() {
        return spec.tasks();
    }

    /** @return the runs per task */
    public int repeats() {
        return spec.repeats();
    }

    @Override
    public String toString() {
        return "Benchmark[tasks=" + spec.tasks().size() + ", repeats=" + spec.repeats() + ", concurrency="
                + spec.concurrency() + "]";
    }

    /** Builds a {@link Benchmark}; every method refuses a bad value at once, naming it. */
    public static final class Builder {
        private final List<Task> tasks = new ArrayList<>();
        private final Set<String> ids = new HashSet<>();
        private @Nullable AgentFactory agents;
        private @Nullable PipelineFactory pipelines;
        private @Nullable AttemptRunner runner;
        private @Nullable Environment environment;
        private @Nullable UserSimulatorFactory users;
        private @Nullable Evaluator evaluator;
        private int repeats = 1;
        private int concurrency = 4;
        private @Nullable Duration taskTimeout;
        private Duration interruptGrace = DEFAULT_INTERRUPT_GRACE;
        private RetryPolicy retry = RetryPolicy.none();
        private RunClock clock = RunClock.system();
        private CapacityPolicy capacityPolicy = CapacityPolicy.EVALUATE;
        private final List<ProgressListener> listeners = new ArrayList<>();
        private ReportJson json = ReportJson.ofDefaults();
        private @Nullable String identity;

        private Builder() {}

        /** @param task the next task; its id must be unique @return this builder */
        public Builder task(Task task) {
            Preconditions.notNull(task, "task");
            if (!ids.add(task.id())) {
                throw new IllegalArgumentException("task id \"" + task.id() + "\" is used twice");
            }
            tasks.add(task);
            return this;
        }

        /** @param tasks the next tasks, ids unique @return this builder */
        public Builder tasks(List<Task> tasks) {
            Preconditions.notNull(tasks, "tasks");
            for (int i = 0; i < tasks.size(); i++) {
                task(Preconditions.notNull(tasks.get(i), "tasks[" + i + "]"));
            }
            return this;
        }

        /** @param factory makes the agent of every attempt @return this builder */
        public Builder agentFactory(AgentFactory factory) {
            this.agents = Preconditions.notNull(factory, "agentFactory");
            return this;
        }

        /** @param agent one agent for every task ({@link AgentFactory#shared}) @return this builder */
        public Builder agent(Agent agent) {
            return agentFactory(AgentFactory.shared(Preconditions.notNull(agent, "agent")));
        }

        /**
         * @param factory makes the pipeline every attempt runs instead of an agent (see {@link PipelineFactory})
         * @return this builder
         */
        public Builder pipelineFactory(PipelineFactory factory) {
            this.pipelines = Preconditions.notNull(factory, "pipelineFactory");
            return this;
        }

        /** @param pipeline one pipeline for every task ({@link PipelineFactory#shared}) @return this builder */
        public Builder pipeline(Pipeline pipeline) {
            return pipelineFactory(PipelineFactory.shared(Preconditions.notNull(pipeline, "pipeline")));
        }

        /**
         * @param runner runs every attempt elsewhere and hands back its run's result, instead of an agent factory
         *     (see {@link AttemptRunner})
         * @return this builder
         */
        public Builder attemptRunner(AttemptRunner runner) {
            this.runner = Preconditions.notNull(runner, "attemptRunner");
            return this;
        }

        /** @param environment makes every attempt's tools (none by default) @return this builder */
        public Builder environment(Environment environment) {
            this.environment = Preconditions.notNull(environment, "environment");
            return this;
        }

        /** @param users makes every attempt's simulated user (none by default) @return this builder */
        public Builder userSimulators(UserSimulatorFactory users) {
            this.users = Preconditions.notNull(users, "userSimulators");
            return this;
        }

        /** @param evaluator judges the runs @return this builder */
        public Builder evaluator(Evaluator evaluator) {
            this.evaluator = Preconditions.notNull(evaluator, "evaluator");
            return this;
        }

        /** @param repeats runs per task, at least 1 (1 by default) @return this builder */
        public Builder repeats(int repeats) {
            this.repeats = atLeast(repeats, 1, "repeats");
            return this;
        }

        /** @param concurrency task runs at once, at least 1 (4 by default) @return this builder */
        public Builder concurrency(int concurrency) {
            this.concurrency = atLeast(concurrency, 1, "concurrency");
            return this;
        }

        /**
         * @param timeout the longest one attempt of a task may take, setup and evaluation included; positive (no
         *     limit by default)
         * @return this builder
         */
        public Builder taskTimeout(Duration timeout) {
            if (Preconditions.notNull(timeout, "taskTimeout").isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("taskTimeout must be > 0, was " + timeout);
            }
            this.taskTimeout = timeout;
            return this;
        }

        /**
         * @param grace how long a run cancelled at its task's timeout may take to hand back its partial result (its
         *     termination, usage and cost for the row); not negative, {@link #DEFAULT_INTERRUPT_GRACE} by default
         * @return this builder
         */
        public Builder interruptGrace(Duration grace) {
            this.interruptGrace = Preconditions.nonNegative(grace, "interruptGrace");
            return this;
        }

        /**
         * @param policy how an attempt that ended with a {@code RETRYABLE} termination is tried again: how many more
         *     times, after which backoff ({@link RetryPolicy#none()} by default)
         * @return this builder
         */
        public Builder retryPolicy(RetryPolicy policy) {
            this.retry = Preconditions.notNull(policy, "retryPolicy");
            return this;
        }

        /**
         * @param clock the clock the benchmark reads its time from and waits on (the task timeout, retry backoffs,
         *     durations); {@link RunClock#system()} by default. The agents the factory makes should read the same
         *     clock: a timed-out run's partial result is awaited for the grace on the run's own clock
         * @return this builder
         */
        public Builder clock(RunClock clock) {
            this.clock = Preconditions.notNull(clock, "clock");
            return this;
        }

        /** @param policy evaluate or exclude capacity stops ({@code EVALUATE} by default) @return this builder */
        public Builder capacityPolicy(CapacityPolicy policy) {
            this.capacityPolicy = Preconditions.notNull(policy, "capacityPolicy");
            return this;
        }

        /** @param listener hears the progress, after the ones added before it @return this builder */
        public Builder listener(ProgressListener listener) {
            listeners.add(Preconditions.notNull(listener, "listener"));
            return this;
        }

        /** @param json the report's row format, e.g. with the agents' extension cases @return this builder */
        public Builder reportJson(ReportJson json) {
            this.json = Preconditions.notNull(json, "reportJson");
            return this;
        }

        /**
         * @param identity what this benchmark is, such as a digest of the document it was made from (none by
         *     default): {@link Benchmark#run(Path)} records it beside the report, in {@code <report>.identity}, and
         *     {@link Benchmark#resume} refuses a report recorded under another one. One line of text, not blank
         * @return this builder
         */
        public Builder identity(String identity) {
            Preconditions.notNull(identity, "identity");
            if (identity.isBlank() || identity.contains("\n") || identity.contains("\r")) {
                throw new IllegalArgumentException("identity must be one line of text, not blank, was \""
                        + identity + "\"");
            }
            this.identity = identity;
            return this;
        }

        /**
         * @return the benchmark
         * @throws IllegalArgumentException when it has no task, no evaluator, not exactly one of an agent factory, a
         *     pipeline factory and an attempt runner, or a shared agent or pipeline or an attempt runner comes with an
         *     environment or a user simulator it could not be given
         */
        public Benchmark build() {
            if (tasks.isEmpty()) {
                throw new IllegalArgumentException("tasks: the benchmark has none, add at least one");
            }
            Subjects.check(agents, pipelines, runner, environment, users);
            if (evaluator == null) {
                throw new IllegalArgumentException("evaluator: not set, give one (e.g. Evaluators.exactMatch())");
            }
            if ((long) tasks.size() * repeats > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("repeats: " + tasks.size() + " tasks times " + repeats
                        + " repeats is more task runs than a report can hold");
            }
            return new Benchmark(new BenchmarkSpec(List.copyOf(tasks), agents, pipelines, environment, users,
                    evaluator, repeats, concurrency, taskTimeout, interruptGrace, retry, capacityPolicy,
                    List.copyOf(listeners), json, clock, runner, identity));
        }

        private static int atLeast(int value, int min, String setting) {
            if (value < min) {
                throw new IllegalArgumentException(setting + " must be >= " + min + ", was " + value);
            }
            return value;
        }
    }
}
