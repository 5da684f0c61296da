package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.terminus.agent.control.RunControl;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * An agent that throws an {@code Error} does not end the run (ADR 0022): the engine catches exceptions only, on the
 * caller's thread, on an agent's own thread and under an engine's control, so the {@code Error} reaches the caller as
 * it was and no listener hears {@code RunFinished}.
 */
class ErrorScenariosTest {

    /** An Error of the test's own, so that the one thrown can be told from any other. */
    static final class Broken extends Error {
        private static final long serialVersionUID = 1L;

        Broken(String message) {
            super(message);
        }
    }

    private final Broken error = new Broken("an agent's recursion ran out of stack");
    private final List<ConvergenceEvent> heard = new CopyOnWriteArrayList<>();

    private ConvergenceEngine.Builder engine() {
        return ConvergenceEngine.builder()
                .agent(ConvergenceAgent.of("broken", Trigger.always(), (context, cycle) -> {
                    throw error;
                }))
                .listener(heard::add);
    }

    private void assertNoEndHeard() {
        assertThat(heard).hasAtLeastOneElementOfType(ConvergenceEvent.RunStarted.class)
                .noneMatch(ConvergenceEvent.RunFinished.class::isInstance);
    }

    @Test
    void anAgentsErrorOnTheCallersThreadLeavesRunAsItWas() {
        // when
        Throwable thrown = catchThrowable(() -> engine().build().run(Context.empty()));

        // then
        assertThat(thrown).isSameAs(error);
        assertNoEndHeard();
    }

    @Test
    void anAgentsErrorOnItsOwnThreadLeavesRunAsItWas() {
        // given: with a time budget, each agent is supervised on a thread of its own
        ConvergenceEngine engine = engine().timeBudget(Duration.ofSeconds(30)).build();

        // when
        Throwable thrown = catchThrowable(() -> engine.run(Context.empty()));

        // then
        assertThat(thrown).isSameAs(error);
        assertNoEndHeard();
    }

    @Test
    void anAgentsErrorInAStartedRunIsThrownByTheHandlesAwait() {
        // given
        ConvergenceHandle handle = engine().build().start(Context.empty());

        // when
        Throwable thrown = catchThrowable(handle::await);

        // then
        assertThat(thrown).isSameAs(error);
        assertNoEndHeard();
    }

    @Test
    void anAgentsErrorUnderAnEnginesControlLeavesRunAsItWas() {
        // given: as in a workflow, whose engine destroys an evicted copy's threads with an Error
        ConvergenceEngine engine = engine().build();
        RunControl control = engine.newControl();

        // when
        Throwable thrown = catchThrowable(() -> engine.run(Context.empty(), control));

        // then
        assertThat(thrown).isSameAs(error);
        assertNoEndHeard();
    }
}
