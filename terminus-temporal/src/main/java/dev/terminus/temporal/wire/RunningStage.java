package dev.terminus.temporal.wire;

import dev.terminus.Preconditions;

/**
 * The stage attempt a {@link PipelineWorkflow} waits on: its child {@code AgentWorkflow}, which a client asks for the
 * gate it waits at and answers there ({@code PipelineWorkflows.pendingGate}, {@code PipelineWorkflows.answer}).
 *
 * @param stage the stage's name
 * @param attempt which attempt, from 1
 * @param childWorkflowId the id of the attempt's child workflow
 */
public record RunningStage(String stage, int attempt, String childWorkflowId) {
    /** Validates the components. */
    public RunningStage {
        Preconditions.notBlank(stage, "RunningStage.stage");
        if (attempt < 1) {
            throw new IllegalArgumentException("RunningStage.attempt must be >= 1, was " + attempt);
        }
        Preconditions.notBlank(childWorkflowId, "RunningStage.childWorkflowId");
    }
}
