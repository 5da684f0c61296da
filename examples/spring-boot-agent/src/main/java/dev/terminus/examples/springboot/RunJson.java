package dev.terminus.examples.springboot;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Message;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.jackson.TerminusModule;
import java.io.UncheckedIOException;
import org.jspecify.annotations.Nullable;

/**
 * The JSON of the run endpoint, through Terminus's own codec ({@link TerminusModule}, Jackson 2): a
 * {@link RunResult} with its termination and transcript in the wire format, as {@code terminus run --json} writes
 * them, and the errors of a bad request.
 */
final class RunJson {
    /** Strict, as {@link TerminusModule} is by default. */
    static final ObjectMapper MAPPER = JsonMapper.builder().addModule(new TerminusModule()).build();

    private RunJson() {}

    /**
     * @param result a run's result
     * @return {@code agentName}, {@code termination} (wire format), {@code category}, {@code outcome},
     *     {@code iterations}, {@code toolCalls}, {@code usage}, {@code costUsd}, {@code durationMs},
     *     {@code finalAnswer}, {@code gateId} when it paused at a gate, and {@code transcript} (wire format)
     */
    static String result(RunResult result) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("agentName", result.agentName().orElse(null));
        node.set("termination", MAPPER.valueToTree(result.termination()));
        node.put("category", result.termination().category().name());
        node.put("outcome", result.outcome().name());
        node.put("iterations", result.iterations().size());
        node.put("toolCalls", result.toolCalls());
        node.set("usage", usage(result.usage()));
        node.put("costUsd", result.costUsd());
        node.put("durationMs", result.duration().toMillis());
        node.put("finalAnswer", result.finalAnswer().orElse(null));
        result.checkpoint().ifPresent(checkpoint -> node.put("gateId", checkpoint.gateId()));
        ArrayNode transcript = node.putArray("transcript");
        for (Message message : result.transcript()) {
            transcript.add(MAPPER.<JsonNode>valueToTree(message));
        }
        return write(node);
    }

    /**
     * @param field the request's field at fault, or null when the body as a whole is
     * @param message what is wrong, naming the field and the value
     * @return {@code {"error": message, "field": field}}
     */
    static String error(@Nullable String field, String message) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("error", message);
        node.put("field", field);
        return write(node);
    }

    /**
     * @param body a request's body
     * @return it as a JSON tree
     * @throws JacksonException when it is not one JSON value
     */
    static JsonNode read(byte[] body) throws JacksonException {
        try {
            return MAPPER.readTree(body);
        } catch (JacksonException e) {
            throw e;
        } catch (java.io.IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode usage(Usage usage) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("inputTokens", usage.inputTokens());
        node.put("outputTokens", usage.outputTokens());
        node.put("cachedInputTokens", usage.cachedInputTokens());
        node.put("reasoningTokens", usage.reasoningTokens());
        return node;
    }

    private static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JacksonException e) {
            throw new IllegalStateException("a JSON tree could not be written: " + e.getOriginalMessage(), e);
        }
    }
}
