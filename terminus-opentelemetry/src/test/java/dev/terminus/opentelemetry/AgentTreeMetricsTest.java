package dev.terminus.opentelemetry;

import static dev.terminus.opentelemetry.InMemoryTelemetry.key;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.opentelemetry.internal.TelemetryListener;
import dev.terminus.scripted.ScriptedModel;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A run handed from agent to agent is one run span; every run of a tree counts under the agent that ended it. */
@Timeout(30)
class AgentTreeMetricsTest {
    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener telemetry = TerminusTelemetry.of(otel.sdk);

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    private static Attributes succeeded(String agent) {
        return Attributes.builder()
                .put("terminus.termination", "NaturalCompletion")
                .put("terminus.category", "SUCCESS")
                .put("terminus.outcome", "SUCCEEDED")
                .put("gen_ai.agent.name", agent)
                .build();
    }

    /** Triage hands the run to billing, whose model calls its refund tool, then answers. */
    private Agent triageToBilling() {
        var billing = Agent.builder(ScriptedModel.builder().name("billing-model").callIdPrefix("billing_")
                        .toolCall("refund", Map.of("order", "A-1")).text("Refunded.").build())
                .name("billing").tool(Tools.of("refund", "Refunds an order", Map.of("type", "object"),
                        (arguments, run) -> "refunded"))
                .build();
        return Agent.builder(ScriptedModel.builder().name("triage-model")
                        .toolCall("transfer_to_billing", Map.of()).text("never").build())
                .name("triage").listener(telemetry).handoff(billing).build();
    }

    @Test
    void aHandedOverRunIsOneRunSpanThatMarksTheHandoffAndNamesTheAgentThatEndedIt() {
        // given
        var triage = triageToBilling();

        // when
        RunResult result = triage.run("I want my money back");

        // then
        assertThat(result.agentName()).contains("billing");
        SpanData run = otel.onlySpanNamed("invoke_agent triage");
        assertThat(otel.spansNamed("invoke_agent billing")).isEmpty();
        assertThat(otel.finishedSpans()).filteredOn(span -> span != run).extracting(SpanData::getName)
                .containsExactlyInAnyOrder("chat triage-model", "execute_tool transfer_to_billing",
                        "chat billing-model", "execute_tool refund", "chat billing-model");
        assertThat(otel.finishedSpans()).filteredOn(span -> span != run)
                .allSatisfy(span -> assertThat(span.getParentSpanId()).isEqualTo(run.getSpanId()));
        assertThat(run.getAttributes().get(key("gen_ai.agent.name"))).isEqualTo("triage");
        assertThat(run.getAttributes().get(key("terminus.final_agent.name"))).isEqualTo("billing");
        assertThat(run.getEvents()).singleElement().satisfies((EventData event) -> {
            assertThat(event.getName()).isEqualTo("terminus.handoff");
            assertThat(event.getAttributes().asMap()).containsOnly(Map.entry(key("gen_ai.agent.name"), "billing"));
        });
        assertThat(((TelemetryListener) telemetry).openRuns()).isZero();
    }

    @Test
    void aHandedOverRunCountsOnceUnderTheAgentThatEndedIt() {
        // given
        var triage = triageToBilling();

        // when
        triage.run("I want my money back");

        // then
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        assertThat(otel.counterPoints(collected, "terminus.run.completed")).singleElement().satisfies(point -> {
            assertThat(point.getValue()).isEqualTo(1);
            assertThat(point.getAttributes()).isEqualTo(succeeded("billing"));
        });
        assertThat(otel.histogramPoints(collected, "terminus.run.duration")).singleElement()
                .satisfies(point -> assertThat(point.getAttributes()).isEqualTo(succeeded("billing")));
    }

    @Test
    void aParentAndTheChildItCalledEachCountUnderTheirOwnAgent() {
        // given
        var child = Agent.builder(ScriptedModel.builder().name("child-model").text("Paris").build())
                .name("researcher").listener(telemetry).build();
        var parent = Agent.builder(ScriptedModel.builder().name("parent-model")
                        .toolCall("research", Map.of("task", "capital?")).text("It is Paris.").build())
                .name("writer").listener(telemetry).tool(Tools.agent("research", "Finds facts", child)).build();

        // when
        RunResult result = parent.run("write it");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        List<LongPointData> completed = otel.counterPoints(collected, "terminus.run.completed");
        assertThat(completed).extracting(LongPointData::getAttributes)
                .containsExactlyInAnyOrder(succeeded("writer"), succeeded("researcher"));
        assertThat(completed).allSatisfy(point -> assertThat(point.getValue()).isEqualTo(1));
        assertThat(otel.histogramPoints(collected, "terminus.run.duration")).extracting(point -> point.getAttributes())
                .containsExactlyInAnyOrder(succeeded("writer"), succeeded("researcher"));
    }
}
