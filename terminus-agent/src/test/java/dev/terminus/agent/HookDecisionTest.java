package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HookDecisionTest {

    @Test
    void proceedIsASharedProceedDecision() {
        // when
        HookDecision first = HookDecision.proceed();
        HookDecision second = HookDecision.proceed();

        // then
        assertThat(first).isInstanceOf(HookDecision.Proceed.class).isSameAs(second);
        assertThat(first).isEqualTo(new HookDecision.Proceed());
    }

    @Test
    void haltCarriesTheReason() {
        // when
        HookDecision decision = HookDecision.halt("budget owner said stop");

        // then
        assertThat(decision).isEqualTo(new HookDecision.Halt("budget owner said stop"));
        assertThat(((HookDecision.Halt) decision).reason()).isEqualTo("budget owner said stop");
    }

    @Test
    void haltRefusesANullReasonNamingTheField() {
        // when / then
        assertThatThrownBy(() -> HookDecision.halt(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Halt.reason must not be null");
    }

    @Test
    void decisionsCanBeSwitchedOnExhaustively() {
        // given
        HookDecision decision = HookDecision.halt("why");

        // when
        String described = switch (decision) {
            case HookDecision.Proceed p -> "go on";
            case HookDecision.Halt h -> "stop: " + h.reason();
        };

        // then
        assertThat(described).isEqualTo("stop: why");
    }
}
