package dev.terminus.eval.internal;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.agent.RunResult;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.EvaluationException;
import dev.terminus.eval.Task;
import dev.terminus.eval.spi.Evaluator;
import java.util.Comparator;
import org.jspecify.annotations.Nullable;

/** The JSON field evaluator: a value at a JSON Pointer of the answer equals the expected one. */
public final class JsonFieldMatch implements Evaluator {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    /** Numbers by value, everything else by equality. */
    private static final Comparator<JsonNode> BY_VALUE = (a, b) -> a.isNumber() && b.isNumber()
            ? a.decimalValue().compareTo(b.decimalValue()) : (a.equals(b) ? 0 : 1);

    private final JsonPointer pointer;
    private final @Nullable JsonNode expected; // null: the task's expected answer

    private JsonFieldMatch(JsonPointer pointer, @Nullable JsonNode expected) {
        this.pointer = pointer;
        this.expected = expected;
    }

    /**
     * @param pointer the pointer
     * @param expected the expected value, plain Java
     * @return the evaluator
     */
    public static JsonFieldMatch of(String pointer, @Nullable Object expected) {
        JsonNode node;
        try {
            node = JSON.valueToTree(expected);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("jsonField expected value must be JSON (null, a string, a number, a"
                    + " boolean, a list or a map), was " + expected + ": " + e.getMessage(), e);
        }
        return new JsonFieldMatch(compile(pointer), node == null ? JSON.nullNode() : node);
    }

    /** @param pointer the pointer @return the evaluator comparing with the task's expected answer, as JSON */
    public static JsonFieldMatch fromExpected(String pointer) {
        return new JsonFieldMatch(compile(pointer), null);
    }

    private static JsonPointer compile(String pointer) {
        try {
            return JsonPointer.compile(pointer);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("jsonField pointer must be a JSON Pointer (RFC 6901) such as"
                    + " \"/destination/city\", was \"" + pointer + "\"", e);
        }
    }

    @Override
    public Evaluation evaluate(Task task, RunResult run) {
        JsonNode want = expected != null ? expected : expectedOf(task);
        String answer = run.finalAnswer().orElse(null);
        if (answer == null) {
            return Answers.noAnswer(run);
        }
        JsonNode root;
        try {
            root = JSON.readTree(unfenced(answer));
        } catch (JsonProcessingException e) {
            return Evaluation.fail("the answer is not JSON: " + e.getOriginalMessage());
        }
        JsonNode actual = root == null ? null : root.at(pointer);
        if (actual == null || actual.isMissingNode()) {
            return Evaluation.fail("the answer has no value at " + pointer);
        }
        return actual.equals(BY_VALUE, want) ? Evaluation.pass(pointer + " is " + want)
                : Evaluation.fail(pointer + " is " + Answers.cut(actual.toString()) + ", expected " + want);
    }

    private static JsonNode expectedOf(Task task) {
        String text = Answers.expected(task);
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new EvaluationException("the expected answer of task \"" + task.id() + "\" is not JSON (quote a"
                    + " string): " + e.getOriginalMessage());
        }
    }

    /** @return the text inside a Markdown code fence, or the text */
    static String unfenced(String answer) {
        String text = answer.strip();
        if (!text.startsWith("```")) {
            return text;
        }
        int firstLineEnd = text.indexOf('\n');
        int closing = text.lastIndexOf("```");
        return firstLineEnd < 0 || closing <= firstLineEnd ? text : text.substring(firstLineEnd + 1, closing);
    }

    @Override
    public String toString() {
        return "jsonField(" + pointer + ")";
    }
}
