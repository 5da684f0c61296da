package dev.terminus.agent.internal;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.AgentHook;
import dev.terminus.agent.HookDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The agent's hooks at each of their positions: asked in the order they were added, the first decision that does
 * not proceed becomes the run's termination ({@code Halted} with the position as the source, or the application's
 * own case of {@link HookDecision.End}). A hook answering null proceeds.
 */
final class Hooks {
    static final String BEFORE_ITERATION = "before-iteration-hook";
    static final String BEFORE_MODEL = "before-model-hook";
    static final String AFTER_MODEL = "after-model-hook";
    static final String BEFORE_TOOL = "before-tool-hook";
    static final String AFTER_TOOL = "after-tool-hook";

    private static final Hooks NONE = new Hooks(List.of());

    private final List<AgentHook> hooks;

    private Hooks(List<AgentHook> hooks) {
        this.hooks = hooks;
    }

    /** @param hooks the agent's hooks, in order, immutable @return them, shared when there are none */
    static Hooks of(List<AgentHook> hooks) {
        return hooks.isEmpty() ? NONE : new Hooks(hooks);
    }

    /** @return whether the agent has no hook (callers then skip asking, which allocates) */
    boolean none() {
        return hooks.isEmpty();
    }

    @Nullable Termination beforeIteration(RunContext run, int iteration) {
        return first(BEFORE_ITERATION, hook -> hook.beforeIteration(run, iteration));
    }

    @Nullable Termination beforeModel(RunContext run, ModelRequest request) {
        return first(BEFORE_MODEL, hook -> hook.beforeModel(run, request));
    }

    @Nullable Termination afterModel(RunContext run, ModelResponse response) {
        return first(AFTER_MODEL, hook -> hook.afterModel(run, response));
    }

    @Nullable Termination beforeTool(RunContext run, ToolCall call) {
        return first(BEFORE_TOOL, hook -> hook.beforeTool(run, call));
    }

    @Nullable Termination afterTool(RunContext run, ToolCall call, Message.ToolResult result) {
        return first(AFTER_TOOL, hook -> hook.afterTool(run, call, result));
    }

    /** The termination of the first hook that does not proceed, or null when they all do. */
    private @Nullable Termination first(String source, Function<AgentHook, @Nullable HookDecision> ask) {
        for (AgentHook hook : hooks) {
            HookDecision decision = ask.apply(hook);
            if (decision instanceof HookDecision.Halt(String reason)) {
                return new Termination.Halted(source, reason);
            }
            if (decision instanceof HookDecision.End(Termination termination)) {
                return termination;
            }
        }
        return null;
    }
}
