package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.PromotionDecision;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.ManualClock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A run suspended between two of its cycles ({@link ConvergenceEngine#run(Context,
 * dev.terminus.agent.control.RunControl, java.util.function.BooleanSupplier)}) and continued from its
 * {@link ConvergenceContinuation}, as often as it is asked to, makes the decisions the uninterrupted run makes and
 * ends with the same result.
 */
class ConvergenceContinuationTest {
    private final ManualClock clock = new ManualClock();

    /** A counter that always runs, a checker triggered by it, and a gate that drops every third count. */
    private ConvergenceEngine engine(String name) {
        return ConvergenceEngine.builder().name(name).clock(clock).maxCycles(9)
                .promotionGate((proposal, context) -> proposal.key().equals("tick")
                        && ((Number) proposal.value()).intValue() % 3 == 0
                        ? PromotionDecision.reject("every third is dropped") : PromotionDecision.accept(),
                        RejectionPolicy.RECORD_AND_DROP)
                .agent(ConvergenceAgent.of("counter", Trigger.always(), (context, cycle) ->
                        new Reply.Propose(List.of(ProposedFact.of("tick", cycle)), Usage.of(10, 5))))
                .agent(ConvergenceAgent.of("checker", Trigger.on("tick"), (context, cycle) ->
                        Reply.propose(Map.of("checked." + cycle, String.valueOf(context.value("tick"))))))
                .build();
    }

    @Test
    void aRunSuspendedAtEveryCycleAndContinuedEachTimeEndsAsTheUninterruptedRun() {
        // given
        ConvergenceEngine engine = engine("counting");
        ConvergenceResult whole = engine.run(Context.of(Map.of("document", "INV-0042")), engine.newControl());

        // when
        ConvergenceStep step = engine.run(Context.of(Map.of("document", "INV-0042")), engine.newControl(), () -> true);
        int suspensions = 0;
        while (step instanceof ConvergenceStep.Suspended(ConvergenceContinuation continuation)) {
            suspensions++;
            assertThat(continuation.cycles()).isEqualTo(suspensions);
            step = engine.proceed(continuation, engine.newControl(continuation), () -> true);
        }

        // then
        ConvergenceResult continued = ((ConvergenceStep.Ended) step).result();
        assertThat(whole.termination()).isEqualTo(new Termination.MaxIterationsReached(9, 9));
        assertThat(whole.rejected()).hasSize(3);
        assertThat(continued).isEqualTo(whole);
        assertThat(suspensions).isEqualTo(9);
    }

    @Test
    void aRunThatIsNeverAskedToSuspendEndsInItsFirstPart() {
        // given
        ConvergenceEngine engine = engine("counting");

        // when
        ConvergenceStep step = engine.run(Context.empty(), engine.newControl(), () -> false);

        // then
        assertThat(step).isInstanceOfSatisfying(ConvergenceStep.Ended.class, ended ->
                assertThat(ended.result()).isEqualTo(engine.run(Context.empty(), engine.newControl())));
    }

    @Test
    void aContinuationOfAnotherEngineIsRefusedNamingBothNames() {
        // given
        ConvergenceEngine engine = engine("counting");
        ConvergenceStep step = engine.run(Context.empty(), engine.newControl(), () -> true);
        ConvergenceContinuation continuation = ((ConvergenceStep.Suspended) step).continuation();
        ConvergenceEngine other = engine("tallying");

        // when / then
        assertThatThrownBy(() -> other.proceed(continuation, other.newControl(continuation), () -> false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ConvergenceContinuation.engine is \"counting\", but this engine is named \"tallying\"");
    }
}
