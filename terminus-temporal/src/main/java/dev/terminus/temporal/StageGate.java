package dev.terminus.temporal;

import dev.terminus.Preconditions;

/**
 * The approval gate a pipeline waits at: the gate of the agent run of one of its stages, which waits in that stage
 * attempt's child {@link AgentWorkflow} ({@link PipelineWorkflows#pendingGate}).
 *
 * @param pipelineWorkflowId the pipeline's workflow
 * @param stage the stage's name
 * @param attempt which attempt of the stage, from 1
 * @param childWorkflowId the child workflow that waits at the gate, where the answer goes
 * @param gate the gate
 */
public record StageGate(String pipelineWorkflowId, String stage, int attempt, String childWorkflowId,
        PendingGate gate) {
    /** Validates that nothing is null or blank. */
    public StageGate {
        Preconditions.notBlank(pipelineWorkflowId, "StageGate.pipelineWorkflowId");
        Preconditions.notBlank(stage, "StageGate.stage");
        if (attempt < 1) {
            throw new IllegalArgumentException("StageGate.attempt must be >= 1, was " + attempt);
        }
        Preconditions.notBlank(childWorkflowId, "StageGate.childWorkflowId");
        Preconditions.notNull(gate, "StageGate.gate");
    }
}
