package dev.terminus.agent.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Diagnostic;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OutputCheckTest {

    private static final Diagnostic MISSING_CITY =
            Diagnostic.of("{}", new Diagnostic.Violation("$.city", "is required"));

    @Test
    void aValidCheckKeepsTheValue() {
        // when
        OutputCheck check = new OutputCheck.Valid(Map.of("city", "Oslo"));

        // then
        assertThat(((OutputCheck.Valid) check).value()).isEqualTo(Map.of("city", "Oslo"));
        assertThat(check).isEqualTo(new OutputCheck.Valid(Map.of("city", "Oslo")));
    }

    @Test
    void anInvalidCheckKeepsTheDiagnostic() {
        // when
        OutputCheck check = new OutputCheck.Invalid(MISSING_CITY);

        // then
        assertThat(((OutputCheck.Invalid) check).diagnostic()).isEqualTo(MISSING_CITY);
        assertThat(((OutputCheck.Invalid) check).diagnostic().violations())
                .containsExactly(new Diagnostic.Violation("$.city", "is required"));
    }

    @Test
    void theKindIsFoundByAnExhaustiveSwitch() {
        // given
        OutputCheck check = new OutputCheck.Invalid(MISSING_CITY);

        // when
        String text = switch (check) {
            case OutputCheck.Valid(Object value) -> "valid " + value;
            case OutputCheck.Invalid(Diagnostic diagnostic) -> "invalid at " + diagnostic.violations().getFirst().path();
        };

        // then
        assertThat(text).isEqualTo("invalid at $.city");
    }

    @Test
    void aNullValueIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> new OutputCheck.Valid(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("OutputCheck.Valid.value must not be null");
    }

    @Test
    void aNullDiagnosticIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> new OutputCheck.Invalid(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("OutputCheck.Invalid.diagnostic must not be null");
    }
}
