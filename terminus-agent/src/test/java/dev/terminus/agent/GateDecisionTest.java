package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GateDecisionTest {

    @Test
    void approveNamesTheGate() {
        // when
        GateDecision decision = GateDecision.approve("gate-1");

        // then
        assertThat(decision).isEqualTo(new GateDecision.Approve("gate-1"));
        assertThat(decision.gateId()).isEqualTo("gate-1");
    }

    @Test
    void rejectNamesTheGateAndKeepsTheReason() {
        // when
        GateDecision decision = GateDecision.reject("gate-1", "refunds over 100 EUR need a manager");

        // then
        assertThat(decision).isEqualTo(new GateDecision.Reject("gate-1", "refunds over 100 EUR need a manager"));
        assertThat(decision.gateId()).isEqualTo("gate-1");
    }

    @Test
    void approveWithArgumentsNamesTheGateAndKeepsTheArguments() {
        // when
        GateDecision decision = GateDecision.approveWithArguments("gate-1", Map.of("amount", 50));

        // then
        assertThat(decision).isInstanceOf(GateDecision.ApproveWithArguments.class);
        assertThat(decision.gateId()).isEqualTo("gate-1");
        assertThat(((GateDecision.ApproveWithArguments) decision).arguments()).containsExactly(Map.entry("amount", 50));
    }

    @Test
    void theArgumentsAreCopiedDeeply() {
        // given
        List<Object> items = new ArrayList<>(List.of("a"));
        Map<String, Object> address = new HashMap<>(Map.of("city", "Oslo"));
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("items", items);
        arguments.put("address", address);
        GateDecision.ApproveWithArguments decision = new GateDecision.ApproveWithArguments("gate-1", arguments);

        // when
        items.add("b");
        address.put("city", "Bergen");
        arguments.put("extra", true);

        // then
        assertThat(decision.arguments()).containsExactly(Map.entry("items", List.of("a")),
                Map.entry("address", Map.of("city", "Oslo")));
    }

    @Test
    void theCopiedArgumentsCannotBeModifiedAtAnyDepth() {
        // given
        Map<String, Object> arguments = new HashMap<>();
        arguments.put("items", new ArrayList<>(List.of("a")));
        GateDecision.ApproveWithArguments decision = new GateDecision.ApproveWithArguments("gate-1", arguments);

        // when / then
        assertThatThrownBy(() -> decision.arguments().put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
        @SuppressWarnings("unchecked")
        List<Object> items = (List<Object>) decision.arguments().get("items");
        assertThatThrownBy(() -> items.add("b")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void nullArgumentValuesAreKeptAsJsonNull() {
        // given
        Map<String, Object> arguments = new HashMap<>();
        arguments.put("note", null);

        // when
        GateDecision.ApproveWithArguments decision = new GateDecision.ApproveWithArguments("gate-1", arguments);

        // then
        assertThat(decision.arguments()).containsEntry("note", null).hasSize(1);
    }

    @Test
    void anArgumentThatIsNotAJsonValueIsRefusedNamingItsPath() {
        // given
        Map<String, Object> arguments = Map.of("order", Map.of("placed", new Object()));

        // when / then
        assertThatThrownBy(() -> GateDecision.approveWithArguments("gate-1", arguments))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ApproveWithArguments.arguments.order.placed must be a JSON value (null, string, boolean,"
                        + " number, list or map), was a java.lang.Object");
    }

    @Test
    void nullArgumentsAreRefused() {
        // when / then
        assertThatThrownBy(() -> GateDecision.approveWithArguments("gate-1", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ApproveWithArguments.arguments must not be null");
    }

    @Test
    void aNullGateIdIsRefusedByEveryDecisionNamingIt() {
        // when / then
        assertThatThrownBy(() -> GateDecision.approve(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Approve.gateId must not be null");
        assertThatThrownBy(() -> GateDecision.reject(null, "no"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Reject.gateId must not be null");
        assertThatThrownBy(() -> GateDecision.approveWithArguments(null, Map.of()))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ApproveWithArguments.gateId must not be null");
    }

    @Test
    void aBlankGateIdIsRefusedByEveryDecisionNamingItAndTheValue() {
        // when / then
        assertThatThrownBy(() -> GateDecision.approve(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Approve.gateId must not be blank, was \" \"");
        assertThatThrownBy(() -> GateDecision.reject("", "no"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Reject.gateId must not be blank, was \"\"");
        assertThatThrownBy(() -> GateDecision.approveWithArguments("\t", Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ApproveWithArguments.gateId must not be blank, was \"\t\"");
    }

    @Test
    void aGateIdThatCannotNameAFileIsStillAGateId() {
        // when: the decision's rule is the gate's (not blank); only a file store asks for file-name characters
        GateDecision decision = GateDecision.approve("gate 7/a");

        // then
        assertThat(decision.gateId()).isEqualTo("gate 7/a");
    }

    @Test
    void aNullRejectionReasonIsRefused() {
        // when / then
        assertThatThrownBy(() -> GateDecision.reject("gate-1", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Reject.reason must not be null");
    }

    @Test
    void decisionsOfTheSameKindAndComponentsAreEqual() {
        // when / then
        assertThat(GateDecision.approveWithArguments("gate-1", Map.of("amount", 50)))
                .isEqualTo(GateDecision.approveWithArguments("gate-1", new HashMap<>(Map.of("amount", 50))))
                .isNotEqualTo(GateDecision.approveWithArguments("gate-2", Map.of("amount", 50)));
        assertThat(GateDecision.approve("gate-1")).isNotEqualTo(GateDecision.approve("gate-2"));
        assertThat(GateDecision.reject("gate-1", "a")).isNotEqualTo(GateDecision.reject("gate-1", "b"));
    }

    @Test
    void answerNamesTheGateAndKeepsADeepCopyOfTheContent() {
        // given
        List<Object> instruments = new ArrayList<>(List.of("Guitar"));
        Map<String, Object> content = new LinkedHashMap<>(Map.of("name", "Ada", "instruments", instruments));

        // when
        GateDecision decision = GateDecision.answer("gate-1", content);
        instruments.add("Drums");
        content.put("name", "Grace");

        // then
        assertThat(decision).isInstanceOf(GateDecision.Answer.class);
        assertThat(decision.gateId()).isEqualTo("gate-1");
        assertThat(((GateDecision.Answer) decision).content())
                .containsEntry("name", "Ada").containsEntry("instruments", List.of("Guitar"));
    }

    @Test
    void anAnswerWithABlankGateIdOrContentThatIsNotJsonIsRefusedByName() {
        // when / then
        assertThatThrownBy(() -> GateDecision.answer(" ", Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Answer.gateId must not be blank, was \" \"");
        assertThatThrownBy(() -> GateDecision.answer("gate-1", Map.of("when", new Object())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Answer.content.when must be a JSON value");
    }
}
