package dev.terminus.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunContext;
import dev.terminus.opentelemetry.internal.TelemetryListener;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A run that never ends for this listener (an {@code Error} went through it; in a workflow, its copy left this
 * worker) is not a run: no span of it is exported, it is not counted, and its open span goes once nothing holds the
 * run's context any more.
 */
class UnendedRunsTest {
    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener telemetry = TerminusTelemetry.of(otel.sdk);

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    private int openRuns() {
        return ((TelemetryListener) telemetry).openRuns();
    }

    @Test
    void aRunThatAnErrorWentThroughIsNotCountedAndItsOpenSpanGoesWithItsContext() throws Exception {
        // given: a tool whose recursion runs out of stack, and a listener that holds the run's context for a while
        AtomicReference<RunContext> held = new AtomicReference<>();
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).listener(new AgentListener() {
            @Override
            public void onEvent(AgentEvent event) {
                // the context is what it keeps
            }

            @Override
            public void onEvent(RunContext run, AgentEvent event) {
                held.set(run);
            }
        }).tool(Runs.search((arguments, run) -> {
            throw new StackOverflowError("too deep");
        })).build();
        Throwable thrown = catchThrowable(() -> agent.run(Runs.TASK));
        int openWhileHeld = openRuns();

        // when
        held.set(null);
        for (int attempt = 0; attempt < 100 && openRuns() > 0; attempt++) {
            System.gc();
            Thread.sleep(20);
        }

        // then
        assertThat(thrown).isInstanceOf(StackOverflowError.class);
        assertThat(openWhileHeld).as("open while something holds the run's context").isEqualTo(1);
        assertThat(openRuns()).isZero();
        assertThat(otel.spansNamed("invoke_agent " + Runs.AGENT)).isEmpty();
        assertThat(otel.metrics.collectAllMetrics())
                .noneMatch(metric -> metric.getName().equals(TelemetryNames.RUN_COMPLETED));
    }
}
