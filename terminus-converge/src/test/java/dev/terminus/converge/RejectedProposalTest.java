package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RejectedProposalTest {

    @Test
    void itKeepsTheProposalTheReasonAndWhoRejectedIt() {
        // given
        Proposal proposal = Proposal.of("reader", ProposedFact.of("total", 1));

        // when
        RejectedProposal rejection = new RejectedProposal(proposal, "wrong page", RejectedProposal.By.PERSON);

        // then
        assertThat(rejection.proposal()).isEqualTo(proposal);
        assertThat(rejection.reason()).isEqualTo("wrong page");
        assertThat(rejection.rejectedBy()).isEqualTo(RejectedProposal.By.PERSON);
    }

    @Test
    void nullComponentsAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> new RejectedProposal(Proposal.of("a", ProposedFact.of("k", 1)), "r", null))
                .isInstanceOf(NullPointerException.class).hasMessage("RejectedProposal.rejectedBy must not be null");
    }
}
