package dev.terminus.agent.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.RunContext;
import dev.terminus.agent.StubRunContext;
import org.junit.jupiter.api.Test;

/** A context that reads another, which may change while the run goes on. */
class ForwardingRunContextTest {

    /** Forwards to whichever context it was last pointed at. */
    private static final class Relay extends ForwardingRunContext {
        private volatile RunContext current;

        Relay(RunContext first) {
            this.current = first;
        }

        @Override
        protected RunContext delegate() {
            return current;
        }
    }

    @Test
    void everyReadGoesToTheContextItForwardsToNowAndItsIdentityStays() {
        // given
        var relay = new Relay(new StubRunContext("triage"));
        RunContext seenFirst = relay;

        // when
        String before = relay.agentName();
        relay.current = new StubRunContext("billing");

        // then
        assertThat(before).isEqualTo("triage");
        assertThat(relay.agentName()).isEqualTo("billing");
        assertThat(seenFirst).isSameAs(relay);
        assertThat(relay.iteration()).isEqualTo(1);
        assertThat(relay.usage()).isEqualTo(dev.terminus.agent.Usage.ZERO);
        assertThat(relay.transcript()).isEqualTo(relay.current.transcript());
        assertThat(relay.humanInput(new dev.terminus.agent.HumanInputRequest("why?", java.util.Map.of(), "test")))
                .isEmpty();
    }
}
