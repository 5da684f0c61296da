package dev.terminus.temporal.internal;

import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.AgentWorkflows;
import dev.terminus.temporal.PipelineWorkflows;
import dev.terminus.temporal.wire.PipelineRunOutput;
import dev.terminus.temporal.wire.WireVersion;
import io.temporal.activity.Activity;
import io.temporal.client.WorkflowFailedException;
import io.temporal.failure.ApplicationFailure;

/** Reads a finished child's output with the worker's own client. */
public final class SuiteActivitiesImpl implements SuiteActivities {

    @Override
    public AgentRunOutput finishedOutput(String workflowId, int wireVersion) {
        WireVersions.check(WireVersion.read(wireVersion, "wireVersion"), "the suite's reading of " + workflowId);
        try {
            return AgentWorkflows.output(
                    Activity.getExecutionContext().getWorkflowClient().newUntypedWorkflowStub(workflowId));
        } catch (WorkflowFailedException e) { // it has no output, and reading again will not give one
            throw ApplicationFailure.newNonRetryableFailureWithCause("workflow " + workflowId
                    + " ended without an output: " + e.getMessage(), "terminus.noOutput", e);
        }
    }

    @Override
    public PipelineRunOutput finishedPipelineOutput(String workflowId, int wireVersion) {
        WireVersions.check(WireVersion.read(wireVersion, "wireVersion"), "the suite's reading of " + workflowId);
        try {
            return PipelineWorkflows.output(
                    Activity.getExecutionContext().getWorkflowClient().newUntypedWorkflowStub(workflowId));
        } catch (WorkflowFailedException e) { // it has no output, and reading again will not give one
            throw ApplicationFailure.newNonRetryableFailureWithCause("workflow " + workflowId
                    + " ended without an output: " + e.getMessage(), "terminus.noOutput", e);
        }
    }
}
