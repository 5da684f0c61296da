package dev.terminus.opentelemetry;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentListener;
import dev.terminus.pipeline.Stage;
import dev.terminus.scripted.ScriptedModel;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.Map;

/** Real pipelines for the tests: agent stages over scripted models (see {@link Runs}) and function stages. */
final class Pipelines {
    static final String PIPELINE = "weekly-report";

    private Pipelines() {}

    /** @return the agent {@code researcher}: searches once, then answers; 20 input and 10 output tokens a run */
    static Agent researcher(AgentListener telemetry) {
        return Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build();
    }

    /** @return the agent {@code explorer}: searches for ever, stopped by its limit of 2 iterations */
    static Agent explorer(AgentListener telemetry) {
        ScriptedModel searching = Runs.model().toolCall(Runs.TOOL, Map.of("query", "more")).thenRepeatLast().build();
        return Agent.builder(searching)
                .config(AgentConfig.custom().name("explorer").maxIterations(2).build())
                .listener(telemetry)
                .tool(Runs.search())
                .build();
    }

    /** @return a stage {@code research} running a new {@link #researcher} each time (its script is used up by a run) */
    static Stage research(AgentListener telemetry) {
        return Stage.budgetedAgent("research", budget -> researcher(telemetry),
                ctx -> "Find sources on " + ctx.input());
    }

    /** @return a function stage {@code publish} that completes */
    static Stage publish() {
        return Stage.of("publish", ctx -> new Termination.Completed());
    }

    static String attribute(SpanData span, String key) {
        return span.getAttributes().get(AttributeKey.stringKey(key));
    }

    static Long longAttribute(SpanData span, String key) {
        return span.getAttributes().get(AttributeKey.longKey(key));
    }
}
