package dev.terminus.checkpoint.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.RunResult;
import java.io.IOException;
import java.util.List;

/**
 * Writes the runs of the agents a paused run called as tools that ended before the pause
 * ({@link dev.terminus.agent.Checkpoint#children()}): an array of {@code {"toolName", "iteration", "result"}}, each
 * result an object of what a {@link RunResult} is made of, its own children written the same way. The termination
 * and the messages use the wire format's serializers, as the gate and the transcript do; a structured output is
 * written as Jackson writes its value (a record as an object of its components).
 */
final class ChildRunWriter {
    private ChildRunWriter() {}

    /**
     * @param children the children, in the order they ended
     * @param path where they are, for the message of a value that cannot be written
     */
    static void write(List<ChildRun> children, String path, JsonGenerator gen, SerializerProvider provider)
            throws IOException {
        gen.writeStartArray(children, children.size());
        for (int i = 0; i < children.size(); i++) {
            ChildRun child = children.get(i);
            gen.writeStartObject(child);
            gen.writeStringField("toolName", child.toolName());
            gen.writeNumberField("iteration", child.iteration());
            gen.writeFieldName("result");
            writeResult(child.result(), path + "[" + i + "].result", gen, provider);
            gen.writeEndObject();
        }
        gen.writeEndArray();
    }

    private static void writeResult(RunResult result, String path, JsonGenerator gen, SerializerProvider provider)
            throws IOException {
        gen.writeStartObject(result);
        gen.writeFieldName("termination");
        provider.findValueSerializer(Termination.class).serialize(result.termination(), gen, provider);
        gen.writeStringField("outcome", result.outcome().name());
        gen.writeArrayFieldStart("transcript");
        JsonSerializer<Object> message = provider.findValueSerializer(Message.class);
        for (Message m : result.transcript()) {
            message.serialize(m, gen, provider);
        }
        gen.writeEndArray();
        gen.writeArrayFieldStart("iterations");
        for (int i = 0; i < result.iterations().size(); i++) {
            CheckpointSerializer.writeIteration(result.iterations().get(i), path + ".iterations[" + i + "]", gen,
                    provider);
        }
        gen.writeEndArray();
        gen.writeFieldName("usage");
        CheckpointSerializer.writeUsage(result.usage(), gen);
        gen.writeFieldName("costUsd");
        gen.writeNumber(result.costUsd().toString());
        gen.writeNumberField("toolCalls", result.toolCalls());
        gen.writeFieldName("duration");
        provider.defaultSerializeValue(result.duration(), gen);
        gen.writeStringField("finalAnswer", result.finalAnswer().orElse(null));
        gen.writeFieldName("structuredOutput");
        provider.defaultSerializeValue(result.structuredOutput().orElse(null), gen);
        gen.writeStringField("agentName", result.agentName().orElse(null));
        gen.writeFieldName("children");
        write(result.children(), path + ".children", gen, provider);
        gen.writeEndObject();
    }
}
