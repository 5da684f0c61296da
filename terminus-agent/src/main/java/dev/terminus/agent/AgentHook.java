package dev.terminus.agent;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;

/**
 * Code that runs around model and tool calls and may halt the run. Every method defaults to proceeding.
 * A hook that throws ends the run {@code Failed} ({@code INTERNAL}); a hook that halts ends it {@code Halted}
 * with the source {@code before-model-hook}, {@code after-model-hook}, {@code before-tool-hook} or
 * {@code after-tool-hook}.
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
