package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Category;
import dev.terminus.InvariantClass;
import dev.terminus.Termination;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InvariantTest {

    @Test
    void ofKeepsTheNameAndTheClass() {
        // when
        Invariant invariant = Invariant.of("no-api-keys", InvariantClass.STRUCTURAL, run -> null);

        // then
        assertThat(invariant.name()).isEqualTo("no-api-keys");
        assertThat(invariant.invariantClass()).isEqualTo(InvariantClass.STRUCTURAL);
    }

    @Test
    void theViolationIsTheChecksAnswerForTheRunItIsGiven() {
        // given
        List<RunContext> seen = new ArrayList<>();
        Invariant invariant = Invariant.of("named-agent", InvariantClass.SEMANTIC, run -> {
            seen.add(run);
            return run.agentName().equals("test-agent") ? null : "the agent is " + run.agentName();
        });

        // when
        String holds = invariant.violation(StubRunContext.INSTANCE);
        String violated = invariant.violation(new StubRunContext("rogue"));

        // then
        assertThat(holds).isNull();
        assertThat(violated).isEqualTo("the agent is rogue");
        assertThat(seen).containsExactly(StubRunContext.INSTANCE, new StubRunContext("rogue"));
    }

    @Test
    void anExceptionOfTheCheckIsThrownToTheCaller() {
        // given
        IllegalStateException failure = new IllegalStateException("broken check");
        Invariant invariant = Invariant.of("broken", InvariantClass.ACCEPTANCE, run -> {
            throw failure;
        });

        // when / then
        assertThatThrownBy(() -> invariant.violation(StubRunContext.INSTANCE)).isSameAs(failure);
    }

    @Test
    void toStringShowsTheClassAndTheName() {
        // when / then
        assertThat(Invariant.of("no-api-keys", InvariantClass.STRUCTURAL, run -> null))
                .hasToString("Invariant[STRUCTURAL no-api-keys]");
    }

    @Test
    void nullArgumentsAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> Invariant.of(null, InvariantClass.STRUCTURAL, run -> null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("name must not be null");
        assertThatThrownBy(() -> Invariant.of("x", null, run -> null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("invariantClass must not be null");
        assertThatThrownBy(() -> Invariant.of("x", InvariantClass.STRUCTURAL, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("check must not be null");
    }

    /** An application's own case. */
    record SecretLeaked(String what) implements Termination.Extension {
        @Override public String tag() { return "SecretLeaked"; }
        @Override public Category category() { return Category.FATAL; }
    }

    @Test
    void aViolationEndsTheRunWithThisInvariantsInvariantViolatedByDefault() {
        // given
        Invariant invariant = Invariant.of("no-api-keys", InvariantClass.STRUCTURAL, run -> "an API key");

        // when
        Termination end = invariant.termination(StubRunContext.INSTANCE, "an API key");

        // then
        assertThat(end).isEqualTo(new Termination.InvariantViolated(InvariantClass.STRUCTURAL, "no-api-keys",
                "an API key"));
    }

    @Test
    void endingWithKeepsTheCheckAndEndsTheRunWithTheApplicationsCaseForTheReason() {
        // given
        Invariant checked = Invariant.of("no-api-keys", InvariantClass.STRUCTURAL,
                run -> run.agentName().equals("rogue") ? "an API key" : null);

        // when
        Invariant reported = checked.endingWith(SecretLeaked::new);

        // then
        assertThat(reported.name()).isEqualTo("no-api-keys");
        assertThat(reported.invariantClass()).isEqualTo(InvariantClass.STRUCTURAL);
        assertThat(reported.violation(StubRunContext.INSTANCE)).isNull();
        assertThat(reported.violation(new StubRunContext("rogue"))).isEqualTo("an API key");
        assertThat(reported.termination(StubRunContext.INSTANCE, "an API key"))
                .isEqualTo(new SecretLeaked("an API key"));
        assertThat(reported).hasToString("Invariant[STRUCTURAL no-api-keys] ending with the application's own case");
    }

    @Test
    void endingWithRefusesANullFunctionNamingIt() {
        // given
        Invariant checked = Invariant.of("x", InvariantClass.SEMANTIC, run -> null);

        // when / then
        assertThatThrownBy(() -> checked.endingWith(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ending must not be null");
    }
}
