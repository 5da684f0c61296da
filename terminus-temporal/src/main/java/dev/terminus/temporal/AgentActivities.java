package dev.terminus.temporal;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * The calls of a run that leave the workflow: a model call and a tool call of a registered agent. Each is tried
 * once: the loop's own {@code RetryPolicy} decides what is retried (ADR 0018). A model's {@code ModelException}
 * crosses as a non-retryable {@code ApplicationFailure} that the workflow turns back into the same exception, so
 * the run ends as it would have in one process.
 */
@ActivityInterface(namePrefix = "Terminus")
public interface AgentActivities {

    /**
     * @param call the agent and the request
     * @return the model's answer
     */
    @ActivityMethod
    ModelAnswer chat(ModelCall call);

    /**
     * Calls a tool with {@link IdempotencyKey#current()} set to the call's key.
     *
     * @param call the agent, the tool, the arguments and the run so far
     * @return the result as the text the model reads: a string as it is, nothing as empty, any other value as JSON
     */
    @ActivityMethod
    String callTool(ToolInvocation call);
}
