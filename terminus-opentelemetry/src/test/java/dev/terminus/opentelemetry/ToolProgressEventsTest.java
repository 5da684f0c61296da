package dev.terminus.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.AgentListener;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A tool's progress reports are events on its run's span. */
class ToolProgressEventsTest {
    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener telemetry = TerminusTelemetry.of(otel.sdk);

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    @Test
    void eachProgressReportIsAnEventOnTheRunSpanWithTheToolAndHowFarItGot() {
        // given
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search((arguments, run) -> {
            run.reportProgress(Runs.TOOL, 1, 4.0, "page 1");
            return "source A";
        })).build();

        // when
        agent.run(Runs.TASK);

        // then
        SpanData run = otel.onlySpanNamed("invoke_agent researcher");
        assertThat(run.getEvents()).hasSize(1);
        EventData progress = run.getEvents().get(0);
        assertThat(progress.getName()).isEqualTo("terminus.tool.progress");
        assertThat(progress.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name"))).isEqualTo(Runs.TOOL);
        assertThat(progress.getAttributes().get(AttributeKey.doubleKey("terminus.tool.progress"))).isEqualTo(1.0);
        assertThat(progress.getAttributes().get(AttributeKey.doubleKey("terminus.tool.progress.total"))).isEqualTo(4.0);
    }
}
