package dev.terminus.agent;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;

/**
 * Code that runs before each iteration and around model and tool calls, and may end the run. Every method defaults
 * to proceeding. Hooks are asked in the order they were added; the first one that does not proceed decides and the
 * later ones are not asked. A hook that halts ends the run {@code Halted} with the source
 * {@code before-iteration-hook}, {@code before-model-hook}, {@code after-model-hook}, {@code before-tool-hook} or
 * {@code after-tool-hook}; a hook that {@linkplain HookDecision#end ends} it ends it with the application's own case
 * it gave; a hook that throws ends it {@code Failed} ({@code INTERNAL}). Every tool call the run does not get to is
 * answered in the transcript. Where each position stands among the loop's own checks is written in ADR 0007
 * ({@code docs/adr/0007-order-of-checks.md}).
 *
 * {@snippet :
 * AgentHook noDeletes = new AgentHook() {
 *     @Override public HookDecision beforeTool(RunContext run, ToolCall call) {
 *         return call.name().startsWith("delete_") ? HookDecision.halt("tool " + call.name() + " is forbidden")
 *                 : HookDecision.proceed();
 *     }
 * };
 * }
 */
public interface AgentHook {

    /**
     * Asked at the start of every iteration, after the loop's own checks (cancellation, the deadline, the iteration
     * cap, the token and cost budgets, budget pressure) and before the iteration opens: a run this ends does not
     * count the iteration, and no {@code IterationStarted} event is published for it.
     *
     * @param run the run so far ({@code run.iteration()} is still the previous iteration, 0 before the first)
     * @param iteration the iteration about to start, counting from 1
     * @return whether to go on
     */
    default HookDecision beforeIteration(RunContext run, int iteration) {
        return HookDecision.proceed();
    }

    /**
     * @param run the run so far
     * @param request what is about to be sent
     * @return whether to go on
     */
    default HookDecision beforeModel(RunContext run, ModelRequest request) {
        return HookDecision.proceed();
    }

    /**
     * @param run the run so far
     * @param response what the model answered (not yet in the transcript)
     * @return whether to go on
     */
    default HookDecision afterModel(RunContext run, ModelResponse response) {
        return HookDecision.proceed();
    }

    /**
     * @param run the run so far
     * @param call the call about to be executed
     * @return whether to go on
     */
    default HookDecision beforeTool(RunContext run, ToolCall call) {
        return HookDecision.proceed();
    }

    /**
     * @param run the run so far
     * @param call the call executed
     * @param result its result (not yet in the transcript)
     * @return whether to go on
     */
    default HookDecision afterTool(RunContext run, ToolCall call, Message.ToolResult result) {
        return HookDecision.proceed();
    }
}
