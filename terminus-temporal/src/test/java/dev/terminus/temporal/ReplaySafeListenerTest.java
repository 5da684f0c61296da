package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.AgentEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Outside a workflow every event passes; in a replaying workflow none does (see {@code AgentWorkflowTest}). */
class ReplaySafeListenerTest {

    @Test
    void outsideAWorkflowEveryEventIsPassedOn() {
        // given
        List<AgentEvent> heard = new ArrayList<>();
        ReplaySafeListener listener = ReplaySafeListener.of(heard::add);
        AgentEvent event = new AgentEvent.IterationStarted("agent", 1);

        // when
        listener.onEvent(event);

        // then
        assertThat(heard).containsExactly(event);
    }
}
