package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProposalTest {

    @Test
    void theIdDependsOnTheAgentTheKeyAndTheValueOnly() {
        // given
        Proposal one = Proposal.of("reader", new ProposedFact("total", 5, 0.2));
        Proposal sameValueOtherConfidence = Proposal.of("reader", new ProposedFact("total", 5L, 0.9));
        Proposal otherValue = Proposal.of("reader", ProposedFact.of("total", 6));
        Proposal otherAgent = Proposal.of("writer", ProposedFact.of("total", 5));

        // then
        assertThat(one.id()).matches("reader/total@[0-9a-f]{16}");
        assertThat(sameValueOtherConfidence.id()).isEqualTo(one.id());
        assertThat(otherValue.id()).isNotEqualTo(one.id());
        assertThat(otherAgent.id()).startsWith("writer/total@");
    }

    @Test
    void theIdOfAMapValueIgnoresTheOrderOfItsKeysLikeItsEquality() {
        // given
        Map<String, Object> ab = new LinkedHashMap<>();
        ab.put("a", 1);
        ab.put("b", 2);
        Map<String, Object> ba = new LinkedHashMap<>();
        ba.put("b", 2);
        ba.put("a", 1);

        // when
        Proposal first = Proposal.of("x", ProposedFact.of("k", ab));
        Proposal second = Proposal.of("x", ProposedFact.of("k", ba));

        // then
        assertThat(first.id()).isEqualTo(second.id());
        assertThat(first.valueAsJson()).isEqualTo("{\"a\":1,\"b\":2}");
    }

    @Test
    void theIdIsStableAcrossReleasesForTheSameValue() {
        // when
        Proposal proposal = Proposal.of("reader", ProposedFact.of("total", "1,190.50 EUR"));

        // then: the id is derived by a fixed hash, so a pause written by one process names the same proposal in another
        assertThat(proposal.id()).isEqualTo("reader/total@c630a5c0775c1429");
        assertThat(proposal.valueAsJson()).isEqualTo("\"1,190.50 EUR\"");
    }

    @Test
    void badValuesAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> new Proposal("", "k", 1, 1, "a")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Proposal.id must not be blank");
        assertThatThrownBy(() -> new Proposal("id", "k", 1, 2, "a")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Proposal.confidence must be in [0, 1], was 2.0");
        assertThatThrownBy(() -> Proposal.of(" ", ProposedFact.of("k", 1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("agent must not be blank");
    }
}
