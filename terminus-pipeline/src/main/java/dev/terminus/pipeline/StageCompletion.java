package dev.terminus.pipeline;

import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import org.jspecify.annotations.Nullable;

/**
 * Judges a stage's attempt once it has ended: keeps the termination the agent loop (or the stage function) gave, or
 * replaces it with the application's own, a {@link Termination.Custom} or a {@link Termination.Extension}. Called
 * after every attempt, before the retry decision, so a replacement with category
 * {@link dev.terminus.Category#RETRYABLE} asks for a retry. Not called for a stage that was skipped or cancelled.
 *
 * <p>Returning any other framework case, or null, is a defect of the callback: the stage ends {@code Failed} with
 * {@link dev.terminus.ErrorCategory#INTERNAL}, as it does when the callback throws.
 *
 * {@snippet :
 * // given: Agent writer
 * Stage draft = Stage.agent("draft", writer, ctx -> "Draft a reply to: " + ctx.input())
 *         .onComplete((termination, run) -> run != null && run.finalAnswer().orElse("").contains("TODO")
 *                 ? Termination.Custom.of("draft still has TODOs", Category.RETRYABLE)
 *                 : termination)
 *         .retryPolicy(RetryPolicy.immediate(1));
 * }
 */
@FunctionalInterface
public interface StageCompletion {

    /**
     * @param termination how the attempt ended
     * @param run the attempt's agent run; null for a function stage, or when no agent ran
     * @return {@code termination} to keep it, or a {@code Custom} or an {@code Extension} to replace it
     * @throws Exception when the callback fails
     */
    Termination complete(Termination termination, @Nullable RunResult run) throws Exception;
}
