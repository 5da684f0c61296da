package dev.terminus.converge.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.Diagnostic;
import dev.terminus.converge.Context;
import dev.terminus.converge.ProposedFact;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a model's answer as proposals: {@code {"facts": [{"key": "...", "value": ..., "confidence": 0.9}]}}, the
 * confidence optional (1 when left out), other fields ignored, the whole possibly inside a Markdown code fence.
 */
public final class FactParser {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private FactParser() {}

    /** What an answer held: proposals, or what is wrong with it. */
    public sealed interface Parsed {}

    /** @param facts the proposals */
    public record Facts(List<ProposedFact> facts) implements Parsed {}

    /** @param diagnostic the answer and its violations */
    public record Unreadable(Diagnostic diagnostic) implements Parsed {}

    /**
     * @param answer the model's final answer
     * @return the proposals, or a diagnostic naming each violation by JSON path
     */
    public static Parsed parse(String answer) {
        JsonNode root;
        try {
            root = MAPPER.readTree(unfence(answer));
        } catch (JsonProcessingException e) {
            return unreadable(answer, "$", "not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            return unreadable(answer, "$", "expected an object {\"facts\": [...]}");
        }
        JsonNode facts = root.get("facts");
        if (facts == null || !facts.isArray()) {
            return unreadable(answer, "$.facts", "expected an array of {\"key\", \"value\", \"confidence\"}");
        }
        List<Diagnostic.Violation> violations = new ArrayList<>();
        List<ProposedFact> proposed = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < facts.size(); i++) {
            String path = "$.facts[" + i + "]";
            JsonNode fact = facts.get(i);
            JsonNode key = fact.get("key");
            JsonNode confidence = fact.get("confidence");
            if (!fact.isObject()) {
                violations.add(new Diagnostic.Violation(path, "expected an object"));
            } else if (key == null || !key.isTextual() || key.textValue().isBlank()) {
                violations.add(new Diagnostic.Violation(path + ".key", "expected a non-blank string"));
            } else if (!fact.has("value")) {
                violations.add(new Diagnostic.Violation(path + ".value", "is missing"));
            } else if (confidence != null && (!confidence.isNumber() || !(confidence.doubleValue() >= 0
                    && confidence.doubleValue() <= 1))) {
                violations.add(new Diagnostic.Violation(path + ".confidence", "expected a number in [0, 1]"));
            } else if (!keys.add(key.textValue())) {
                violations.add(new Diagnostic.Violation(path + ".key", "\"" + key.textValue() + "\" is proposed twice"));
            } else {
                Object value = MAPPER.convertValue(fact.get("value"), Object.class);
                proposed.add(new ProposedFact(key.textValue(), value,
                        confidence == null ? 1.0 : confidence.doubleValue()));
            }
        }
        return violations.isEmpty() ? new Facts(proposed) : new Unreadable(new Diagnostic(answer, violations));
    }

    /**
     * @param context a context
     * @return its values as one JSON object, for a prompt
     */
    public static String render(Context context) {
        try {
            return MAPPER.writeValueAsString(context.values());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a context's values are JSON values", e);
        }
    }

    private static String unfence(String answer) {
        String text = answer.strip();
        if (text.startsWith("```")) {
            int firstLine = text.indexOf('\n');
            int closing = text.lastIndexOf("```");
            if (firstLine > 0 && closing > firstLine) {
                return text.substring(firstLine + 1, closing);
            }
        }
        return text;
    }

    private static Parsed unreadable(String answer, String path, String message) {
        return new Unreadable(Diagnostic.of(answer, new Diagnostic.Violation(path, message)));
    }
}
