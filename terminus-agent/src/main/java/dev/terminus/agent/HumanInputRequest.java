package dev.terminus.agent;

import dev.terminus.JsonTrees;
import dev.terminus.Preconditions;
import dev.terminus.agent.internal.InputAnswerCheck;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a tool asks a person for in the middle of its call: a question and the JSON Schema of the answer it wants
 * (an MCP server's {@code elicitation/create}, say). A tool asks by throwing {@link HumanInputNeeded}; the run pauses
 * at a human gate ({@link dev.terminus.Termination.HitlGatePending}, its summary the question) and its
 * {@link Checkpoint} keeps the request, so a person can answer it later, in another process, with
 * {@link GateDecision#answer(String, Map)} or decline it with {@link GateDecision#reject(String, String)}.
 *
 * {@snippet :
 * HumanInputRequest request = HumanInputRequest.of("Which account should the refund go to?",
 *         Map.of("type", "object", "properties", Map.of("iban", Map.of("type", "string"))), "mcp:payments");
 * }
 *
 * <p>Two requests are equal when their question, schema and source are: a resumed call that asks the same again is
 * given the person's answer at once ({@link RunContext#humanInput(HumanInputRequest)}).
 *
 * @param message the question, shown to the person as it is
 * @param requestedSchema the JSON Schema the answer must match (an object schema), as JSON values
 * @param source who asks, for the person and for logs (e.g. {@code mcp:<server>})
 */
public record HumanInputRequest(String message, Map<String, @Nullable Object> requestedSchema, String source) {

    /** Refuses null components and copies the schema deeply. */
    public HumanInputRequest {
        Preconditions.notNull(message, "HumanInputRequest.message");
        requestedSchema = JsonTrees.copyObject(requestedSchema, "HumanInputRequest.requestedSchema");
        Preconditions.notNull(source, "HumanInputRequest.source");
    }

    /**
     * @param message the question
     * @param requestedSchema the JSON Schema of the answer
     * @param source who asks
     * @return the request
     */
    @SuppressWarnings("unchecked") // only read, and copied deeply by the constructor
    public static HumanInputRequest of(String message, Map<String, ?> requestedSchema, String source) {
        return new HumanInputRequest(message, (Map<String, @Nullable Object>) requestedSchema, source);
    }

    /**
     * Checks an answer's content against the requested schema as a resume does before anything runs: required
     * properties present, top-level properties of their declared JSON type.
     *
     * @param content an answer's content
     * @return what in it does not match, naming the property (e.g. {@code argument "name" must be of type string,
     *     was 7}); empty when it matches
     */
    @SuppressWarnings("unchecked") // only read
    public Optional<String> mismatch(Map<String, ?> content) {
        return Optional.ofNullable(InputAnswerCheck.problem(requestedSchema,
                (Map<String, @Nullable Object>) Preconditions.notNull(content, "content")));
    }
}
