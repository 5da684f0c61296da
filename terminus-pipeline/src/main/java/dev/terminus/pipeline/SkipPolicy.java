package dev.terminus.pipeline;

import dev.terminus.Preconditions;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Decides, when a pipeline reaches a stage, whether to run it. A stage skipped ends {@code Skipped(reason)} with
 * outcome {@link dev.terminus.Outcome#SKIPPED}, and the pipeline goes on. A policy that throws ends the stage
 * {@code Failed} with {@link dev.terminus.ErrorCategory#INTERNAL}.
 *
 * {@snippet :
 * // given: Agent reviewer
 * Stage review = Stage.agent("review", reviewer, ctx -> "Review: " + ctx.previousAnswer().orElse(""))
 *         .skipWhen(SkipPolicy.when(ctx -> ctx.input().length() < 100, "short input needs no review"));
 * }
 */
@FunctionalInterface
public interface SkipPolicy {

    /**
     * @param context the pipeline's input and the results of the stages before this one
     * @return the reason to skip the stage, or empty to run it
     * @throws Exception when the policy cannot decide
     */
    Optional<String> skipReason(PipelineContext context) throws Exception;

    /**
     * A policy that skips when a condition holds.
     *
     * @param condition whether to skip
     * @param reason the reason reported in {@code Skipped}
     * @return the policy
     */
    static SkipPolicy when(Predicate<PipelineContext> condition, String reason) {
        Preconditions.notNull(condition, "condition");
        Preconditions.notNull(reason, "reason");
        return context -> condition.test(context) ? Optional.of(reason) : Optional.empty();
    }
}
