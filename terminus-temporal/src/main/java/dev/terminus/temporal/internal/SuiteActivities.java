package dev.terminus.temporal.internal;

import dev.terminus.temporal.AgentRunOutput;
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
}
