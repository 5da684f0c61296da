package dev.terminus.agent.internal;

import dev.terminus.Message;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The one context a run's listeners get for all of its events when the run may be handed from agent to agent (ADR
 * 0030): it reads the state of the agent that has the run now, so a listener keyed by the run's identity sees one run
 * across its handoffs. A run of an agent without handoffs hands its listeners its state itself.
 */
final class RunRelay implements RunContext {
    private volatile RunState current;

    RunRelay(RunState first) {
        this.current = first;
    }

    /** @param next the state of the agent the run was handed to */
    void handedTo(RunState next) {
        this.current = next;
    }

    @Override
    public String agentName() {
        return current.agentName();
    }

    @Override
    public int iteration() {
        return current.iteration();
    }

    @Override
    public int toolCallCount() {
        return current.toolCallCount();
    }

    @Override
    public Usage usage() {
        return current.usage();
    }

    @Override
    public BigDecimal costUsd() {
        return current.costUsd();
    }

    @Override
    public Duration elapsed() {
        return current.elapsed();
    }

    @Override
    public List<Message> transcript() {
        return current.transcript();
    }

    @Override
    public void reportProgress(String toolName, double progress, @Nullable Double total, @Nullable String message) {
        current.reportProgress(toolName, progress, total, message);
    }

    @Override
    public ModelResponse askModel(ModelRequest request) throws Exception {
        return current.askModel(request);
    }

    @Override
    public Optional<HumanInputAnswer> humanInput(HumanInputRequest request) {
        return current.humanInput(request);
    }

    @Override
    public String toString() {
        return "RunRelay[" + current.agentName() + "]";
    }
}
