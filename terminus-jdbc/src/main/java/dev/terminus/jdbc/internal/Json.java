package dev.terminus.jdbc.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.GateDecision;
import dev.terminus.jackson.TerminusModule;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Terminations and messages in the wire format, and decisions, as the text of a column. */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder().addModule(new TerminusModule())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private static final TypeReference<Map<String, @Nullable Object>> OBJECT = new TypeReference<>() {};

    private Json() {}

    /** @return a termination in the wire format */
    public static String write(Termination termination) {
        return text(termination);
    }

    /** @return a message in the wire format */
    public static String write(Message message) {
        return text(message);
    }

    /** @return a termination read back, strictly */
    public static Termination termination(String json) throws JsonProcessingException {
        return MAPPER.readValue(json, Termination.class);
    }

    /** @return a message read back, strictly */
    public static Message message(String json) throws JsonProcessingException {
        return MAPPER.readValue(json, Message.class);
    }

    /** @return what a decision decided, beyond its kind and gate: a reason, arguments, content */
    public static String write(GateDecision decision) {
        Map<String, @Nullable Object> body = new LinkedHashMap<>();
        switch (decision) {
            case GateDecision.Approve a -> { }
            case GateDecision.Reject r -> body.put("reason", r.reason());
            case GateDecision.ApproveWithArguments a -> body.put("arguments", a.arguments());
            case GateDecision.Answer a -> body.put("content", a.content());
        }
        return text(body);
    }

    /**
     * @param kind the decision's kind
     * @param gateId its gate
     * @param json what {@link #write(GateDecision)} wrote
     * @return the decision
     * @throws JsonProcessingException when the text is not JSON of an object
     * @throws IllegalArgumentException naming what is missing or unknown
     */
    @SuppressWarnings("unchecked")
    public static GateDecision decision(String kind, String gateId, String json) throws JsonProcessingException {
        Map<String, @Nullable Object> body = MAPPER.readValue(json, OBJECT);
        return switch (kind) {
            case "Approve" -> GateDecision.approve(gateId);
            case "Reject" -> GateDecision.reject(gateId, (String) required(body, "reason", String.class));
            case "ApproveWithArguments" -> GateDecision.approveWithArguments(gateId,
                    (Map<String, @Nullable Object>) required(body, "arguments", Map.class));
            case "Answer" -> GateDecision.answer(gateId, (Map<String, ?>) required(body, "content", Map.class));
            default -> throw new IllegalArgumentException("decision \"" + kind + "\" is not one this Terminus knows");
        };
    }

    private static Object required(Map<String, @Nullable Object> body, String field, Class<?> type) {
        Object value = body.get(field);
        if (!type.isInstance(value)) {
            throw new IllegalArgumentException("body." + field + " must be a JSON " + (type == String.class ? "string"
                    : "object") + ", was " + value);
        }
        return value;
    }

    private static String text(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
