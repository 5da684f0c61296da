package dev.terminus.temporal.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.control.Continuation;
import dev.terminus.temporal.AgentRunOutput;

/**
 * How a run ends that continued as new across a deploy that changed its agent (its model, its tools or their argument
 * schemas, its final-answer tool, the tools needing approval, its output schema): {@code Failed} with category
 * {@code CONFIGURATION}, naming what changed, with the figures and transcript of the run so far. The changed agent
 * could not make the decisions the run's transcript was written for; the workflow completes instead of failing its
 * task again and again.
 */
final class ChangedAgent {
    /** The type of the error a changed agent ends the run with. */
    static final String TYPE = "dev.terminus.temporal.AgentChanged";

    private ChangedAgent() {}

    /**
     * @param from where the run was to go on from
     * @param what what changed, in words
     * @return the run's output
     */
    static AgentRunOutput output(Continuation from, String what) {
        Termination.Failed failed = new Termination.Failed(new ErrorInfo(TYPE, "the agent \"" + from.agentName()
                + "\" changed under a run that continued as new: " + what, ErrorCategory.CONFIGURATION));
        return new AgentRunOutput(failed, Outcome.FAILED, null, from.iterations(), from.toolCalls(), from.usage(),
                from.costUsd(), from.elapsed(), from.transcript(), null);
    }
}
