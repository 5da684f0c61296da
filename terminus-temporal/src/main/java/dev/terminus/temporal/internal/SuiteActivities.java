package dev.terminus.temporal.internal;

import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.wire.PipelineRunOutput;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** What a suite workflow cannot do itself: read the output of a child an earlier start of the suite finished. */
@ActivityInterface
public interface SuiteActivities {

    /**
     * @param workflowId an {@link dev.terminus.temporal.AgentWorkflow}'s id
     * @param wireVersion the call's wire version (ADR 0045); 0 (read as 1) in a call written before calls carried one
     * @return its run's output, once it has one
     */
    @ActivityMethod(name = "TerminusSuiteFinishedOutput")
    AgentRunOutput finishedOutput(String workflowId, int wireVersion);

    /**
     * @param workflowId a {@link dev.terminus.temporal.wire.PipelineWorkflow}'s id
     * @param wireVersion the call's wire version; 0 (read as 1) in a call written before calls carried one
     * @return its pipeline's output, once it has one (also when the workflow was cancelled)
     */
    @ActivityMethod(name = "TerminusSuiteFinishedPipelineOutput")
    PipelineRunOutput finishedPipelineOutput(String workflowId, int wireVersion);
}
