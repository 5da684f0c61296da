package dev.terminus.jackson.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import dev.terminus.Message;
import dev.terminus.ToolCall;
import java.io.IOException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The wire form of a transcript message: an object with a {@code role} ({@code system}, {@code user},
 * {@code assistant}, {@code tool}) and the fields of that role.
 */
final class MessageCodec implements ValueCodec<Message> {

    private final ValueCodec<List<ToolCall>> toolCalls;
    private final boolean strict;

    MessageCodec(ValueCodec<ToolCall> toolCall, boolean strict) {
        this.toolCalls = ValueCodecs.listOf(toolCall);
        this.strict = strict;
    }

    @Override
    public void write(@Nullable Message message, JsonGenerator gen) throws IOException {
        gen.writeStartObject(message);
        gen.writeStringField("role", message.role());
        switch (message) {
            case Message.System m -> gen.writeStringField("content", m.content());
            case Message.User m -> gen.writeStringField("content", m.content());
            case Message.Assistant m -> {
                gen.writeStringField("content", m.content());
                gen.writeFieldName("toolCalls");
                toolCalls.write(m.toolCalls(), gen);
                if (m.incomplete()) {
                    gen.writeBooleanField("incomplete", true);
                }
            }
            case Message.ToolResult m -> {
                gen.writeStringField("toolCallId", m.toolCallId());
                if (m.toolName() != null) {
                    gen.writeStringField("toolName", m.toolName());
                }
                gen.writeStringField("content", m.content());
                if (m.error()) {
                    gen.writeBooleanField("error", true);
                }
            }
        }
        gen.writeEndObject();
    }

    @Override
    public Message read(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw WireErrors.wrongType(p, path, "a message object");
        }
        String role = null;
        String content = null;
        List<ToolCall> calls = null;
        String toolCallId = null;
        String toolName = null;
        Boolean error = null;
        Boolean incomplete = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "role" -> role = ValueCodecs.STRING.read(p, ctxt, "Message.role");
                case "content" -> content = ValueCodecs.STRING.read(p, ctxt, "Message.content");
                case "toolCalls" -> calls = toolCalls.read(p, ctxt, "Message.toolCalls");
                case "toolCallId" -> toolCallId = ValueCodecs.STRING.read(p, ctxt, "Message.toolCallId");
                case "toolName" -> toolName = ValueCodecs.NULLABLE_STRING.read(p, ctxt, "Message.toolName");
                case "error" -> error = ValueCodecs.BOOLEAN.read(p, ctxt, "Message.error");
                case "incomplete" -> incomplete = ValueCodecs.BOOLEAN.read(p, ctxt, "Message.incomplete");
                default -> {
                    if (strict) {
                        throw WireErrors.invalid(p, "Message has no field \"" + name + "\"");
                    }
                    p.skipChildren();
                }
            }
        }
        if (p.currentToken() != JsonToken.END_OBJECT) {
            throw WireErrors.wrongType(p, path, "the end of the message object");
        }
        if (role == null) {
            throw WireErrors.invalid(p, path + ": a message is missing its field \"role\"");
        }
        if (content == null) {
            throw WireErrors.invalid(p, path + ": a " + role + " message is missing its field \"content\"");
        }
        boolean toolOnly = toolCallId != null || toolName != null || error != null;
        return switch (role) {
            case "system", "user" -> {
                if (strict && (calls != null || toolOnly || incomplete != null)) {
                    throw WireErrors.invalid(p, path + ": a " + role + " message has only \"role\" and \"content\"");
                }
                yield role.equals("system") ? new Message.System(content) : new Message.User(content);
            }
            case "assistant" -> {
                if (strict && toolOnly) {
                    throw WireErrors.invalid(p, path
                            + ": an assistant message has only \"role\", \"content\", \"toolCalls\" and \"incomplete\"");
                }
                yield new Message.Assistant(content, calls == null ? List.of() : calls, Boolean.TRUE.equals(incomplete));
            }
            case "tool" -> {
                if (toolCallId == null) {
                    throw WireErrors.invalid(p, path + ": a tool message is missing its field \"toolCallId\"");
                }
                if (strict && (calls != null || incomplete != null)) {
                    throw WireErrors.invalid(p, path + ": a tool message has no field \""
                            + (calls != null ? "toolCalls" : "incomplete") + "\"");
                }
                yield new Message.ToolResult(toolCallId, toolName, content, error != null && error);
            }
            default -> throw WireErrors.invalid(p, path + ": unknown message role \"" + role
                    + "\" (known: system, user, assistant, tool)");
        };
    }
}
