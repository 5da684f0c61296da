package dev.terminus.agent.internal;

import dev.terminus.agent.Agent;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.ToolSpec;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The {@code transfer_to_<name>} tool of an agent with a handoff ({@link dev.terminus.agent.AgentBuilder#handoff}):
 * a call asks the run to go on with the other agent once the current round of calls is over; the run itself does the
 * handing over ({@link AgentRun}), so this tool only records the request.
 */
public final class HandoffTool implements Tool {
    /** The prefix of a handoff tool's name. */
    public static final String PREFIX = "transfer_to_";
    /** How the result of a call that handed the run over starts. */
    static final String TRANSFERRED = "Transferred to ";
    private static final Map<String, @Nullable Object> PARAMETERS = Map.of("type", "object", "properties", Map.of());

    private final String targetName;
    private final ToolSpec spec;
    private final Supplier<Agent> target;
    private volatile @Nullable AgentSpec resolved;

    /**
     * @param targetName the name of the agent the run is handed to
     * @param description when to hand over, for the model; null for a description made from the name
     * @param target the agent, resolved at the first handoff (so two agents may hand over to each other)
     */
    public HandoffTool(String targetName, @Nullable String description, Supplier<Agent> target) {
        this.targetName = Objects.requireNonNull(targetName, "targetName");
        this.spec = new ToolSpec(PREFIX + targetName, description != null ? description
                : "Hands the conversation over to " + targetName + ", who answers from here on.", PARAMETERS);
        this.target = Objects.requireNonNull(target, "target");
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    /** @return the name of the agent the run is handed to */
    public String targetName() {
        return targetName;
    }

    /**
     * @return the agent the run is handed to
     * @throws IllegalStateException when the supplier gives no agent, or one of another name
     */
    AgentSpec target() {
        AgentSpec spec = resolved;
        if (spec == null) {
            Agent agent = target.get();
            if (agent == null) {
                throw new IllegalStateException("the handoff to \"" + targetName + "\" supplied no agent");
            }
            spec = AgentAccess.spec(agent);
            if (!spec.config().name().equals(targetName)) {
                throw new IllegalStateException("the handoff to \"" + targetName + "\" supplied agent \""
                        + spec.config().name() + "\"");
            }
            resolved = spec;
        }
        return spec;
    }

    @Override
    public @Nullable Object call(Map<String, @Nullable Object> arguments, RunContext context) {
        if (!(context instanceof RunState run)) {
            throw new UnsupportedOperationException(spec.name() + " hands a run over: it is called by the loop");
        }
        target(); // a target that cannot be made fails this call, not the run after it
        HandoffTool already = run.tree.handoff;
        if (already != null && already != this) {
            throw new IllegalStateException("the run is already handed to " + already.targetName
                    + " by this answer: one handoff per answer");
        }
        run.tree.handoff = this;
        return TRANSFERRED + targetName + ", who answers from here on.";
    }

    @Override
    public String toString() {
        return "Tool[" + spec.name() + "]";
    }
}
