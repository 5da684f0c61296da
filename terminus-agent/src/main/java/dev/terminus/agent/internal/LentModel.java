package dev.terminus.agent.internal;

import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.SupervisedCall;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import org.jspecify.annotations.Nullable;

/**
 * The run's model as its tools ask it ({@code RunContext.askModel}): one call, on the asking thread, whose usage and
 * cost count in the run's totals and open iteration (so the budgets see it at the next iteration) and whose
 * {@link AgentEvent.ModelCalled} goes to the run's listeners. A model that does not answer interrupts, in a run that
 * keeps a deadline on its caller's thread, is asked on a thread of its own, cut at the deadline plus the grace.
 */
final class LentModel {
    private final Model model;
    private final RunState state;
    private final EventDispatcher events;
    private final RunClock clock;
    private final @Nullable SupervisedCall supervised;

    LentModel(Model model, RunState state, EventDispatcher events, RunClock clock,
            @Nullable SupervisedCall supervised) {
        this.model = model;
        this.state = state;
        this.events = events;
        this.clock = clock;
        this.supervised = supervised;
    }

    ModelResponse ask(ModelRequest request) throws Exception {
        long start = clock.nanoTime();
        ModelResponse answer;
        try {
            answer = supervised == null ? model.chat(request) : supervised.call(() -> model.chat(request));
            if (answer == null) {
                throw new IllegalStateException("model " + model.name() + " returned null");
            }
        } catch (Exception e) {
            event(start, null, e);
            throw e;
        }
        state.recordAskedCall(answer.usage());
        event(start, answer, null);
        return answer;
    }

    private void event(long start, @Nullable ModelResponse answer, @Nullable Exception error) {
        if (events.active()) {
            events.publish(new AgentEvent.ModelCalled(state.agentName(), state.iteration(), model.name(),
                    answer == null ? Usage.ZERO : answer.usage(), clock.nanoTime() - start,
                    answer == null ? null : answer.finishReason(), error == null ? null : error.getClass().getName()));
        }
    }
}
