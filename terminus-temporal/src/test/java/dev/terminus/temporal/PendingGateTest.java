package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.agent.HumanInputRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The gate a workflow waits at: what it waits for, and which answers it takes. */
class PendingGateTest {
    private static final HumanInputRequest ASKED = HumanInputRequest.of("Whom should I register?", Map.of(
            "type", "object", "properties", Map.of("name", Map.of("type", "string")), "required", List.of("name")),
            "mcp:people");
    private static final PendingGate APPROVAL = new PendingGate("gate-1", "call_1", "refund", Map.of("order", 42),
            "Call refund with {\"order\":42}", 1);
    private static final PendingGate INPUT = new PendingGate("gate-2", "call_1", "register", Map.of(),
            "Whom should I register?", 1, ASKED);

    @Test
    void anApprovalGateTakesApprovalsAndRejectionsButNoContent() {
        // when / then
        APPROVAL.check(GateAnswer.approve("gate-1"));
        APPROVAL.check(GateAnswer.reject("gate-1", "no"));
        APPROVAL.check(GateAnswer.approveWithArguments("gate-1", Map.of("order", 43)));
        assertThatThrownBy(() -> APPROVAL.check(GateAnswer.answer("gate-1", Map.of("name", "Ada"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("gate \"gate-1\" waits for approval of a call to \"refund\", not for input: approve,"
                        + " approve with arguments or reject it");
        assertThat(APPROVAL.waitsForInput()).isFalse();
    }

    @Test
    void anInputGateTakesContentOfTheSchemaAskedForOrARejectionButNoApproval() {
        // when / then
        INPUT.check(GateAnswer.answer("gate-2", Map.of("name", "Ada")));
        INPUT.check(GateAnswer.reject("gate-2", "not now"));
        assertThatThrownBy(() -> INPUT.check(GateAnswer.approve("gate-2")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("gate \"gate-2\" waits for a person's input (\"Whom should I register?\"), not for"
                        + " approval: answer it (GateAnswer.answer) or decline it (GateAnswer.reject)");
        assertThat(INPUT.waitsForInput()).isTrue();
    }

    @Test
    void contentThatDoesNotMatchTheSchemaIsRefusedNamingTheProperty() {
        // when / then
        assertThatThrownBy(() -> INPUT.check(GateAnswer.answer("gate-2", Map.of("name", 7))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the answer to gate \"gate-2\" does not match the schema it asked for: argument \"name\""
                        + " must be of type string, was 7");
        assertThatThrownBy(() -> INPUT.check(GateAnswer.answer("gate-2", Map.of("nom", "Ada"))))
                .hasMessageEndingWith("missing required argument \"name\"");
    }

    @Test
    void aGateReadsBackFromItsJsonAndAnApprovalGatesJsonHasNoInput() throws Exception {
        // given
        ObjectMapper mapper = new ObjectMapper();

        // when
        String approval = mapper.writeValueAsString(APPROVAL);
        PendingGate input = mapper.readValue(mapper.writeValueAsString(INPUT), PendingGate.class);

        // then
        assertThat(approval).doesNotContain("input");
        assertThat(mapper.readValue(approval, PendingGate.class)).isEqualTo(APPROVAL);
        assertThat(input).isEqualTo(INPUT);
    }
}
