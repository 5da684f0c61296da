package dev.terminus.agent.internal;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The check of a person's answer to a tool's request for input against the schema it asked for: the loop's own check
 * of tool arguments (required properties present, top-level properties of their declared JSON type), as a resume
 * applies it ({@link Resumption#check}) and {@link dev.terminus.agent.HumanInputRequest#mismatch} offers it.
 */
public final class InputAnswerCheck {
    private InputAnswerCheck() {}

    /**
     * @param schema the requested schema
     * @param content the answer's content
     * @return what in the content does not match, naming the property, or null when it matches
     */
    public static @Nullable String problem(Map<String, @Nullable Object> schema, Map<String, @Nullable Object> content) {
        return ArgumentCheck.problem(schema, content);
    }
}
