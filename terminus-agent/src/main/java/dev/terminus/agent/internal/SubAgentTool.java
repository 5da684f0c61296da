package dev.terminus.agent.internal;

import dev.terminus.Outcome;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.ToolArgumentException;
import dev.terminus.agent.spi.ToolSpec;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An agent offered as a tool ({@link dev.terminus.agent.Tools#agent}): a call runs the agent on the task the model
 * gives, as a child of the calling run (see {@link ParentRun}). A child that succeeds answers with its final answer
 * (its structured output as JSON, when it has one); any other end is a failed call that names the termination.
 */
public final class SubAgentTool implements Tool {
    private static final Map<String, @Nullable Object> PARAMETERS = Map.of(
            "type", "object",
            "properties", Map.of("task", Map.of("type", "string",
                    "description", "what the agent is asked to do, with everything it needs to know")),
            "required", java.util.List.of("task"),
            "additionalProperties", false);

    private final ToolSpec spec;
    private final AgentSpec agent;

    /**
     * @param name the tool's name
     * @param description what the agent does, for the calling model
     * @param agent the agent
     */
    public SubAgentTool(String name, String description, AgentSpec agent) {
        this.spec = new ToolSpec(name, description, PARAMETERS);
        this.agent = Objects.requireNonNull(agent, "agent");
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    /** @return the agent the tool runs */
    public AgentSpec agent() {
        return agent;
    }

    @Override
    public @Nullable Object call(Map<String, @Nullable Object> arguments, RunContext context) throws Exception {
        if (!(arguments.get("task") instanceof String task) || task.isBlank()) {
            throw new ToolArgumentException("\"task\" must be a non-blank string, was " + arguments.get("task"));
        }
        RunResult result;
        if (context instanceof RunState parent && parent.tree.asParent != null) {
            ChildResumption paused = parent.tree.childResumption;
            parent.tree.childResumption = null; // once: the call's own retries start the child afresh
            result = paused != null
                    ? parent.tree.asParent.resumeChild(spec.name(), agent, paused.checkpoint(), paused.decision())
                    : parent.tree.asParent.runChild(spec.name(), agent, task);
        } else {
            result = RunTask.runInline(agent, RunTask.Entry.task(agent, task));
        }
        if (result.checkpoint().isPresent()) { // the child waits for a person: so does the run that called it
            throw new ChildPaused(result.checkpoint().get());
        }
        if (result.outcome() != Outcome.SUCCEEDED) {
            throw new ChildRunFailed(agent.config().name(), result);
        }
        return result.structuredOutput().orElseGet(() -> result.finalAnswer().orElse(""));
    }

    @Override
    public String toString() {
        return "Tool[" + spec.name() + " -> agent " + agent.config().name() + "]";
    }
}
