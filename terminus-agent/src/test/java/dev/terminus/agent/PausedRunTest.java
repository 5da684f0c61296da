package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import org.junit.jupiter.api.Test;

class PausedRunTest {

    @Test
    void aPausedRunIsNamedByTheIdOfTheGateItPausedAt() {
        // given
        Termination.HitlGatePending gate = new Termination.HitlGatePending("gate-7f3a", "call-1",
                "Call refund with {\"order\":42}", "support", 2);
        PausedRun paused = () -> gate;

        // when
        String gateId = paused.gateId();

        // then
        assertThat(gateId).isEqualTo("gate-7f3a");
    }
}
