package dev.terminus.opentelemetry;

import dev.terminus.Message;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

/**
 * A run for feeding a listener events by hand. A record: two runs of the same agent are {@code equals}, so a
 * listener that keyed runs by equality instead of identity would mix them up.
 */
record FakeRun(String agentName) implements RunContext {

    @Override
    public int iteration() {
        return 1;
    }

    @Override
    public int toolCallCount() {
        return 0;
    }

    @Override
    public Usage usage() {
        return Usage.ZERO;
    }

    @Override
    public BigDecimal costUsd() {
        return BigDecimal.ZERO;
    }

    @Override
    public Duration elapsed() {
        return Duration.ZERO;
    }

    @Override
    public List<Message> transcript() {
        return List.of();
    }
}
