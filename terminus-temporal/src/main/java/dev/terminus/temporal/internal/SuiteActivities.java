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
     * @return its run's output, once it has one
     */
    @ActivityMethod(name = "TerminusSuiteFinishedOutput")
    AgentRunOutput finishedOutput(String workflowId);

    /**
     * @param workflowId a {@link dev.terminus.temporal.wire.PipelineWorkflow}'s id
     * @return its pipeline's output, once it has one (also when the workflow was cancelled)
     */
    @ActivityMethod(name = "TerminusSuiteFinishedPipelineOutput")
    PipelineRunOutput finishedPipelineOutput(String workflowId);
}
