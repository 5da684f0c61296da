package dev.terminus.checkpoint.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.Usage;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes a {@link Checkpoint} with its fields in one fixed order, {@code formatVersion} first; the gate, the messages
 * and the tool calls through the wire format's serializers of {@code TerminusModule}, durations through the
 * {@code JavaTimeModule} (as ISO-8601 strings), the cost as a JSON number written from {@link
 * java.math.BigDecimal#toString()} (so its scale survives) and the metadata sorted by key (a {@link Checkpoint}'s
 * metadata has no order of its own); the children that ended before the pause only when there are any
 * ({@link ChildRunWriter}). A value that cannot be written (an {@link IterationRecord} without usage or
 * duration) fails with a {@link JsonMappingException} naming it.
 */
public final class CheckpointSerializer extends StdSerializer<Checkpoint> {
    private static final long serialVersionUID = 1L;

    /** The serializer to register. */
    public CheckpointSerializer() {
        super(Checkpoint.class);
    }

    @Override
    public void serialize(Checkpoint c, JsonGenerator gen, SerializerProvider provider) throws IOException {
        JsonSerializer<Object> toolCall = provider.findValueSerializer(ToolCall.class);
        gen.writeStartObject(c);
        gen.writeNumberField(VersionLocator.FIELD, c.formatVersion());
        gen.writeFieldName("gate");
        provider.findValueSerializer(Termination.HitlGatePending.class).serialize(c.gate(), gen, provider);
        gen.writeStringField("agentName", c.agentName());
        gen.writeStringField("modelName", c.modelName());
        gen.writeStringField("configFingerprint", c.configFingerprint());
        gen.writeFieldName("pendingCall");
        toolCall.serialize(c.pendingCall(), gen, provider);
        writeArray("remainingCalls", c.remainingCalls(), toolCall, gen, provider);
        writeArray("transcript", c.transcript(), provider.findValueSerializer(Message.class), gen, provider);
        gen.writeNumberField("iteration", c.iteration());
        gen.writeNumberField("toolCalls", c.toolCalls());
        gen.writeFieldName("usage");
        writeUsage(c.usage(), gen);
        gen.writeFieldName("costUsd");
        gen.writeNumber(c.costUsd().toString());
        gen.writeArrayFieldStart("iterations");
        for (int i = 0; i < c.iterations().size(); i++) {
            writeIteration(c.iterations().get(i), "Checkpoint.iterations[" + i + "]", gen, provider);
        }
        gen.writeEndArray();
        gen.writeFieldName("elapsed");
        provider.defaultSerializeValue(c.elapsed(), gen);
        gen.writeNumberField("consecutiveMistakes", c.consecutiveMistakes());
        gen.writeNumberField("repairsUsed", c.repairsUsed());
        gen.writeBooleanField("finalizing", c.finalizing());
        gen.writeObjectFieldStart("metadata");
        for (Map.Entry<String, String> entry : new TreeMap<>(c.metadata()).entrySet()) {
            gen.writeStringField(entry.getKey(), entry.getValue());
        }
        gen.writeEndObject();
        HumanInputRequest request = c.inputRequest();
        if (request != null) {
            gen.writeFieldName("inputRequest");
            writeRequest(request, gen, provider);
            gen.writeArrayFieldStart("inputAnswers");
            for (HumanInputAnswer answer : c.inputAnswers()) {
                gen.writeStartObject(answer);
                gen.writeFieldName("request");
                writeRequest(answer.request(), gen, provider);
                gen.writeFieldName("content");
                provider.defaultSerializeValue(answer.content(), gen);
                gen.writeStringField("declinedBecause", answer.declinedBecause());
                gen.writeEndObject();
            }
            gen.writeEndArray();
        }
        if (!c.children().isEmpty()) {
            gen.writeFieldName("children");
            ChildRunWriter.write(c.children(), "Checkpoint.children", gen, provider);
        }
        Checkpoint child = c.child();
        if (child != null) {
            gen.writeFieldName("child");
            serialize(child, gen, provider);
        }
        gen.writeEndObject();
    }

    private static void writeRequest(HumanInputRequest request, JsonGenerator gen, SerializerProvider provider)
            throws IOException {
        gen.writeStartObject(request);
        gen.writeStringField("message", request.message());
        gen.writeFieldName("requestedSchema");
        provider.defaultSerializeValue(request.requestedSchema(), gen);
        gen.writeStringField("source", request.source());
        gen.writeEndObject();
    }

    private static void writeArray(String name, List<?> values, JsonSerializer<Object> serializer, JsonGenerator gen,
            SerializerProvider provider) throws IOException {
        gen.writeArrayFieldStart(name);
        for (Object value : values) {
            serializer.serialize(value, gen, provider);
        }
        gen.writeEndArray();
    }

    static void writeUsage(Usage usage, JsonGenerator gen) throws IOException {
        gen.writeStartObject(usage);
        gen.writeNumberField("inputTokens", usage.inputTokens());
        gen.writeNumberField("outputTokens", usage.outputTokens());
        gen.writeNumberField("cachedInputTokens", usage.cachedInputTokens());
        gen.writeNumberField("reasoningTokens", usage.reasoningTokens());
        gen.writeEndObject();
    }

    /** An {@link IterationRecord} checks nothing itself: a null usage or duration is refused here, naming it. */
    static void writeIteration(IterationRecord record, String path, JsonGenerator gen,
            SerializerProvider provider) throws IOException {
        if (record.usage() == null || record.duration() == null) {
            throw JsonMappingException.from(gen, path + "." + (record.usage() == null ? "usage" : "duration")
                    + " must not be null, was null in " + record);
        }
        gen.writeStartObject(record);
        gen.writeNumberField("iteration", record.iteration());
        gen.writeFieldName("usage");
        writeUsage(record.usage(), gen);
        gen.writeNumberField("toolCalls", record.toolCalls());
        gen.writeFieldName("finishReason");
        if (record.finishReason() == null) {
            gen.writeNull();
        } else {
            gen.writeString(record.finishReason().name());
        }
        gen.writeFieldName("duration");
        provider.defaultSerializeValue(record.duration(), gen);
        gen.writeEndObject();
    }
}
