package dev.terminus.temporal.wire;

import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.temporal.IdempotencyKey;
import dev.terminus.temporal.ServedTools;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;
import java.util.List;

/**
 * The calls of a run that leave the workflow: a model call and a tool call of a registered agent, and the listing of
 * the agent's {@link ServedTools}, which only a worker that starts them can list. Each call is tried
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

    /**
     * Lists the specs of an agent's {@link ServedTools}, starting them on this worker if they are not yet (once per
     * resolved agent): the workflow builds its stand-ins of those tools from the answer, which its history keeps.
     *
     * @param agentName the agent
     * @param wireVersion the {@link WireVersion} of the call; 0 (read as 1) in a call written before calls carried one
     * @return the served tools' specs, in the order the agent offers them; none when the agent has no served tools
     */
    @ActivityMethod
    List<ToolSpec> servedToolSpecs(String agentName, int wireVersion);
}
