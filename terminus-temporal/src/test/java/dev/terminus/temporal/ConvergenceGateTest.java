package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.Pause;
import dev.terminus.converge.ProposedFact;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import io.temporal.common.converter.DataConverter;
import org.junit.jupiter.api.Test;

class ConvergenceGateTest {
    private static final DataConverter CONVERTER = TerminusDataConverter.ofDefaults();

    private static Pause pause() {
        return ConvergenceEngine.builder().name("hitl").confidenceThreshold(0.7)
                .agent(ConvergenceAgent.of("reader", Trigger.always(), (context, cycle) ->
                        Reply.propose(new ProposedFact("total.cents", 119050, 0.4))))
                .build().run(Context.empty()).pause().orElseThrow();
    }

    @Test
    void aConvergenceGateNamesThePausesGateAndWhatIsProposedAndCrossesTheWire() {
        // given
        Pause pause = pause();

        // when
        ConvergenceGate gate = ConvergenceGate.of(pause);
        ConvergenceGate back = CONVERTER.fromPayload(CONVERTER.toPayload(gate).orElseThrow(), ConvergenceGate.class,
                ConvergenceGate.class);

        // then
        assertThat(gate.gateId()).isEqualTo(pause.gateId());
        assertThat(gate.summary()).isEqualTo("reader proposes total.cents = 119050 (confidence 0.40 is below 0.70)");
        assertThat(gate.cycle()).isEqualTo(1);
        assertThat(gate.proposal()).isEqualTo(pause.staged());
        assertThat(back).isEqualTo(gate);
    }
}
