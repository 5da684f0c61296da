package dev.terminus.cli.eval;

import dev.terminus.cli.scenario.FileRules;
import dev.terminus.cli.scenario.FileRules.Range;
import dev.terminus.cli.scenario.FileRules.Required;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.Scenario.StepDef;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * An evaluation suite file, as read: tasks, the agent they run against (a scenario without its task), how many
 * repeats, concurrency, timeouts and retries, and the evaluator. Unknown fields are errors. See the README.
 *
 * @param name the suite's name (default: the file's name)
 * @param repeats runs per task (default 1)
 * @param concurrency runs at once (default 8)
 * @param taskTimeoutMs the longest a run may take before it is stopped ({@code TASK_TIMEOUT}); none by default
 * @param retries how many times a run ending {@code RETRYABLE} is tried again, after which backoff (default: never)
 * @param capacity {@code evaluate} (default) or {@code exclude}: whether capacity stops are evaluated
 * @param evaluator how a run's answer is judged
 * @param agent the agent, as a scenario without a task (its script, if any, is every task's default)
 * @param tasks the tasks
 */
public record Suite(@Nullable String name, @Range(min = 1) @Nullable Integer repeats,
        @Range(min = 1) @Nullable Integer concurrency,
        @Range(min = 0, minExclusive = true, max = FileRules.MAX_MS) @Nullable Long taskTimeoutMs,
        Scenario.@Nullable RetriesDef retries, @Nullable String capacity,
        @Required EvaluatorDef evaluator, @Nullable Scenario agent,
        @Required List<TaskDef> tasks) {

    /** Validates what the types alone cannot. */
    public Suite {
        if (tasks != null && tasks.isEmpty()) {
            throw new IllegalArgumentException("tasks: needs at least one task, was []");
        }
    }

    /**
     * How answers are judged: exactly one type.
     *
     * @param type {@code exact} (the answer equals the task's expected text), {@code regex} ({@code pattern}, or the
     *     expected text as a pattern when absent), {@code jsonField} (the answer is JSON whose field at
     *     {@code pointer} equals {@code expected}, or the task's expected text), or {@code judge} (a model answers
     *     PASS or FAIL to the {@code rubric}; scripted by {@code script}, played from its start for every run, or the
     *     provider's model with --provider)
     * @param pattern for {@code regex}
     * @param pointer for {@code jsonField}: a JSON Pointer such as {@code /celsius}
     * @param expected for {@code jsonField}: the value the field must have
     * @param rubric for {@code judge}
     * @param script for {@code judge}: the scripted judge's answers, from the first for every run judged
     */
    public record EvaluatorDef(@Required String type, @Nullable String pattern,
            @Nullable String pointer, @Nullable Object expected, @Nullable String rubric,
            @Nullable List<StepDef> script) {}

    /**
     * A task.
     *
     * @param id its id, unique in the suite
     * @param input the user's first message
     * @param expected the expected answer, for the evaluator
     * @param script the scripted model's answers for this task (default: the agent's)
     */
    public record TaskDef(@Required String id, @Required String input,
            @Nullable String expected, @Nullable List<StepDef> script) {}
}
