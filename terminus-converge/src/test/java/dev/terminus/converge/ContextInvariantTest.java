package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.InvariantClass;
import dev.terminus.Termination;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContextInvariantTest {

    @Test
    void ofChecksTheContextWithTheFunction() {
        // given
        ContextInvariant invariant = ContextInvariant.of("has-total", InvariantClass.ACCEPTANCE,
                context -> context.contains("total") ? null : "no total");

        // then
        assertThat(invariant.violation(Context.empty())).isEqualTo("no total");
        assertThat(invariant.violation(Context.of(Map.of("total", 1)))).isNull();
        assertThat(invariant.name()).isEqualTo("has-total");
        assertThat(invariant.invariantClass()).isEqualTo(InvariantClass.ACCEPTANCE);
        assertThat(invariant).hasToString("ContextInvariant[ACCEPTANCE has-total]");
    }

    @Test
    void badArgumentsAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> ContextInvariant.of("x", null, context -> null))
                .isInstanceOf(NullPointerException.class).hasMessage("invariantClass must not be null");
    }

    @Test
    void anInvariantThatThrowsEndsTheRunFailed() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("a", Map.of("x", 1)))
                .invariant(ContextInvariant.of("broken", InvariantClass.SEMANTIC, context -> {
                    throw new ArithmeticException("divide by zero");
                }))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed ->
                assertThat(failed.error().type()).isEqualTo(ArithmeticException.class.getName()));
    }
}
