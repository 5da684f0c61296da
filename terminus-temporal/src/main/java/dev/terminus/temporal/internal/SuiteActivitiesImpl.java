package dev.terminus.temporal.internal;

import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.AgentWorkflows;
import dev.terminus.temporal.PipelineWorkflows;
import dev.terminus.temporal.wire.PipelineRunOutput;
import dev.terminus.temporal.wire.WireVersion;
import io.temporal.activity.Activity;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.ApplicationFailure;
import java.util.function.Function;

/** Reads a finished child's output with the worker's own client. */
public final class SuiteActivitiesImpl implements SuiteActivities {

    @Override
    public AgentRunOutput finishedOutput(String workflowId, int wireVersion) {
        return finished(workflowId, wireVersion, AgentWorkflows::output);
    }

    @Override
    public PipelineRunOutput finishedPipelineOutput(String workflowId, int wireVersion) {
        return finished(workflowId, wireVersion, PipelineWorkflows::output);
    }

    /**
     * @param workflowId the child's id
     * @param wireVersion the call's wire version (ADR 0045)
     * @param output how its output is read from its stub
     * @return its output
     * @throws ApplicationFailure (not retried) when it ended without one: reading again will not give one
     */
    private static <T> T finished(String workflowId, int wireVersion, Function<WorkflowStub, T> output) {
        WireVersions.check(WireVersion.read(wireVersion, "wireVersion"), "the suite's reading of " + workflowId);
        try {
            return output.apply(Activity.getExecutionContext().getWorkflowClient().newUntypedWorkflowStub(workflowId));
        } catch (WorkflowFailedException e) {
            throw ApplicationFailure.newNonRetryableFailureWithCause("workflow " + workflowId
                    + " ended without an output: " + e.getMessage(), "terminus.noOutput", e);
        }
    }
}
