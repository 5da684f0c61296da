package dev.terminus.benchmarks;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.ModelStreams;
import dev.terminus.agent.spi.StreamingModel;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * How precisely a run cut mid-stream stops at its deadline: the streaming counterpart of
 * {@link DeadlinePrecisionBenchmark}. Each measured operation is one run (single shot) with a {@value #BUDGET_MS} ms
 * time budget whose model streams a long answer ({@value #PIECES} pieces) a piece every {@value #GAP_MS} ms, so the
 * deadline always falls mid-stream, a few pieces in; the overshoot is the reported time minus {@value #BUDGET_MS} ms.
 * 3,000 runs per configuration and fork, so JMH's percentiles are over 3,000 runs.
 *
 * <ul>
 *   <li>{@link #deadline()}: {@code Agent.run} with the default {@code INTERRUPT_CALLER}: the stream is read on the
 *       caller's thread, which the deadline interrupts.</li>
 *   <li>{@link #deadlineSupervised()}: {@code Agent.run} with {@code SUPERVISED_THREAD}: the run on a virtual thread
 *       of its own, the caller waiting for its result.</li>
 *   <li>{@link #deadlineRunStream()}: {@code Agent.stream}, the benchmark's thread reading every event until the last,
 *       {@code RunTerminated}.</li>
 * </ul>
 *
 * <p>Two streams ({@link Source}): the test kit's {@link ScriptedModel} with a {@code pieceGap} (its stream sleeps
 * between pieces on the reading thread), and a provider-like stream, a {@link ModelStreams#feed} filled by a producer
 * thread of its own that sleeps between pieces (the reader waits on the feed; closing it interrupts the producer).
 * Every result is checked: a run must end {@code TimeBudgetExhausted}, or the benchmark stops; the runs cut before
 * their first piece (none kept an incomplete answer) are counted and printed at the end of each configuration.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 300)
@Measurement(iterations = 3_000)
@Fork(1)
public class StreamingDeadlineBenchmark {
    static final long BUDGET_MS = 5;
    static final long GAP_MS = 1;
    static final int PIECES = 1_000;
    private static final String TASK = "Tell a long story.";

    /** Where the pieces come from. */
    public enum Source { SCRIPTED_PIECE_GAP, PROVIDER_FEED }

    @Param
    public Source source;

    private Agent interruptingCaller;
    private Agent supervised;
    private boolean measuring;
    private int measuredRuns;
    /** Measured runs cut before their first piece: it came 4 ms late (a pause of the VM, a thread scheduled late). */
    private int measuredRunsWithoutText;

    /** Builds the agents and runs each path a few times, so the first runs of the warm-up do not load classes. */
    @Setup
    public void setUp() {
        interruptingCaller = agent(TimeBudgetEnforcement.INTERRUPT_CALLER);
        supervised = agent(TimeBudgetEnforcement.SUPERVISED_THREAD);
        for (int k = 0; k < 20; k++) {
            deadline();
            deadlineSupervised();
            deadlineRunStream();
        }
    }

    /** Counts the runs of measurement iterations only. Not timed. */
    @Setup(Level.Iteration)
    public void iteration(IterationParams params) {
        measuring = params.getType() == IterationType.MEASUREMENT;
    }

    /** Prints how many measured runs were cut before their first piece; those are in the figures too. */
    @TearDown
    public void report() {
        System.out.printf(Locale.ROOT, "%n%d of %d measured runs ended before their first piece%n",
                measuredRunsWithoutText, measuredRuns);
    }

    private Agent agent(TimeBudgetEnforcement enforcement) {
        String[] pieces = StreamingBenchmark.pieces(PIECES);
        StreamingModel model = source == Source.SCRIPTED_PIECE_GAP
                ? ScriptedModel.builder().pieceGap(Duration.ofMillis(GAP_MS)).streamed(pieces).thenRepeatLast().build()
                : new ProviderThreadModel(pieces);
        AgentConfig config = AgentConfig.custom().timeBudget(Duration.ofMillis(BUDGET_MS))
                .timeBudgetEnforcement(enforcement).build();
        return Agent.builder(model).config(config).build();
    }

    /** A run cut mid-stream, the stream read on the caller's thread (the default). */
    @Benchmark
    public RunResult deadline() {
        return expectCutMidStream(interruptingCaller.run(TASK));
    }

    /** A run cut mid-stream, the run on a supervised virtual thread. */
    @Benchmark
    public RunResult deadlineSupervised() {
        return expectCutMidStream(supervised.run(TASK));
    }

    /** A run cut mid-stream, from {@code Agent.stream} to its last event read. */
    @Benchmark
    public RunResult deadlineRunStream() {
        RunResult result = null;
        try (RunStream stream = interruptingCaller.stream(TASK)) {
            for (AgentEvent event : stream) {
                if (event instanceof AgentEvent.RunTerminated terminated) {
                    result = terminated.result();
                }
            }
        }
        return expectCutMidStream(result);
    }

    private RunResult expectCutMidStream(@Nullable RunResult result) {
        if (result == null || !(result.termination() instanceof Termination.TimeBudgetExhausted)) {
            throw new IllegalStateException("expected TimeBudgetExhausted, the run ended "
                    + (result == null ? "nothing" : result.termination()));
        }
        if (measuring) {
            measuredRuns++;
            if (result.incompleteAnswer().isEmpty()) {
                measuredRunsWithoutText++;
            }
        }
        return result;
    }

    /**
     * A provider-like streaming model: each call starts a producer thread that feeds a piece every {@value #GAP_MS}
     * ms into a {@link ModelStreams#feed}, as a provider's callbacks do; closing the stream early interrupts it.
     */
    static final class ProviderThreadModel implements StreamingModel {
        private final String[] pieces;
        private final ModelResponse response;

        ProviderThreadModel(String[] pieces) {
            this.pieces = pieces;
            this.response = new ModelResponse(Message.Assistant.of(String.join("", pieces)),
                    Usage.of(10, pieces.length), FinishReason.STOP);
        }

        @Override
        public ModelStream stream(ModelRequest request) {
            ModelStreams.Feed feed = ModelStreams.feed(16);
            Thread producer = Thread.ofVirtual().name("provider").start(() -> {
                try {
                    for (String piece : pieces) {
                        Thread.sleep(GAP_MS);
                        feed.text(piece);
                    }
                    feed.finish(response);
                } catch (InterruptedException e) {
                    // the reader closed the stream: the call is cancelled
                }
            });
            return feed.onClose(producer::interrupt);
        }

        @Override
        public String name() {
            return "provider-like";
        }
    }
}
