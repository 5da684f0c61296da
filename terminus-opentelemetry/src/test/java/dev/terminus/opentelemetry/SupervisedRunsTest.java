package dev.terminus.opentelemetry;

import static dev.terminus.opentelemetry.InMemoryTelemetry.key;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.opentelemetry.internal.TelemetryListener;
import dev.terminus.test.FixedRun;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SupervisedRunsTest {
    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener telemetry = TerminusTelemetry.of(otel.sdk);
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void releaseAndClose() {
        release.countDown();
        otel.close();
    }

    @Test
    void aRunOnItsOwnSupervisedThreadIsTracedLikeAnInlineRun() {
        // given
        var agent = Agent.builder(Runs.searchThenAnswer())
                .config(AgentConfig.custom().name(Runs.AGENT).timeBudget(Duration.ofSeconds(30)).build())
                .listener(telemetry).tool(Runs.search()).build();

        // when
        RunResult result = agent.run(Runs.TASK);

        // then
        assertThat(result.termination()).isInstanceOf(Termination.NaturalCompletion.class);
        SpanData run = otel.onlySpanNamed("invoke_agent researcher");
        assertThat(otel.finishedSpans()).hasSize(4).filteredOn(span -> span != run)
                .allSatisfy(child -> assertThat(child.getParentSpanId()).isEqualTo(run.getSpanId()));
        assertThat(((TelemetryListener) telemetry).openRuns()).isZero();
    }

    @Test
    void aSupervisedRunsSpanIsAChildOfTheSpanCurrentWhereTheCallerStartedIt() {
        // given: a time budget, so the run gets a virtual thread of its own
        var agent = Agent.builder(Runs.searchThenAnswer())
                .config(AgentConfig.custom().name(Runs.AGENT).timeBudget(Duration.ofSeconds(30)).build())
                .listener(telemetry).tool(Runs.search()).build();
        io.opentelemetry.api.trace.Span request = otel.sdk.getTracer("test").spanBuilder("POST /research").startSpan();

        // when
        try (io.opentelemetry.context.Scope scope = request.makeCurrent()) {
            agent.run(Runs.TASK);
        } finally {
            request.end();
        }

        // then: RunStarted is published on the caller's thread, so the run's span has the caller's parent
        SpanData run = otel.onlySpanNamed("invoke_agent researcher");
        assertThat(run.getTraceId()).isEqualTo(request.getSpanContext().getTraceId());
        assertThat(run.getParentSpanId()).isEqualTo(request.getSpanContext().getSpanId());
    }

    @Test
    void aRunAbandonedByItsSupervisorEndsItsSpanFromTheSupervisorsThread() {
        // given: a tool that ignores interrupts holds the run's thread past the deadline and its grace
        var endedOn = new AtomicReference<String>();
        AgentListener threadOfTheEnd = event -> {
            if (event instanceof AgentEvent.RunTerminated) {
                endedOn.set(Thread.currentThread().getName());
            }
        };
        var stubborn = Runs.search((arguments, run) -> {
            while (true) {
                try {
                    release.await();
                    return "too late";
                } catch (InterruptedException ignored) {
                    // deaf to interrupts, on purpose
                }
            }
        });
        var agent = Agent.builder(Runs.searchThenAnswer())
                .config(AgentConfig.custom().name(Runs.AGENT).timeBudget(Duration.ofMillis(200))
                        .interruptGrace(Duration.ofMillis(50)).timeBudgetEnforcement(TimeBudgetEnforcement.SUPERVISED_THREAD)
                        .build())
                .listener(telemetry).listener(threadOfTheEnd).tool(stubborn).build();

        // when
        RunResult result = agent.run(Runs.TASK);

        // then
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(endedOn.get()).isEqualTo("terminus-abandon");
        SpanData run = otel.onlySpanNamed("invoke_agent researcher");
        assertThat(run.hasEnded()).isTrue();
        assertThat(run.getAttributes().get(key("terminus.termination"))).isEqualTo("TimeBudgetExhausted");
        assertThat(run.getAttributes().get(key("terminus.outcome"))).isEqualTo("FAILED");
        assertThat(run.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(otel.onlySpanNamed("chat gpt-4o").getParentSpanId()).isEqualTo(run.getSpanId());
        assertThat(((TelemetryListener) telemetry).openRuns()).isZero();
    }

    @Test
    void aRunWhoseEndArrivesWithoutItsStartStillGetsItsRunSpanAndMetrics() {
        // given
        var run = FixedRun.of(Runs.AGENT, List.of());
        var result = RunResult.builder().termination(new Termination.TimeBudgetExhausted(1_000, 1_000))
                .outcome(dev.terminus.Outcome.FAILED).duration(Duration.ofSeconds(1)).build();

        // when
        telemetry.onEvent(run, new AgentEvent.RunTerminated(Runs.AGENT, result));

        // then
        SpanData span = otel.onlySpanNamed("invoke_agent researcher");
        assertThat(span.getEndEpochNanos() - span.getStartEpochNanos()).isEqualTo(Duration.ofSeconds(1).toNanos());
        assertThat(span.getAttributes().get(key("terminus.termination"))).isEqualTo("TimeBudgetExhausted");
        assertThat(otel.counterPoints(otel.metrics.collectAllMetrics(), "terminus.run.completed")).singleElement()
                .satisfies(point -> assertThat(point.getAttributes().asMap())
                        .containsEntry(key("gen_ai.agent.name"), Runs.AGENT));
    }
}
