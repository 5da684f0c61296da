package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConvergenceResultTest {

    private static final RejectedProposal REJECTED =
            new RejectedProposal(Proposal.of("a", ProposedFact.of("k", 1)), "r", RejectedProposal.By.GATE);

    @Test
    void theOutcomeIsTheTerminationsDefault() {
        // given
        ConvergenceResult.Builder builder = ConvergenceResult.builder()
                .termination(new Termination.MaxIterationsReached(3, 3)).context(Context.of(Map.of("a", 1))).cycles(3)
                .factsMerged(3).duration(Duration.ofMillis(5));

        // when
        ConvergenceResult result = builder.build();

        // then
        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.context().facts()).containsExactly(Fact.input("a", 1));
    }

    @Test
    void pauseIsPresentWhenTheRunStoppedAtAGate() {
        // given
        Pause pause = PauseJsonTest.richPause();
        ConvergenceResult.Builder builder = ConvergenceResult.builder().termination(pause.gate()).pause(pause);

        // when
        ConvergenceResult result = builder.build();

        // then
        assertThat(result.pause()).contains(pause);
    }

    @Test
    void pauseIsEmptyWhenTheRunDidNotStopAtAGate() {
        // given
        ConvergenceResult.Builder builder = converged().pause(null);

        // when
        ConvergenceResult result = builder.build();

        // then
        assertThat(result.pause()).isEmpty();
    }

    @Test
    void stoppedByNamesTheAgentWhoseAnswerEndedTheRun() {
        // given
        ConvergenceResult.Builder builder = ConvergenceResult.builder()
                .termination(new Termination.AgentRefused("reader", "not my job")).stoppedBy("reader");

        // when
        ConvergenceResult result = builder.build();

        // then
        assertThat(result.stoppedBy()).contains("reader");
    }

    @Test
    void stoppedByIsEmptyWhenTheEngineItselfEndedTheRun() {
        // given
        ConvergenceResult.Builder builder = converged().stoppedBy(null);

        // when
        ConvergenceResult result = builder.build();

        // then
        assertThat(result.stoppedBy()).isEmpty();
    }

    @Test
    void theRejectedListIsCopiedAndBadValuesAreRefused() {
        // given
        List<RejectedProposal> rejected = new ArrayList<>();

        // when
        ConvergenceResult result = converged().rejected(rejected).build();
        rejected.add(new RejectedProposal(Proposal.of("a", ProposedFact.of("k", 1)), "r", RejectedProposal.By.GATE));

        // then
        assertThat(result.rejected()).isEmpty();
        assertThatThrownBy(() -> converged().cycles(-1).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ConvergenceResult.cycles must be >= 0, was -1");
    }

    @Test
    void badFieldsAreRefusedNamingTheFieldAndValue() {
        // when / then
        assertThatThrownBy(() -> ConvergenceResult.builder().build())
                .isInstanceOf(NullPointerException.class).hasMessage("ConvergenceResult.termination must not be null");
        assertThatThrownBy(() -> converged().context(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("ConvergenceResult.context must not be null");
        assertThatThrownBy(() -> converged().factsMerged(-2).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ConvergenceResult.factsMerged must be >= 0, was -2");
        assertThatThrownBy(() -> converged().usage(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("ConvergenceResult.usage must not be null");
        assertThatThrownBy(() -> converged().duration(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("ConvergenceResult.duration must not be null");
    }

    @Test
    void fieldsNotSetAreEmptyOrZero() {
        // when
        ConvergenceResult result = converged().build();

        // then
        assertThat(result.context()).isEqualTo(Context.empty());
        assertThat(result.cycles()).isZero();
        assertThat(result.factsMerged()).isZero();
        assertThat(result.usage()).isEqualTo(Usage.ZERO);
        assertThat(result.rejected()).isEmpty();
        assertThat(result.duration()).isEqualTo(Duration.ZERO);
        assertThat(result.pause()).isEmpty();
        assertThat(result.stoppedBy()).isEmpty();
    }

    @Test
    void resultsAreEqualExactlyWhenEveryFieldIs() {
        // given
        ConvergenceResult base = converged().context(Context.of(Map.of("a", 1))).cycles(1).factsMerged(1).build();

        // when
        List<ConvergenceResult> changed = List.of(
                base.toBuilder().termination(new Termination.Converged(2)).build(),
                base.toBuilder().context(Context.empty()).build(),
                base.toBuilder().cycles(2).build(),
                base.toBuilder().factsMerged(0).build(),
                base.toBuilder().usage(Usage.of(1, 1)).build(),
                base.toBuilder().rejected(List.of(REJECTED)).build(),
                base.toBuilder().duration(Duration.ofMillis(1)).build(),
                base.toBuilder().pause(PauseJsonTest.richPause()).build(),
                base.toBuilder().stoppedBy("reader").build());

        // then
        assertThat(base.toBuilder().build()).isEqualTo(base).hasSameHashCodeAs(base);
        assertThat(changed).allSatisfy(other -> assertThat(other).isNotEqualTo(base));
    }

    @Test
    void toBuilderKeepsEveryFieldItDoesNotChange() {
        // given
        ConvergenceResult original = converged().cycles(4).factsMerged(2).usage(Usage.of(5, 3))
                .rejected(List.of(REJECTED)).stoppedBy("reader").build();

        // when
        ConvergenceResult copy = original.toBuilder().cycles(5).build();

        // then
        assertThat(copy.cycles()).isEqualTo(5);
        assertThat(copy.toBuilder().cycles(4).build()).isEqualTo(original);
    }

    @Test
    void toStringNamesEveryFieldByItsAccessorsName() {
        // when
        String text = converged().build().toString();

        // then
        assertThat(text).isEqualTo("ConvergenceResult[termination=Converged[cycles=1], context=" + Context.empty()
                + ", cycles=0, factsMerged=0, usage=" + Usage.ZERO + ", rejected=[], duration=PT0S, pause=null,"
                + " stoppedBy=null]");
    }

    private static ConvergenceResult.Builder converged() {
        return ConvergenceResult.builder().termination(new Termination.Converged(1));
    }
}
