package dev.terminus.opentelemetry.internal;

import dev.terminus.Outcome;
import dev.terminus.opentelemetry.TelemetryNames;
import io.opentelemetry.api.common.Attributes;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One agent's bounded name, its run span's name, and the attributes of its run metrics, built once per
 * (termination tag, category, outcome): a bounded set, since every part is bounded.
 */
final class AgentLabels {
    final String name;
    final String spanName;
    private final ConcurrentHashMap<RunKey, Attributes> runAttributes = new ConcurrentHashMap<>();

    AgentLabels(String name) {
        this.name = name;
        this.spanName = TelemetryNames.INVOKE_AGENT + " " + name;
    }

    /** @return the attributes of {@code terminus.run.completed} and {@code terminus.run.duration} */
    Attributes runAttributes(String tag, String category, Outcome outcome) {
        return runAttributes.computeIfAbsent(new RunKey(tag, category, outcome), key -> Attributes.of(
                Keys.TERMINATION, key.tag(),
                Keys.CATEGORY, key.category(),
                Keys.OUTCOME, key.outcome().name(),
                Keys.AGENT_NAME, name));
    }
}
