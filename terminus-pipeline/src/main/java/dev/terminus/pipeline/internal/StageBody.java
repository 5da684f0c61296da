package dev.terminus.pipeline.internal;

import dev.terminus.agent.Agent;
import dev.terminus.agent.TokenBudget;
import dev.terminus.pipeline.PipelineContext;
import dev.terminus.pipeline.StageFunction;
import dev.terminus.pipeline.spi.AgentStageRunner;
import java.util.function.Function;

/**
 * What a stage runs: a prebuilt agent, an agent made for the stage's token allowance, an agent run done elsewhere by a
 * runner, or a plain function.
 */
public sealed interface StageBody {

    /** @return whether the body runs an agent, and so draws tokens from the pipeline's budget */
    default boolean drawsTokens() {
        return !(this instanceof FunctionBody);
    }

    /**
     * A prebuilt agent: it keeps its own token budget, which must fit what the stage may use.
     *
     * @param agent the agent
     * @param task the task, made from the context
     */
    record AgentBody(Agent agent, Function<PipelineContext, String> task) implements StageBody {}

    /**
     * An agent made for each attempt with the attempt's token allowance.
     *
     * @param factory makes the agent for an allowance
     * @param task the task, made from the context
     */
    record BudgetedAgentBody(Function<TokenBudget, Agent> factory, Function<PipelineContext, String> task)
            implements StageBody {}

    /**
     * An agent run done elsewhere (a durable workflow, say), asked for with each attempt's token allowance.
     *
     * @param runner runs the agent and returns its run
     * @param task the task, made from the context
     */
    record RunnerBody(AgentStageRunner runner, Function<PipelineContext, String> task) implements StageBody {}

    /**
     * A plain step.
     *
     * @param function the step
     */
    record FunctionBody(StageFunction function) implements StageBody {}
}
