package dev.terminus.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The measurement settings of the benchmarks whose latencies are read side by side ({@link AgentLoopBenchmark},
 * {@link SupervisionFloorBenchmark}, {@link TelemetryBenchmark}, {@link CheckpointBenchmark},
 * {@link StreamingBenchmark}): one state per benchmark, sampled time per operation in microseconds, 5 warm-up and 5
 * measurement iterations of 1 s, 2 forks. JMH's annotations are inherited, so a subclass declares only its state and
 * its {@code @Benchmark} methods, and their numbers stay comparable.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public abstract class SampledLatencyBenchmark {

    /** For subclasses, which JMH creates. */
    protected SampledLatencyBenchmark() {}
}
