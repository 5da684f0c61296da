package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Category;
import dev.terminus.Termination;
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

    /** An application's own case. */
    record QuotaExceeded(String tenant) implements Termination.Extension {
        @Override public String tag() { return "QuotaExceeded"; }
        @Override public Category category() { return Category.CAPACITY; }
    }

    /** An application's case that takes a framework case's name. */
    record Impostor() implements Termination.Extension {
        @Override public String tag() { return "Halted"; }
        @Override public Category category() { return Category.FATAL; }
    }

    @Test
    void endCarriesTheApplicationsOwnExtension() {
        // given
        var quota = new QuotaExceeded("acme");

        // when
        HookDecision decision = HookDecision.end(quota);

        // then
        assertThat(decision).isEqualTo(new HookDecision.End(quota));
        assertThat(((HookDecision.End) decision).termination()).isSameAs(quota);
    }

    @Test
    void endTakesACustomTermination() {
        // given
        var custom = Termination.Custom.of("the ledger is closed", Category.FATAL);

        // when
        HookDecision decision = HookDecision.end(custom);

        // then
        assertThat(((HookDecision.End) decision).termination()).isSameAs(custom);
    }

    @Test
    void endRefusesAFrameworkCaseNamingIt() {
        // when / then
        assertThatThrownBy(() -> HookDecision.end(new Termination.MaxIterationsReached(5, 5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("End.termination must be an application's own case (a Termination.Extension or a"
                        + " Termination.Custom), was MaxIterationsReached[limit=5, iterationsUsed=5]: the framework's"
                        + " cases are the loop's to report");
        assertThatThrownBy(() -> HookDecision.end(new Termination.Halted("before-tool-hook", "why")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("was Halted[source=before-tool-hook, reason=why]");
    }

    @Test
    void endRefusesAnExtensionWithAFrameworkCasesNameNamingTheTag() {
        // when / then
        assertThatThrownBy(() -> HookDecision.end(new Impostor()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("End.termination is refused: Extension tag \"Halted\" collides with the framework case"
                        + " of that name; choose another");
    }

    @Test
    void endRefusesANullTerminationNamingTheField() {
        // when / then
        assertThatThrownBy(() -> HookDecision.end(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("End.termination must not be null");
    }

    @Test
    void decisionsCanBeSwitchedOnExhaustively() {
        // given
        HookDecision decision = HookDecision.halt("why");

        // when
        String described = switch (decision) {
            case HookDecision.Proceed p -> "go on";
            case HookDecision.Halt h -> "stop: " + h.reason();
            case HookDecision.End e -> "end: " + e.termination().tag();
        };

        // then
        assertThat(described).isEqualTo("stop: why");
    }
}
