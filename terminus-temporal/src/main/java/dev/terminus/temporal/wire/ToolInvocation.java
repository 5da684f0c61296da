package dev.terminus.temporal.wire;

import dev.terminus.Preconditions;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A tool call of a registered agent as it crosses the wire.
 *
 * @param agentName the agent
 * @param toolName the tool
 * @param idempotencyKey {@code "<workflow id>:<tool call id>"} ({@code "<workflow id>:<ids of the calls that started
 *     the run>/<tool call id>"} in a child run of a tree): the same for every attempt at the same call
 * @param arguments the arguments the model passed, a JSON object as plain Java values
 * @param run the run so far, which the tool gets as its {@code RunContext}
 * @param wireVersion the {@link WireVersion} the input was written in; absent (read as 1) from inputs written before
 *     inputs carried one
 */
public record ToolInvocation(String agentName, String toolName, String idempotencyKey,
        Map<String, @Nullable Object> arguments, RunSnapshot run, int wireVersion) {

    /** Validates that nothing is null. */
    public ToolInvocation {
        Preconditions.notNull(agentName, "ToolInvocation.agentName");
        Preconditions.notNull(toolName, "ToolInvocation.toolName");
        Preconditions.notNull(idempotencyKey, "ToolInvocation.idempotencyKey");
        Objects.requireNonNull(arguments, "ToolInvocation.arguments");
        Preconditions.notNull(run, "ToolInvocation.run");
        wireVersion = WireVersion.read(wireVersion, "ToolInvocation.wireVersion");
    }

    /**
     * A call of this build's {@link WireVersion}.
     *
     * @param agentName the agent
     * @param toolName the tool
     * @param idempotencyKey the same for every attempt at the same call
     * @param arguments the arguments the model passed
     * @param run the run so far
     */
    public ToolInvocation(String agentName, String toolName, String idempotencyKey,
            Map<String, @Nullable Object> arguments, RunSnapshot run) {
        this(agentName, toolName, idempotencyKey, arguments, run, WireVersion.CURRENT);
    }
}
