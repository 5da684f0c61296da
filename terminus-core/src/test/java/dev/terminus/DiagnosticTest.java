package dev.terminus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Diagnostic.Violation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosticTest {

    private static final Violation MISSING = new Violation("$.name", "is required");
    private static final Violation WRONG_TYPE = new Violation("$.age", "must be an integer");

    @Test
    void nullReceivedIsRejectedNamingTheField() {
        // given
        String received = null;

        // when / then
        assertThatThrownBy(() -> new Diagnostic(received, List.of()))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Diagnostic.received must not be null");
    }

    @Test
    void nullViolationsAreRejectedNamingTheField() {
        // given
        List<Violation> violations = null;

        // when / then
        assertThatThrownBy(() -> new Diagnostic("{}", violations))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Diagnostic.violations must not be null");
    }

    @Test
    void nullViolationIsRejectedNamingItsIndex() {
        // given
        List<Violation> violations = Arrays.asList(MISSING, null);

        // when / then
        assertThatThrownBy(() -> new Diagnostic("{}", violations))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Diagnostic.violations[1] must not be null");
    }

    @Test
    void violationsAreCopiedSoChangesToTheSourceDoNotShow() {
        // given
        List<Violation> source = new ArrayList<>(List.of(MISSING));
        Diagnostic diagnostic = new Diagnostic("{}", source);

        // when
        source.add(WRONG_TYPE);

        // then
        assertThat(diagnostic.violations()).containsExactly(MISSING);
    }

    @Test
    void violationsRejectMutation() {
        // given
        Diagnostic diagnostic = new Diagnostic("{}", new ArrayList<>(List.of(MISSING)));

        // when / then
        assertThatThrownBy(() -> diagnostic.violations().add(WRONG_TYPE))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(diagnostic.violations()).containsExactly(MISSING);
    }

    @Test
    void ofKeepsTheViolationsInOrder() {
        // given
        String received = "{\"age\":\"x\"}";

        // when
        Diagnostic diagnostic = Diagnostic.of(received, MISSING, WRONG_TYPE);

        // then
        assertThat(diagnostic.received()).isEqualTo(received);
        assertThat(diagnostic.violations()).containsExactly(MISSING, WRONG_TYPE);
    }

    @Test
    void ofWithoutViolationsHasAnEmptyList() {
        // given
        String unreadable = "not json";

        // when
        Diagnostic diagnostic = Diagnostic.of(unreadable);

        // then
        assertThat(diagnostic.violations()).isEmpty();
    }

    @Test
    void violationPathMustNotBeNull() {
        // given
        String path = null;

        // when / then
        assertThatThrownBy(() -> new Violation(path, "is required"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Violation.path must not be null");
    }

    @Test
    void violationMessageMustNotBeNull() {
        // given
        String message = null;

        // when / then
        assertThatThrownBy(() -> new Violation("$", message))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Violation.message must not be null");
    }

    @Test
    void diagnosticsWithTheSameContentAreEqual() {
        // given
        Diagnostic first = Diagnostic.of("{}", MISSING);
        Diagnostic second = new Diagnostic("{}", new ArrayList<>(List.of(new Violation("$.name", "is required"))));

        // when
        boolean equal = first.equals(second);

        // then
        assertThat(equal).isTrue();
        assertThat(first).hasSameHashCodeAs(second);
    }
}
