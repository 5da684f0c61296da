package dev.terminus.checkpoint.internal;

import static dev.terminus.checkpoint.internal.ValueReaders.DURATION;
import static dev.terminus.checkpoint.internal.ValueReaders.FINISH_REASON;
import static dev.terminus.checkpoint.internal.ValueReaders.INT;
import static dev.terminus.checkpoint.internal.ValueReaders.LONG;

import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.Usage;

/** The readers of the plain records a checkpoint holds: {@link Usage} and {@link IterationRecord}. */
final class RecordReaders {
    private RecordReaders() {}

    private static final FieldTable USAGE_FIELDS = FieldTable.builder()
            .field("inputTokens", LONG)
            .field("outputTokens", LONG)
            .field("cachedInputTokens", LONG)
            .field("reasoningTokens", LONG)
            .build();

    /** A usage; its own checks (no negative count, no part above its whole) are reported with the path. */
    static final ValueReader<Usage> USAGE = USAGE_FIELDS.reader(v -> new Usage(v.<Long>get("inputTokens"),
            v.<Long>get("outputTokens"), v.<Long>get("cachedInputTokens"), v.<Long>get("reasoningTokens")));

    private static final FieldTable ITERATION_FIELDS = FieldTable.builder()
            .field("iteration", INT)
            .field("usage", USAGE)
            .field("toolCalls", INT)
            .field("finishReason", FINISH_REASON)
            .field("duration", DURATION)
            .build();

    /** An iteration record; {@code finishReason} is required but may be null. */
    static final ValueReader<IterationRecord> ITERATION = ITERATION_FIELDS.reader(v -> new IterationRecord(
            v.<Integer>get("iteration"), v.get("usage"), v.<Integer>get("toolCalls"), v.get("finishReason"),
            v.get("duration")));
}
