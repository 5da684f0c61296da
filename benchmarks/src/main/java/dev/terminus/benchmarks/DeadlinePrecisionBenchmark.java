package dev.terminus.benchmarks;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * How precisely a run stops: the time from the deadline, or from the request to cancel, to the caller holding the
 * result. Each measured operation is one run (single shot), 10,000 of them per configuration, so JMH's percentiles
 * are the distribution over 10,000 runs.
 *
 * <ul>
 *   <li>{@link #deadline()}: {@code Agent.run} with a {@value #BUDGET_MS} ms time budget whose call never ends by
 *       itself; the overshoot is the reported time minus {@value #BUDGET_MS} ms (the run's own start-up, a few
 *       microseconds, is in it too).</li>
 *   <li>{@link #cancelByInterruptingTheCaller()}: a platform thread is in {@code Agent.run} (60 s budget), inside the
 *       call; the measured time is from {@code Thread.interrupt()} of that thread to its return with the result
 *       ({@code Cancelled}).</li>
 *   <li>{@link #cancelRunHandle()}: {@code Agent.start}, inside the call; the measured time is from
 *       {@code RunHandle.cancel()} to {@code await()} returning the result.</li>
 * </ul>
 *
 * <p>The call is a model that blocks interruptibly ({@code Thread.sleep}), or a tool declared
 * {@linkplain Tools#uninterruptible(Tool) uninterruptible} that ignores interrupts for 200 ms. Each configuration runs
 * with both {@link TimeBudgetEnforcement}s and the default {@link AgentConfig#DEFAULT_INTERRUPT_GRACE}. Every result is
 * checked: a run that ends in another termination stops the benchmark.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 500)
@Measurement(iterations = 10_000)
@Fork(1)
public class DeadlinePrecisionBenchmark {
    static final long BUDGET_MS = 5;
    private static final String TASK = "Wait for it.";
    private static final long DEAF_NANOS = 200_000_000L;

    /** The call that is running when the run must stop. */
    public enum Call { MODEL_BLOCKS_INTERRUPTIBLY, TOOL_IGNORES_INTERRUPTS }

    @Param
    public TimeBudgetEnforcement enforcement;

    @Param
    public Call call;

    private Agent budgeted;
    private Agent longBudget;
    /** Counted down by the call when it starts. */
    private volatile CountDownLatch started = new CountDownLatch(1);
    private Thread caller;
    private volatile RunResult callerResult;
    private RunHandle handle;

    /** Builds the agents. */
    @Setup
    public void setUp() {
        budgeted = agent(Duration.ofMillis(BUDGET_MS));
        longBudget = agent(Duration.ofSeconds(60));
    }

    private Agent agent(Duration budget) {
        AgentConfig config = AgentConfig.custom().timeBudget(budget).timeBudgetEnforcement(enforcement)
                .maxIterations(1_000).build();
        if (call == Call.MODEL_BLOCKS_INTERRUPTIBLY) {
            Model blocking = request -> {
                started.countDown();
                Thread.sleep(60_000);
                return ModelResponse.text("never", Usage.of(1, 1));
            };
            return Agent.builder(blocking).config(config).build();
        }
        ModelResponse useTool = new ModelResponse(new Message.Assistant("",
                List.of(new ToolCall("call_1", "deaf", Map.of()))), Usage.of(1, 1), FinishReason.TOOL_CALLS);
        Tool deaf = Tools.uninterruptible(Tools.of("deaf", "ignores interrupts", (arguments, run) -> {
            started.countDown();
            long until = System.nanoTime() + DEAF_NANOS;
            for (long left = DEAF_NANOS; left > 0; left = until - System.nanoTime()) {
                try {
                    TimeUnit.NANOSECONDS.sleep(left);
                } catch (InterruptedException ignored) {
                    // deaf on purpose
                }
            }
            return "too late";
        }));
        return Agent.builder(request -> useTool).config(config).tool(deaf).build();
    }

    /** A run whose call never ends by itself, from its start to its result at the deadline. */
    @Benchmark
    public RunResult deadline() {
        RunResult result = budgeted.run(TASK);
        expect(result, Termination.TimeBudgetExhausted.class);
        return result;
    }

    /**
     * Before each cancellation: a run with a 60 s budget inside its call, on a platform thread in {@code Agent.run}
     * or behind a {@code RunHandle}, as the benchmark about to run needs. Not timed.
     */
    @Setup(Level.Invocation)
    public void enterCall(BenchmarkParams params) throws InterruptedException {
        String benchmark = params.getBenchmark();
        if (benchmark.endsWith("deadline")) {
            return;
        }
        started = new CountDownLatch(1);
        if (benchmark.endsWith("cancelByInterruptingTheCaller")) {
            callerResult = null;
            caller = Thread.ofPlatform().name("caller").start(() -> callerResult = longBudget.run(TASK));
        } else {
            handle = longBudget.start(TASK);
        }
        if (!started.await(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the run never reached its call");
        }
    }

    /** From interrupting the platform thread in {@code Agent.run} to that thread's return with the result. */
    @Benchmark
    public RunResult cancelByInterruptingTheCaller() throws InterruptedException {
        caller.interrupt();
        caller.join();
        RunResult result = callerResult;
        expect(result, Termination.Cancelled.class);
        return result;
    }

    /** From {@code RunHandle.cancel()} to {@code await()} returning the result. */
    @Benchmark
    public RunResult cancelRunHandle() throws InterruptedException {
        handle.cancel("benchmark");
        RunResult result = handle.await();
        expect(result, Termination.Cancelled.class);
        return result;
    }

    private static void expect(RunResult result, Class<? extends Termination> type) {
        if (result == null || !type.isInstance(result.termination())) {
            throw new IllegalStateException("expected " + type.getSimpleName() + ", the run ended "
                    + (result == null ? "nothing" : result.termination()));
        }
    }
}
