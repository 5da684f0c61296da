package dev.terminus.eval;

import dev.terminus.Preconditions;
import dev.terminus.eval.spi.Evaluator;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One task of a benchmark: what the agent is asked, and what an {@link Evaluator} may compare its answer with.
 *
 * @param id the task's id, unique within its benchmark; the report's {@code "task"}
 * @param input what the agent is asked, as the user's first message
 * @param expected the expected answer (for exact match, a regex, a JSON value...), or null when the evaluator needs
 *     none
 * @param metadata anything else an evaluator, an environment or an agent factory needs (difficulty, category...),
 *     kept in insertion order; never written to the report
 */
public record Task(String id, String input, @Nullable String expected, Map<String, @Nullable Object> metadata) {

    /** Validates the id and the input and copies the metadata into an unmodifiable map. */
    public Task {
        Preconditions.notBlank(id, "Task.id");
        Preconditions.notNull(input, "Task.input");
        Preconditions.notNull(metadata, "Task.metadata");
        for (String key : metadata.keySet()) {
            Preconditions.notNull(key, "Task.metadata key");
        }
        metadata = Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }

    /**
     * @param id the task's id
     * @param input what the agent is asked
     * @return a task without an expected answer or metadata
     */
    public static Task of(String id, String input) {
        return new Task(id, input, null, Map.of());
    }

    /**
     * The task with an expected answer, named so that it cannot be taken for the input:
     * {@code Task.of("capital", "Capital of Norway?").expecting("Oslo")}.
     *
     * @param expectedAnswer the expected answer (for exact match, a regex, a JSON value...)
     * @return this task, expecting it
     */
    public Task expecting(String expectedAnswer) {
        return new Task(id, input, Preconditions.notNull(expectedAnswer, "Task.expected"), metadata);
    }
}
