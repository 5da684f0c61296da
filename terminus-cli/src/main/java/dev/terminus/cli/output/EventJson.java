package dev.terminus.cli.output;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.StreamStats;

/**
 * A run's event as one JSON object, as {@code terminus run --stream --json} prints it: {@code "type"} names the event
 * ({@code TextDelta}, {@code TextDiscarded}, {@code ModelCalled}...), then its fields under their own names
 * ({@code "text"} of a {@code TextDelta}, {@code "characters"} and {@code "reason"} of a {@code TextDiscarded}). A
 * termination is in the wire format, usage as in the run's result, a stream's end as its tag ({@code finished},
 * {@code length}, {@code idle_timeout}...). The run's last event is not one of these: its result is printed as
 * {@link RunReport#json} prints it.
 */
final class EventJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private EventJson() {}

    /**
     * @param event any event of a run but its last
     * @return the event as JSON
     * @throws IllegalArgumentException for a {@link AgentEvent.RunTerminated}, whose result {@link RunReport#json}
     *     prints
     */
    static ObjectNode of(AgentEvent event) {
        ObjectNode node = NODES.objectNode();
        node.put("type", event.getClass().getSimpleName());
        node.put("agentName", event.agentName());
        switch (event) {
            case AgentEvent.RunStarted started -> node.put("model", started.model()).put("provider", started.provider());
            case AgentEvent.IterationStarted started -> node.put("iteration", started.iteration());
            case AgentEvent.TextDelta delta -> node.put("iteration", delta.iteration()).put("text", delta.text());
            case AgentEvent.TextDiscarded discarded -> node.put("iteration", discarded.iteration())
                    .put("characters", discarded.characters()).put("reason", discarded.reason());
            case AgentEvent.ModelCalled called -> {
                node.put("iteration", called.iteration()).put("model", called.model());
                node.set("usage", RunReport.usage(called.usage()));
                node.put("durationNanos", called.durationNanos());
                node.put("finishReason", called.finishReason() == null ? null : called.finishReason().name());
                node.put("error", called.error());
                if (called.stream() != null) {
                    node.set("stream", stream(called.stream()));
                }
            }
            case AgentEvent.ToolStarted started -> node.put("iteration", started.iteration())
                    .put("toolName", started.toolName()).put("toolCallId", started.toolCallId());
            case AgentEvent.ToolCalled called -> node.put("iteration", called.iteration())
                    .put("toolName", called.toolName()).put("durationNanos", called.durationNanos())
                    .put("error", called.error());
            case AgentEvent.ToolProgress progress -> node.put("iteration", progress.iteration())
                    .put("toolName", progress.toolName()).put("progress", progress.progress())
                    .put("total", progress.total()).put("message", progress.message());
            case AgentEvent.GuardTripped tripped -> {
                node.put("iteration", tripped.iteration());
                node.set("termination", Wire.encode(tripped.termination()));
            }
            case AgentEvent.RunTerminated terminated -> throw new IllegalArgumentException("the last event of a run is"
                    + " printed as its result, not as an event: " + terminated.result().termination().tag());
            // a kind of event added later: its components under their own names
            default -> node.setAll((ObjectNode) Wire.MAPPER.valueToTree(event));
        }
        return node;
    }

    private static ObjectNode stream(StreamStats stats) {
        ObjectNode node = NODES.objectNode();
        node.put("timeToFirstTextNanos", stats.timeToFirstTextNanos());
        node.put("deltas", stats.deltas());
        node.put("characters", stats.characters());
        node.put("end", stats.end().tag());
        return node;
    }
}
