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

    @Test
    void theOutcomeIsTheTerminationsDefaultAndTheFactsAreTheContexts() {
        // given
        Context context = Context.of(Map.of("a", 1));

        // when
        ConvergenceResult result = new ConvergenceResult(new Termination.MaxIterationsReached(3, 3), context, 3, 3,
                Usage.ZERO, List.of(), Duration.ofMillis(5), null, null);

        // then
        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.facts()).containsExactly(Fact.input("a", 1));
        assertThat(result.pause()).isEmpty();
        assertThat(result.stoppedBy()).isEmpty();
    }

    @Test
    void theRejectedListIsCopiedAndBadValuesAreRefused() {
        // given
        List<RejectedProposal> rejected = new ArrayList<>();

        // when
        ConvergenceResult result = new ConvergenceResult(new Termination.Converged(1), Context.empty(), 1, 0,
                Usage.ZERO, rejected, Duration.ZERO, null, null);
        rejected.add(new RejectedProposal(Proposal.of("a", ProposedFact.of("k", 1)), "r", RejectedProposal.By.GATE));

        // then
        assertThat(result.rejected()).isEmpty();
        assertThatThrownBy(() -> new ConvergenceResult(new Termination.Converged(1), Context.empty(), -1, 0,
                Usage.ZERO, List.of(), Duration.ZERO, null, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ConvergenceResult.cycles must be >= 0, was -1");
    }
}
