package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReplyTest {

    @Test
    void proposeFromAMapProposesEachValueWithFullConfidenceAndNoTokens() {
        // given
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("a", 1);
        values.put("b", "two");

        // when
        Reply reply = Reply.propose(values);

        // then
        assertThat(reply).isEqualTo(new Reply.Propose(List.of(ProposedFact.of("a", 1), ProposedFact.of("b", "two")),
                Usage.ZERO));
        assertThat(Reply.nothing()).isEqualTo(new Reply.Propose(List.of(), Usage.ZERO));
    }

    @Test
    void aKeyProposedTwiceInOneReplyIsRefused() {
        // when / then
        assertThatThrownBy(() -> Reply.propose(ProposedFact.of("a", 1), ProposedFact.of("a", 2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Propose.facts proposes key \"a\" twice");
    }

    @Test
    void aFailureMustBeAnErrorTermination() {
        // when / then
        assertThat(Reply.fail(new Termination.FactBudgetExhausted(3, 2)).usage()).isEqualTo(Usage.ZERO);
        assertThatThrownBy(() -> Reply.fail(new Termination.Converged(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Fail.termination must be an error (RETRYABLE, CAPACITY or FATAL), was Converged[cycles=1]"
                        + " of category SUCCESS");
    }

    @Test
    void aStopCarriesAnyEndButASuccessOrAnApprovalGate() {
        // given
        Termination.HitlGatePending gate = new Termination.HitlGatePending("gate-1", "call-1", "publish", "loop", 1);

        // when
        Reply stop = new Reply.Stop(new Termination.Cancelled("ops"), Usage.of(3, 1));

        // then
        assertThat(stop.usage()).isEqualTo(Usage.of(3, 1));
        assertThatThrownBy(() -> new Reply.Stop(new Termination.NaturalCompletion(), Usage.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Stop.termination must not be a success, was NaturalCompletion[]");
        assertThatThrownBy(() -> new Reply.Stop(gate, Usage.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Stop.termination must not be a HitlGatePending");
    }

    @Test
    void aRefusalKeepsItsReasonAndTokens() {
        // when
        Reply refusal = new Reply.Refuse("not my job", Usage.of(3, 1));

        // then
        assertThat(refusal.usage()).isEqualTo(Usage.of(3, 1));
        assertThat(Reply.refuse("no")).isEqualTo(new Reply.Refuse("no", Usage.ZERO));
        assertThatThrownBy(() -> Reply.refuse(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("Refuse.reason must not be null");
    }
}
