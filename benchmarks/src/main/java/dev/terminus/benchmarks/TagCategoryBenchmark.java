package dev.terminus.benchmarks;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Termination;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@link Termination#tag()} and {@link Termination#category()} allocate nothing. Run with
 * {@code -prof gc} and read {@code gc.alloc.rate.norm}, which should be about 0 B/op.
 *
 * <p>{@link #tag(One)} and {@link #category(One)} call one case at a time (a monomorphic call site, the
 * way a metrics recorder that always sees the same case runs); {@link #mixed(Mixed, Blackhole)} calls both
 * on every case of an array, so the call sites are megamorphic and nothing can be folded to a constant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TagCategoryBenchmark {

    /** One case, chosen by name. */
    @State(Scope.Benchmark)
    public static class One {
        /** The case. */
        @Param({"NaturalCompletion", "MaxIterationsReached", "NoProgress", "Custom", "Failed"})
        public String caseName;

        Termination value;

        /** Builds the case. */
        @Setup
        public void setUp() {
            value = caseName.equals("Failed") ? failed() : WireCase.valueOf(caseName).terminus();
        }
    }

    /** Every case of {@link One}, plus a budget, a suspended and an interrupted case. */
    @State(Scope.Benchmark)
    public static class Mixed {
        Termination[] values;

        /** Builds the cases. */
        @Setup
        public void setUp() {
            values = new Termination[] {
                WireCase.NaturalCompletion.terminus(),
                WireCase.MaxIterationsReached.terminus(),
                WireCase.NoProgress.terminus(),
                WireCase.Custom.terminus(),
                failed(),
                new Termination.TokenBudgetExhausted(1_000, 1_000, dev.terminus.TokenKind.TOTAL),
                new Termination.HitlGatePending("gate-1", "proposal-1", "delete the branch", "agent-1", 2),
                new Termination.Cancelled(null),
            };
        }
    }

    static Termination failed() {
        return new Termination.Failed(new ErrorInfo("java.net.SocketTimeoutException", "read timed out",
                ErrorCategory.EXTERNAL));
    }

    /**
     * The tag of one case.
     *
     * @param state the case
     * @return the tag
     */
    @Benchmark
    public String tag(One state) {
        return state.value.tag();
    }

    /**
     * The category of one case.
     *
     * @param state the case
     * @return the category
     */
    @Benchmark
    public Category category(One state) {
        return state.value.category();
    }

    /**
     * The tag and the category of each of eight cases, through megamorphic call sites.
     *
     * @param state the cases
     * @param blackhole consumes every result
     */
    @Benchmark
    public void mixed(Mixed state, Blackhole blackhole) {
        for (Termination value : state.values) {
            blackhole.consume(value.tag());
            blackhole.consume(value.category());
        }
    }
}
