package dev.terminus.checkpoint.internal;

import static dev.terminus.checkpoint.internal.ValueReaders.DURATION;
import static dev.terminus.checkpoint.internal.ValueReaders.FINISH_REASON;
import static dev.terminus.checkpoint.internal.ValueReaders.INT;
import static dev.terminus.checkpoint.internal.ValueReaders.LONG;

import static dev.terminus.checkpoint.internal.ValueReaders.JSON_OBJECT;
import static dev.terminus.checkpoint.internal.ValueReaders.STRING;
import static dev.terminus.checkpoint.internal.ValueReaders.orNull;

import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.Usage;

/**
 * The readers of the plain records a checkpoint holds: {@link Usage}, {@link IterationRecord}, and at a gate that
 * waits for input the {@link HumanInputRequest} and the {@link HumanInputAnswer}s.
 */
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

    private static final FieldTable REQUEST_FIELDS = FieldTable.builder()
            .field("message", STRING)
            .field("requestedSchema", JSON_OBJECT)
            .field("source", STRING)
            .build();

    /** What a tool asked a person. */
    static final ValueReader<HumanInputRequest> INPUT_REQUEST = REQUEST_FIELDS.reader(v -> new HumanInputRequest(
            v.get("message"), v.get("requestedSchema"), v.get("source")));

    private static final FieldTable ANSWER_FIELDS = FieldTable.builder()
            .field("request", INPUT_REQUEST)
            .field("content", orNull(JSON_OBJECT))
            .field("declinedBecause", orNull(STRING))
            .build();

    /** A person's answer: the content, or the reason they declined (the other one null). */
    static final ValueReader<HumanInputAnswer> INPUT_ANSWER = ANSWER_FIELDS.reader(v -> new HumanInputAnswer(
            v.get("request"), v.get("content"), v.get("declinedBecause")));
}
