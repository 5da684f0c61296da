package dev.terminus.agent.control;

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
 * A {@link RunContext} that reads another, which may change while the run goes on: the one context a run's listeners
 * get when the run moves from one state to another (handed to another agent, continued in another execution of an
 * engine), so that a listener keyed by the run's identity sees one run.
 *
 * {@snippet :
 * final class Relay extends ForwardingRunContext {
 *     private volatile RunContext current;
 *
 *     Relay(RunContext first) {
 *         this.current = first;
 *     }
 *
 *     @Override
 *     protected RunContext delegate() {
 *         return current;
 *     }
 * }
 * }
 */
public abstract class ForwardingRunContext implements RunContext {

    /** For subclasses. */
    protected ForwardingRunContext() {}

    /** @return the context the calls go to now */
    protected abstract RunContext delegate();

    @Override
    public String agentName() {
        return delegate().agentName();
    }

    @Override
    public int iteration() {
        return delegate().iteration();
    }

    @Override
    public int toolCallCount() {
        return delegate().toolCallCount();
    }

    @Override
    public Usage usage() {
        return delegate().usage();
    }

    @Override
    public BigDecimal costUsd() {
        return delegate().costUsd();
    }

    @Override
    public Duration elapsed() {
        return delegate().elapsed();
    }

    @Override
    public List<Message> transcript() {
        return delegate().transcript();
    }

    @Override
    public void reportProgress(String toolName, double progress, @Nullable Double total, @Nullable String message) {
        delegate().reportProgress(toolName, progress, total, message);
    }

    @Override
    public ModelResponse askModel(ModelRequest request) throws Exception {
        return delegate().askModel(request);
    }

    @Override
    public Optional<HumanInputAnswer> humanInput(HumanInputRequest request) {
        return delegate().humanInput(request);
    }
}
