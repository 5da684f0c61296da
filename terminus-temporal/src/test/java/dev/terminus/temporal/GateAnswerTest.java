package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.agent.GateDecision;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GateAnswerTest {

    @Test
    void everyDecisionCrossesAsAnAnswerAndComesBackEqual() {
        // given
        List<GateDecision> decisions = List.of(GateDecision.approve("gate-1"),
                GateDecision.reject("gate-1", "needs a manager"),
                GateDecision.approveWithArguments("gate-1", Map.of("amount", 50)),
                GateDecision.answer("gate-1", Map.of("name", "Ada")));

        // when / then
        for (GateDecision decision : decisions) {
            assertThat(GateAnswer.of(decision).decision()).isEqualTo(decision);
        }
    }

    @Test
    void anAnswerReadsBackFromItsJsonAsTheSameAnswer() throws Exception {
        // given
        ObjectMapper mapper = new ObjectMapper();
        GateAnswer answer = GateAnswer.approveWithArguments("gate-7", Map.of("order", "42", "amount", 50));

        // when
        GateAnswer read = mapper.readValue(mapper.writeValueAsString(answer), GateAnswer.class);

        // then
        assertThat(read).isEqualTo(answer);
        assertThat(read.decision()).isEqualTo(answer.decision());
    }

    @Test
    void aRejectionWithoutAReasonIsRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> new GateAnswer("gate-1", GateAnswer.Verdict.REJECT, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("GateAnswer.reason").hasMessageContaining("REJECT");
    }

    @Test
    void argumentsWithAPlainApprovalAreRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> new GateAnswer("gate-1", GateAnswer.Verdict.APPROVE, null, Map.of("a", 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("GateAnswer.arguments").hasMessageContaining("APPROVE");
    }

    @Test
    void aBlankGateIdIsRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> GateAnswer.approve(" "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("GateAnswer.gateId");
    }

    @Test
    void anAnswerWithContentReadsBackFromItsJsonAndAnApprovalsJsonCarriesNoContent() throws Exception {
        // given
        ObjectMapper mapper = new ObjectMapper();
        GateAnswer answer = GateAnswer.answer("gate-7", Map.of("name", "Ada", "check", true));

        // when
        GateAnswer read = mapper.readValue(mapper.writeValueAsString(answer), GateAnswer.class);
        String approval = mapper.writeValueAsString(GateAnswer.approve("gate-7"));

        // then
        assertThat(read).isEqualTo(answer);
        assertThat(read.decision()).isEqualTo(GateDecision.answer("gate-7", Map.of("name", "Ada", "check", true)));
        assertThat(approval).doesNotContain("content");
        assertThat(mapper.readValue(approval, GateAnswer.class)).isEqualTo(GateAnswer.approve("gate-7"));
    }

    @Test
    void contentGoesWithAnAnswerOnly() {
        // when / then
        assertThatThrownBy(() -> new GateAnswer("gate-1", GateAnswer.Verdict.ANSWER, null, null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("GateAnswer.content");
        assertThatThrownBy(() -> new GateAnswer("gate-1", GateAnswer.Verdict.APPROVE, null, null, Map.of("a", 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("GateAnswer.content")
                .hasMessageContaining("APPROVE");
    }
}
