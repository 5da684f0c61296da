package dev.terminus.opentelemetry.internal;

import dev.terminus.Outcome;
import dev.terminus.opentelemetry.TelemetryNames;
import io.opentelemetry.api.common.Attributes;

/**
 * One agent's bounded name, its run span's name, and the attributes of its run metrics, built once per
 * (termination tag, category, outcome): a bounded set, since every part is bounded.
 */
final class AgentLabels {
    final String name;
    final String spanName;
    private final RunAttributes runAttributes;

    AgentLabels(String name) {
        this.name = name;
        this.spanName = TelemetryNames.INVOKE_AGENT + " " + name;
        this.runAttributes = new RunAttributes(Attributes.of(Keys.AGENT_NAME, name));
    }

    /** @return the attributes of {@code terminus.run.completed} and {@code terminus.run.duration} */
    Attributes runAttributes(String tag, String category, Outcome outcome) {
        return runAttributes.of(tag, category, outcome);
    }
}
