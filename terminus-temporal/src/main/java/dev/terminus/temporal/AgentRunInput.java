package dev.terminus.temporal;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.terminus.Preconditions;
import dev.terminus.temporal.wire.WireVersion;
import dev.terminus.agent.control.Continuation;
import dev.terminus.temporal.wire.ModelCall;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What an {@link AgentWorkflow} runs: a task from its start, or a long run going on in a fresh execution of the same
 * workflow (continue-as-new) from where the previous execution stopped it; of an agent registered on the worker by
 * name, or of an agent a document defines (a scenario, say) that the worker's {@link AgentResolver} builds.
 *
 * @param agentName the name of an agent of the worker's {@link AgentRecipes}, or of the defined agent
 * @param task the task, as the user's first message
 * @param continuation where the run goes on from, or null for a run from its start
 * @param definition the document that defines the agent, or null for a registered agent; it travels in the
 *     workflow's input only (the model and tool calls name it by its digest, see {@link AgentRecipes#key})
 * @param modelCalls the model calls the run made in earlier executions: the number of this execution's first
 *     ({@link ModelCall#sequence()}); 0 for a run from its start
 * @param shape for a run that goes on from a continuation, what its transcript depends on in the agent that wrote it
 *     (its model's name, a digest of each tool's argument schema), so that a deploy that changed them ends the run
 *     naming what changed; empty for a run from its start. After a handoff, the shape of the agent that has the run
 * @param agentModelCalls the model calls the run's other agents (the agents it offers as tools, the agents it was
 *     handed to, {@link AgentMaterials#agent(String)}) made in earlier executions, by the name they are registered
 *     under: the number of each one's first call in this execution; empty for a run from its start, or one whose
 *     agent called no other
 * @param children the runs of the agents the run called as tools in earlier executions, in the order they ended,
 *     without their transcripts: the workflow's output puts them before this execution's; empty for a run from its
 *     start, or one that called no agent before it continued as new
 * @param earlier for a run that goes on in a fresh execution, where the state it refers to instead of carrying it is
 *     (the continuation, recorded by earlier executions, and the definition): the input then has neither; null for
 *     an input that carries all of its run's state
 * @param wireVersion the {@link WireVersion} the input was written in; absent (read as 1) from inputs written before
 *     inputs carried one
 */
public record AgentRunInput(String agentName, String task, @Nullable Continuation continuation,
        @Nullable String definition, long modelCalls, Map<String, String> shape,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> agentModelCalls,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ChildRunOutput> children,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable EarlierParts earlier, int wireVersion) {
    /**
     * Validates that the agent and the task are given, and the model calls not negative; copies the shape, the
     * other agents' calls and the children.
     */
    public AgentRunInput {
        Preconditions.notNull(agentName, "AgentRunInput.agentName");
        Preconditions.notNull(task, "AgentRunInput.task");
        if (modelCalls < 0) {
            throw new IllegalArgumentException("AgentRunInput.modelCalls must be >= 0, was " + modelCalls);
        }
        // an input written before shapes were carried has none
        shape = shape == null ? Map.of() : Map.copyOf(shape);
        // nor one written before trees ran on Temporal
        agentModelCalls = agentModelCalls == null ? Map.of() : Map.copyOf(agentModelCalls);
        agentModelCalls.forEach((name, calls) -> {
            if (calls == null || calls < 0) {
                throw new IllegalArgumentException("AgentRunInput.agentModelCalls[\"" + name + "\"] must be >= 0,"
                        + " was " + calls);
            }
        });
        // nor one written before a continued run carried its children
        children = children == null ? List.of() : Preconditions.immutableList(children, "AgentRunInput.children");
        if (earlier != null && continuation != null) {
            throw new IllegalArgumentException("AgentRunInput.earlier refers to the continuation the input does not"
                    + " carry: give one or the other");
        }
        wireVersion = WireVersion.read(wireVersion, "AgentRunInput.wireVersion");
    }

    /**
     * An input of this build's {@link WireVersion}.
     *
     * @param agentName the name of an agent of the worker's {@link AgentRecipes}, or of the defined agent
     * @param task the task, as the user's first message
     * @param continuation where the run goes on from, or null for a run from its start or one that refers to it
     * @param definition the document that defines the agent, or null for a registered agent or one that refers to it
     * @param modelCalls the model calls the run's own agent made in earlier executions
     * @param shape for a run that goes on from a continuation, what its transcript depends on in its agent
     * @param agentModelCalls the model calls the run's other agents made in earlier executions, by registered name
     * @param children the runs of the agents the run called as tools in earlier executions, in order
     * @param earlier where the state the input refers to is, or null for an input that carries all of it
     */
    public AgentRunInput(String agentName, String task, @Nullable Continuation continuation,
            @Nullable String definition, long modelCalls, Map<String, String> shape,
            Map<String, Long> agentModelCalls, List<ChildRunOutput> children, @Nullable EarlierParts earlier) {
        this(agentName, task, continuation, definition, modelCalls, shape, agentModelCalls, children, earlier,
                WireVersion.CURRENT);
    }

    /**
     * An input that carries all of its run's state.
     *
     * @param agentName the name of an agent of the worker's {@link AgentRecipes}, or of the defined agent
     * @param task the task, as the user's first message
     * @param continuation where the run goes on from, or null for a run from its start
     * @param definition the document that defines the agent, or null for a registered agent
     * @param modelCalls the model calls the run's own agent made in earlier executions
     * @param shape for a run that goes on from a continuation, what its transcript depends on in its agent
     * @param agentModelCalls the model calls the run's other agents made in earlier executions, by registered name
     * @param children the runs of the agents the run called as tools in earlier executions, in order
     */
    public AgentRunInput(String agentName, String task, @Nullable Continuation continuation,
            @Nullable String definition, long modelCalls, Map<String, String> shape,
            Map<String, Long> agentModelCalls, List<ChildRunOutput> children) {
        this(agentName, task, continuation, definition, modelCalls, shape, agentModelCalls, children, null);
    }

    /**
     * An input that carries no children of earlier executions.
     *
     * @param agentName the name of an agent of the worker's {@link AgentRecipes}, or of the defined agent
     * @param task the task, as the user's first message
     * @param continuation where the run goes on from, or null for a run from its start
     * @param definition the document that defines the agent, or null for a registered agent
     * @param modelCalls the model calls the run's own agent made in earlier executions
     * @param shape for a run that goes on from a continuation, what its transcript depends on in its agent
     * @param agentModelCalls the model calls the run's other agents made in earlier executions, by registered name
     */
    public AgentRunInput(String agentName, String task, @Nullable Continuation continuation,
            @Nullable String definition, long modelCalls, Map<String, String> shape,
            Map<String, Long> agentModelCalls) {
        this(agentName, task, continuation, definition, modelCalls, shape, agentModelCalls, List.of());
    }

    /**
     * An input whose run's agent called no other agent in earlier executions.
     *
     * @param agentName the name of an agent of the worker's {@link AgentRecipes}, or of the defined agent
     * @param task the task, as the user's first message
     * @param continuation where the run goes on from, or null for a run from its start
     * @param definition the document that defines the agent, or null for a registered agent
     * @param modelCalls the model calls the run made in earlier executions
     * @param shape for a run that goes on from a continuation, what its transcript depends on in its agent
     */
    public AgentRunInput(String agentName, String task, @Nullable Continuation continuation,
            @Nullable String definition, long modelCalls, Map<String, String> shape) {
        this(agentName, task, continuation, definition, modelCalls, shape, Map.of());
    }

    /**
     * An input without a shape.
     *
     * @param agentName the name of an agent of the worker's {@link AgentRecipes}, or of the defined agent
     * @param task the task, as the user's first message
     * @param continuation where the run goes on from, or null for a run from its start
     * @param definition the document that defines the agent, or null for a registered agent
     * @param modelCalls the model calls the run made in earlier executions
     */
    public AgentRunInput(String agentName, String task, @Nullable Continuation continuation,
            @Nullable String definition, long modelCalls) {
        this(agentName, task, continuation, definition, modelCalls, Map.of());
    }

    /**
     * A run of a registered agent from its start.
     *
     * @param agentName the name of an agent of the worker's {@link AgentRecipes}
     * @param task the task, as the user's first message
     */
    public AgentRunInput(String agentName, String task) {
        this(agentName, task, null, null, 0);
    }

    /**
     * A run of a registered agent going on from a continuation, its model calls numbered from 0 again.
     *
     * @param agentName the name of an agent of the worker's {@link AgentRecipes}
     * @param task the task, as the user's first message
     * @param continuation where the run goes on from, or null for a run from its start
     */
    public AgentRunInput(String agentName, String task, @Nullable Continuation continuation) {
        this(agentName, task, continuation, null, 0);
    }

    /**
     * A run, from its start, of the agent a document defines.
     *
     * @param agentName the agent's name
     * @param task the task, as the user's first message
     * @param definition the document, which the worker's {@link AgentResolver} builds the agent from
     * @return the input
     */
    public static AgentRunInput defined(String agentName, String task, String definition) {
        return new AgentRunInput(agentName, task, null, Preconditions.notNull(definition, "definition"), 0);
    }

    /**
     * The input of the execution this run goes on in: the same agent (and definition) and task.
     *
     * @param from where the run goes on from
     * @param callsMade the model calls the run has made so far, in every execution
     * @param shape what the run's transcript depends on in its agent now
     * @return the input
     */
    public AgentRunInput continued(Continuation from, long callsMade, Map<String, String> shape) {
        return continued(from, callsMade, Map.of(), shape);
    }

    /**
     * The input of the execution this run goes on in, for a run whose agent called other agents: the same agent (and
     * definition) and task.
     *
     * @param from where the run goes on from
     * @param callsMade the model calls the run's own agent has made so far, in every execution
     * @param otherCalls the model calls each other agent of the run has made so far, by its registered name
     * @param shape what the run's transcript depends on in the agent that has the run now
     * @return the input
     */
    public AgentRunInput continued(Continuation from, long callsMade, Map<String, Long> otherCalls,
            Map<String, String> shape) {
        return continued(from, callsMade, otherCalls, shape, List.of());
    }

    /**
     * The input of the execution this run goes on in, for a run whose tree called agents as tools: the same agent
     * (and definition) and task.
     *
     * @param from where the run goes on from
     * @param callsMade the model calls the run's own agent has made so far, in every execution
     * @param otherCalls the model calls each other agent of the run has made so far, by its registered name
     * @param shape what the run's transcript depends on in the agent that has the run now
     * @param childrenSoFar the runs of the agents the run called as tools so far, in every execution, in order
     * @return the input
     */
    public AgentRunInput continued(Continuation from, long callsMade, Map<String, Long> otherCalls,
            Map<String, String> shape, List<ChildRunOutput> childrenSoFar) {
        return new AgentRunInput(agentName, task, Preconditions.notNull(from, "from"), definition, callsMade,
                Preconditions.notNull(shape, "shape"), Preconditions.notNull(otherCalls, "otherCalls"),
                Preconditions.notNull(childrenSoFar, "childrenSoFar"));
    }

    /**
     * The input of a fresh execution that refers to the state earlier executions recorded instead of carrying it: the
     * same agent and task, without its continuation and its definition.
     *
     * @param parts where the state is
     * @return the input
     */
    public AgentRunInput referring(EarlierParts parts) {
        return new AgentRunInput(agentName, task, null, null, modelCalls, shape, agentModelCalls, children,
                Preconditions.notNull(parts, "parts"));
    }

    /**
     * This input with the state it referred to in place.
     *
     * @param definition the definition, or null for a registered agent
     * @param from where the run goes on from, rebuilt from the parts
     * @return the input, with no {@link #earlier()}
     */
    public AgentRunInput carrying(@Nullable String definition, Continuation from) {
        return new AgentRunInput(agentName, task, Preconditions.notNull(from, "from"), definition, modelCalls, shape,
                agentModelCalls, children, null);
    }

    /**
     * This input with the definition it referred to in place, for a run's first execution whose definition is in its
     * suite's input (ADR 0044).
     *
     * @param definition the definition
     * @return the input, with no {@link #earlier()}
     */
    public AgentRunInput defining(String definition) {
        return new AgentRunInput(agentName, task, continuation, Preconditions.notNull(definition, "definition"),
                modelCalls, shape, agentModelCalls, children, null);
    }
}
