package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.GateDecision;
import dev.terminus.Termination;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A resume is checked before it runs, and everything after that ends as a termination, budgets first. */
class ResumeScenariosTest {

    @Test
    void aPauseAlreadyPastTheTimeBudgetEndsTimeBudgetExhaustedWithoutMergingTheApprovedProposal() {
        // given: the run paused after 11 s of a 10 s budget
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().timeBudget(Duration.ofSeconds(10)).build();
        Pause pause = withElapsed(engine.run(Context.empty()).pause().orElseThrow(), Duration.ofSeconds(11));

        // when
        ConvergenceResult result = engine.resume(pause, GateDecision.approve(pause.gateId()));

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.TimeBudgetExhausted.class, time -> {
            assertThat(time.limitMs()).isEqualTo(10_000);
            assertThat(time.elapsedMs()).isGreaterThanOrEqualTo(11_000);
        });
        assertThat(result.context()).isEqualTo(pause.context());
        assertThat(result.factsMerged()).isEqualTo(pause.factsMerged());
        assertThat(result.cycles()).isEqualTo(1);
    }

    @Test
    void aPauseWhoseElapsedTimeOverflowsNanosecondsEndsAsATerminationInsteadOfThrowing() {
        // given: a thousand years do not fit in a long of nanoseconds
        Duration millennium = Duration.ofDays(365L * 1_000);
        ConvergenceEngine timed = Fixtures.unsureOfTheTotal().timeBudget(Duration.ofSeconds(10)).build();
        ConvergenceEngine untimed = Fixtures.unsureOfTheTotal().build();
        Pause pause = withElapsed(untimed.run(Context.empty()).pause().orElseThrow(), millennium);

        // when
        ConvergenceResult outOfTime = timed.resume(pause, GateDecision.approve(pause.gateId()));
        ConvergenceResult goesOn = untimed.resume(pause, GateDecision.approve(pause.gateId()));

        // then
        assertThat(outOfTime.termination()).isInstanceOfSatisfying(Termination.TimeBudgetExhausted.class, time ->
                assertThat(time.limitMs()).isEqualTo(10_000));
        assertThat(goesOn.termination()).isEqualTo(new Termination.Converged(3));
        assertThat(goesOn.duration()).isGreaterThanOrEqualTo(millennium);
    }

    @Test
    void aPauseWhoseContextIsPastThisEnginesFactBudgetEndsFactBudgetExhaustedBeforeMerging() {
        // given: the pause holds two facts, and this engine allows one
        Pause pause = Fixtures.unsureOfTheTotal().build().run(Context.of(Map.of("document", "INV-0042")))
                .pause().orElseThrow();
        ConvergenceEngine smaller = Fixtures.unsureOfTheTotal().maxFacts(1).build();

        // when
        ConvergenceResult result = smaller.resume(pause, GateDecision.approve(pause.gateId()));

        // then
        assertThat(result.termination()).isEqualTo(new Termination.FactBudgetExhausted(2, 1));
        assertThat(result.context().contains("total.cents")).isFalse();
    }

    @Test
    void aPauseWrittenByAnEngineOfAnotherNameIsRefusedNamingTheFieldAndBothNames() {
        // given: the same agents, but another engine
        Pause pause = Fixtures.unsureOfTheTotal().build().run(Context.empty()).pause().orElseThrow();
        ConvergenceEngine other = Fixtures.unsureOfTheTotal().name("other").build();

        // when / then
        assertThatThrownBy(() -> other.resume(pause, GateDecision.approve(pause.gateId())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Pause.engine is \"hitl\", but this engine is named \"other\"");
    }

    @Test
    void aResumeByAnInterruptedThreadEndsCancelledWithoutMergingAndKeepsTheInterrupt() {
        // given
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().build();
        Pause pause = engine.run(Context.empty()).pause().orElseThrow();

        // when
        Thread.currentThread().interrupt();
        ConvergenceResult result;
        boolean interrupted;
        try {
            result = engine.resume(pause, GateDecision.approve(pause.gateId()));
        } finally {
            interrupted = Thread.interrupted();
        }

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("thread-interrupt"));
        assertThat(result.context()).isEqualTo(pause.context());
        assertThat(interrupted).isTrue();
    }

    private static Pause withElapsed(Pause pause, Duration elapsed) {
        return new Pause(pause.formatVersion(), pause.gate(), pause.engine(), pause.agents(), pause.staged(),
                pause.remaining(), pause.changedKeys(), pause.context(), pause.rejected(), pause.approved(),
                pause.factsMerged(), pause.usage(), elapsed);
    }
}
