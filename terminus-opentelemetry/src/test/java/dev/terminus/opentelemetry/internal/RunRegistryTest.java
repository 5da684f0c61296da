package dev.terminus.opentelemetry.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunRegistryTest {
    private static final ModelLabels MODEL = new ModelLabels("gpt-4o", "openai");
    private static final AgentLabels AGENT = new AgentLabels("researcher");

    /** Equal by value: only identity tells two of them apart. */
    record Run(String agentName) implements RunContext {
        @Override public int iteration() { return 0; }
        @Override public int toolCallCount() { return 0; }
        @Override public Usage usage() { return Usage.ZERO; }
        @Override public BigDecimal costUsd() { return BigDecimal.ZERO; }
        @Override public Duration elapsed() { return Duration.ZERO; }
        @Override public List<Message> transcript() { return List.of(); }
    }

    private static RunTrace trace() {
        return new RunTrace(Span.getInvalid(), Context.root(), AGENT.name, AGENT, "gpt-4o", "openai", MODEL, 0, System.nanoTime());
    }

    @Test
    void runsThatAreEqualButNotTheSameObjectAreKeptApart() {
        // given
        var registry = new RunRegistry();
        var first = new Run("researcher");
        var second = new Run("researcher");
        RunTrace firstTrace = trace();
        RunTrace secondTrace = trace();

        // when
        registry.putIfAbsent(first, firstTrace);
        registry.putIfAbsent(second, secondTrace);

        // then
        assertThat(first).isEqualTo(second);
        assertThat(registry.get(first)).isSameAs(firstTrace);
        assertThat(registry.get(second)).isSameAs(secondTrace);
        assertThat(registry.size()).isEqualTo(2);
    }

    @Test
    void aRemovedRunIsGoneAndItsTraceIsHandedBackOnce() {
        // given
        var registry = new RunRegistry();
        var run = new Run("researcher");
        RunTrace trace = trace();
        registry.putIfAbsent(run, trace);

        // when
        RunTrace removed = registry.remove(run);

        // then
        assertThat(removed).isSameAs(trace);
        assertThat(registry.remove(run)).isNull();
        assertThat(registry.get(run)).isNull();
        assertThat(registry.size()).isZero();
    }

    @Test
    void aRunIsOpenedOnlyOnce() {
        // given
        var registry = new RunRegistry();
        var run = new Run("researcher");
        RunTrace first = trace();

        // when
        registry.putIfAbsent(run, first);
        RunTrace kept = registry.putIfAbsent(run, trace());

        // then
        assertThat(kept).isSameAs(first);
        assertThat(registry.get(run)).isSameAs(first);
    }

    @Test
    void aRunThatNeverEndsIsDroppedOnceItIsGarbage() throws Exception {
        // given: a run whose last event never reaches the registry
        var registry = new RunRegistry();
        registry.putIfAbsent(new Run("researcher"), trace());

        // when
        for (int attempt = 0; attempt < 100 && registry.size() > 0; attempt++) {
            System.gc();
            Thread.sleep(20);
        }

        // then
        assertThat(registry.size()).isZero();
    }
}
