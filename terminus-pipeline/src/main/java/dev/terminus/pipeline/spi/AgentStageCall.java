package dev.terminus.pipeline.spi;

import dev.terminus.Preconditions;
import dev.terminus.agent.TokenBudget;

/**
 * What one attempt of a stage asks its runner for: read-only.
 *
 * @param pipelineName the pipeline's name
 * @param stageName the stage's name
 * @param attempt which attempt of the stage this is, from 1 (a retry has 2 and up)
 * @param task the agent's task, made from the pipeline's context
 * @param allowance the most the agent's run may use: per kind, the least of the stage's own budget and what remains
 *     of the pipeline's and the phase's ({@link TokenBudget#UNLIMITED} when none is capped)
 */
public record AgentStageCall(String pipelineName, String stageName, int attempt, String task, TokenBudget allowance) {

    /** Validates every component, naming a bad one. */
    public AgentStageCall {
        Preconditions.notBlank(pipelineName, "AgentStageCall.pipelineName");
        Preconditions.notBlank(stageName, "AgentStageCall.stageName");
        if (attempt < 1) {
            throw new IllegalArgumentException("AgentStageCall.attempt must be at least 1, was " + attempt);
        }
        Preconditions.notNull(task, "AgentStageCall.task");
        Preconditions.notNull(allowance, "AgentStageCall.allowance");
    }
}
