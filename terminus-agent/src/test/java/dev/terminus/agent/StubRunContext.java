package dev.terminus.agent;

import dev.terminus.Message;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

/** A fixed {@link RunContext} for unit tests of tools: it names an agent and nothing else has happened. */
public record StubRunContext(String agentName) implements RunContext {

    /** A context for an agent named {@code "test-agent"}. */
    public static final StubRunContext INSTANCE = new StubRunContext("test-agent");

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
