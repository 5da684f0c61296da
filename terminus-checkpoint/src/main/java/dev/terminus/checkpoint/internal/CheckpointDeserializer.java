package dev.terminus.checkpoint.internal;

import static dev.terminus.checkpoint.internal.ValueReaders.BOOLEAN;
import static dev.terminus.checkpoint.internal.ValueReaders.DECIMAL;
import static dev.terminus.checkpoint.internal.ValueReaders.DURATION;
import static dev.terminus.checkpoint.internal.ValueReaders.INT;
import static dev.terminus.checkpoint.internal.ValueReaders.STRING;
import static dev.terminus.checkpoint.internal.ValueReaders.STRING_MAP;
import static dev.terminus.checkpoint.internal.ValueReaders.listOf;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Checkpoint;
import java.io.IOException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@link Checkpoint}: the {@code formatVersion} first (see {@link VersionLocator}), then every other field of
 * that format, strictly, in any order (format 2, a gate that waits for input, adds {@code inputRequest} and
 * {@code inputAnswers}; format 3 adds {@code child}); {@code children}, the agents called as tools that ended before
 * the pause, may be missing (no children) in every format ({@link ChildRunReaders}). The gate, the messages and the
 * tool calls are read by the wire format's deserializers of {@code TerminusModule}, looked up once when Jackson
 * contextualizes this deserializer. Every error is a Jackson
 * exception whose message names the field ({@code Checkpoint.transcript[2]: ...}) and the bad value.
 */
public final class CheckpointDeserializer extends StdDeserializer<Checkpoint> implements ContextualDeserializer {
    private static final long serialVersionUID = 1L;

    /** The fields of each format: a gate that waits for approval (1), or for input (2, two fields more). */
    private final transient @Nullable FieldTable approvalFields;
    private final transient @Nullable FieldTable inputFields;
    private final transient @Nullable FieldTable childFields;

    /** A deserializer to register; Jackson contextualizes it before use. */
    public CheckpointDeserializer() {
        this(null, null);
    }

    private CheckpointDeserializer(@Nullable FieldTable approvalFields, @Nullable FieldTable inputFields) {
        super(Checkpoint.class);
        this.approvalFields = approvalFields;
        this.inputFields = inputFields;
        this.childFields = approvalFields == null ? null : childTable(approvalFields);
    }

    /** The fields of a checkpoint whose pending call's agent paused: an approval's, and the child's checkpoint. */
    private FieldTable childTable(FieldTable approval) {
        return approval.with("child", (p, ctxt, path) -> {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                throw ReadErrors.wrongType(p, path, "a checkpoint object");
            }
            return deserialize(p, ctxt); // a child is read as its parent is: nested checkpoints recurse
        });
    }

    @Override
    public JsonDeserializer<?> createContextual(DeserializationContext ctxt, @Nullable BeanProperty property)
            throws JsonMappingException {
        return approvalFields != null ? this
                : new CheckpointDeserializer(table(ctxt, false), table(ctxt, true));
    }

    private static FieldTable table(DeserializationContext ctxt, boolean input) throws JsonMappingException {
        ValueReader<ToolCall> toolCall = ValueReaders.delegate(deserializer(ctxt, ToolCall.class), ToolCall.class,
                "a tool call object");
        ValueReader<Message> message = ValueReaders.delegate(deserializer(ctxt, Message.class), Message.class,
                "a message object");
        ValueReader<Termination.HitlGatePending> gate = ValueReaders.delegate(
                deserializer(ctxt, Termination.HitlGatePending.class), Termination.HitlGatePending.class,
                "a HitlGatePending termination object");
        FieldTable.Builder table = FieldTable.builder()
                .shownOnly(VersionLocator.FIELD)
                .field("gate", gate)
                .field("agentName", STRING)
                .field("modelName", STRING)
                .field("configFingerprint", STRING)
                .field("pendingCall", toolCall)
                .field("remainingCalls", listOf(toolCall))
                .field("transcript", listOf(message))
                .field("iteration", INT)
                .field("toolCalls", INT)
                .field("usage", RecordReaders.USAGE)
                .field("costUsd", DECIMAL)
                .field("iterations", listOf(RecordReaders.ITERATION))
                .field("elapsed", DURATION)
                .field("consecutiveMistakes", INT)
                .field("repairsUsed", INT)
                .field("finalizing", BOOLEAN)
                .field("metadata", STRING_MAP);
        if (input) {
            table.field("inputRequest", RecordReaders.INPUT_REQUEST)
                    .field("inputAnswers", listOf(RecordReaders.INPUT_ANSWER));
        }
        ValueReader<Termination> termination = ValueReaders.delegate(deserializer(ctxt, Termination.class),
                Termination.class, "a termination object");
        // written only when there are any: a checkpoint without children keeps the layout it always had
        table.optional("children", ChildRunReaders.children(termination, message), List.of());
        return table.build();
    }

    private static JsonDeserializer<Object> deserializer(DeserializationContext ctxt, Class<?> type)
            throws JsonMappingException {
        return ctxt.findRootValueDeserializer(ctxt.constructType(type));
    }

    @Override
    public Checkpoint deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw ReadErrors.wrongType(p, "Checkpoint", "an object");
        }
        VersionLocator.Located located = VersionLocator.locate(p, ctxt);
        boolean input = located.version() == Checkpoint.INPUT_FORMAT_VERSION;
        boolean child = located.version() == Checkpoint.CHILD_FORMAT_VERSION;
        FieldTable table = input ? inputFields : child ? childFields : approvalFields;
        if (table == null) {
            table = child ? childTable(table(ctxt, false)) : table(ctxt, input);
        }
        JsonParser rest = located.rest();
        FieldTable.Values v = table.readFields(rest, ctxt, "Checkpoint");
        try {
            return new Checkpoint(located.version(), v.get("gate"), v.get("agentName"), v.get("modelName"),
                    v.get("configFingerprint"), v.get("pendingCall"), v.get("remainingCalls"), v.get("transcript"),
                    v.<Integer>get("iteration"), v.<Integer>get("toolCalls"), v.get("usage"), v.get("costUsd"),
                    v.get("iterations"), v.get("elapsed"), v.<Integer>get("consecutiveMistakes"),
                    v.<Integer>get("repairsUsed"), v.<Boolean>get("finalizing"), v.get("metadata"),
                    input ? v.get("inputRequest") : null, input ? v.get("inputAnswers") : List.of(),
                    child ? v.get("child") : null, v.get("children"));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw ReadErrors.invalid(rest, String.valueOf(e.getMessage()), e);
        }
    }

    /** A JSON {@code null} is not a checkpoint. */
    @Override
    public Checkpoint getNullValue(DeserializationContext ctxt) throws JsonMappingException {
        throw ReadErrors.invalid(ctxt.getParser(), "Checkpoint: expected an object, got null");
    }
}
