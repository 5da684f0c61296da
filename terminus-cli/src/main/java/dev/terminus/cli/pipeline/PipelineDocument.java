package dev.terminus.cli.pipeline;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.cli.scenario.FileRules.Required;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.Scenario.RetriesDef;
import dev.terminus.cli.scenario.Scenario.TokenBudgetDef;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A pipeline file's top level, as read; each stage is kept as an object, its fields split between the stage's
 * policies ({@link Policies}) and its agent (a {@link Scenario} without its task).
 *
 * @param name the pipeline's name (default: the file's base name)
 * @param expect the termination case the pipeline is meant to end with, checked by {@code --demo}
 * @param task the first stage's input
 * @param limits the pipeline's limits: its token budget
 * @param phases the phases' token budgets, by phase name
 * @param agents named agents the stages' tools call and hand their runs to, as in a scenario file
 * @param stages the stages, in order
 */
record PipelineDocument(@Nullable String name, @Nullable String expect,
        @Nullable String task, @Nullable Limits limits, @Nullable Map<String, Phase> phases,
        @Nullable Map<String, Scenario> agents, @Required List<ObjectNode> stages) {

    /** The fields of a stage that are its policies, not its agent's. */
    static final List<String> POLICY_FIELDS = List.of("skipWhen", "onFailure", "retries", "tokenBudget",
            "treatAsSuccess", "phase");

    /**
     * The pipeline's limits.
     *
     * @param tokenBudget the token budget all stages draw from
     */
    record Limits(@Nullable TokenBudgetDef tokenBudget) {}

    /**
     * A phase's settings.
     *
     * @param tokenBudget the token budget the phase's stages share, within the pipeline's
     */
    record Phase(@Nullable TokenBudgetDef tokenBudget) {}

    /**
     * When to skip a stage.
     *
     * @param answerContains skip when the answer the stage would take as its input contains this text
     */
    record SkipWhen(@Required String answerContains) {}

    /**
     * A stage's policies.
     *
     * @param skipWhen when to skip it
     * @param onFailure {@code abort} (default) or {@code continue}
     * @param retries how many times an attempt ending {@code RETRYABLE} is run again, after which backoff
     * @param tokenBudget its share of the pipeline's (and its phase's) budget
     * @param treatAsSuccess termination kinds (wire tags) counted as its success
     * @param phase the phase it belongs to
     */
    record Policies(@Nullable SkipWhen skipWhen, @Nullable String onFailure, @Nullable RetriesDef retries,
            @Nullable TokenBudgetDef tokenBudget, @Nullable List<String> treatAsSuccess, @Nullable String phase) {}
}
