package dev.terminus.opentelemetry.internal;

import dev.terminus.opentelemetry.TelemetryNames;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.Meter;
import java.util.List;

/**
 * The six metric instruments, built once per telemetry instance, with the semantic conventions' bucket advice. The
 * pipeline listener builds the two run instruments alone, identically, so that both listeners' measurements go to the
 * same metrics.
 */
final class Instruments {
    /** The GenAI conventions' advice for {@code gen_ai.client.token.usage}: powers of 4 from 1 to 4^13. */
    private static final List<Long> TOKEN_BUCKETS = List.of(1L, 4L, 16L, 64L, 256L, 1024L, 4096L, 16384L, 65536L,
            262144L, 1048576L, 4194304L, 16777216L, 67108864L);
    /** The GenAI conventions' advice for {@code gen_ai.client.operation.duration}: doubling from 10 ms to 82 s. */
    private static final List<Double> CALL_BUCKETS = List.of(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56,
            5.12, 10.24, 20.48, 40.96, 81.92);
    /**
     * The GenAI conventions' advice for a model server's {@code gen_ai.server.time_per_output_token}, the measure
     * {@code terminus.client.operation.time_per_output_token} takes from the client: 10 ms to 2.5 s.
     */
    private static final List<Double> TOKEN_TIME_BUCKETS = List.of(0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4,
            0.5, 0.75, 1.0, 2.5);
    /** Runs last longer than calls: the same doubling, on to about 22 minutes. */
    private static final List<Double> RUN_BUCKETS = List.of(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56,
            5.12, 10.24, 20.48, 40.96, 81.92, 163.84, 327.68, 655.36, 1310.72);

    final LongCounter runsCompleted;
    final DoubleHistogram runDuration;
    final LongHistogram tokenUsage;
    final DoubleHistogram operationDuration;
    final DoubleHistogram timeToFirstChunk;
    final DoubleHistogram timePerOutputToken;

    Instruments(Meter meter) {
        this.runsCompleted = runsCompleted(meter);
        this.runDuration = runDuration(meter);
        this.tokenUsage = meter.histogramBuilder(TelemetryNames.GEN_AI_CLIENT_TOKEN_USAGE)
                .ofLongs()
                .setUnit("{token}")
                .setDescription("Number of input and output tokens used.")
                .setExplicitBucketBoundariesAdvice(TOKEN_BUCKETS)
                .build();
        this.operationDuration = meter.histogramBuilder(TelemetryNames.GEN_AI_CLIENT_OPERATION_DURATION)
                .setUnit("s")
                .setDescription("GenAI operation duration.")
                .setExplicitBucketBoundariesAdvice(CALL_BUCKETS)
                .build();
        this.timeToFirstChunk = meter.histogramBuilder(TelemetryNames.GEN_AI_CLIENT_OPERATION_TIME_TO_FIRST_CHUNK)
                .setUnit("s")
                .setDescription("Time to receive the first chunk, measured from when the client issues the generation"
                        + " request to when the first chunk is received in the response stream.")
                .setExplicitBucketBoundariesAdvice(CALL_BUCKETS)
                .build();
        this.timePerOutputToken = meter.histogramBuilder(TelemetryNames.CLIENT_OPERATION_TIME_PER_OUTPUT_TOKEN)
                .setUnit("s")
                .setDescription("Time per output token after the first of streamed model calls that succeeded, as"
                        + " the client sees it.")
                .setExplicitBucketBoundariesAdvice(TOKEN_TIME_BUCKETS)
                .build();
    }

    /** @return {@code terminus.run.completed}: agent runs, pipelines and stages ended */
    static LongCounter runsCompleted(Meter meter) {
        return meter.counterBuilder(TelemetryNames.RUN_COMPLETED)
                .setUnit("{run}")
                .setDescription("Runs ended (agent runs, pipelines, pipeline stages), by termination, category and"
                        + " outcome.")
                .build();
    }

    /** @return {@code terminus.run.duration}: how long agent runs, pipelines and stages took */
    static DoubleHistogram runDuration(Meter meter) {
        return meter.histogramBuilder(TelemetryNames.RUN_DURATION)
                .setUnit("s")
                .setDescription("Duration of runs (agent runs, pipelines, pipeline stages), by termination, category"
                        + " and outcome.")
                .setExplicitBucketBoundariesAdvice(RUN_BUCKETS)
                .build();
    }
}
