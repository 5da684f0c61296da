package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PauseTest {

    static final Proposal STAGED = Proposal.of("reader", new ProposedFact("total", 5, 0.3));

    static Pause pause(int version, Termination.HitlGatePending gate, List<String> agents, List<Proposal> remaining,
            Duration elapsed) {
        return new Pause(version, gate, "engine", agents, STAGED, remaining, List.of("a"), Context.empty(), List.of(),
                List.of(), 1, Usage.ZERO, elapsed);
    }

    static Termination.HitlGatePending gate(String proposalId, String agent, int cycle) {
        return new Termination.HitlGatePending("gate-1", proposalId, "summary", agent, cycle);
    }

    @Test
    void aValidPauseNamesItsGateAndCycle() {
        // when
        Pause pause = pause(1, gate(STAGED.id(), "reader", 2), List.of("reader"), List.of(), Duration.ZERO);

        // then
        assertThat(pause.gateId()).isEqualTo("gate-1");
        assertThat(pause.cycle()).isEqualTo(2);
    }

    @Test
    void anInconsistentPauseIsRefusedNamingWhatDoesNotFit() {
        // when / then
        assertThatThrownBy(() -> pause(2, gate(STAGED.id(), "reader", 1), List.of("reader"), List.of(), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Pause.formatVersion 2 is not supported: this version of Terminus reads format 1");
        assertThatThrownBy(() -> pause(1, gate("other", "reader", 1), List.of("reader"), List.of(), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Pause.staged.id \"" + STAGED.id() + "\" is not the gate's proposalId \"other\"");
        assertThatThrownBy(() -> pause(1, gate(STAGED.id(), "writer", 1), List.of("reader"), List.of(), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not the gate's agentId");
        assertThatThrownBy(() -> pause(1, gate(STAGED.id(), "reader", 0), List.of("reader"), List.of(), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Pause.gate.cycle must be >= 1, was 0");
        assertThatThrownBy(() -> pause(1, gate(STAGED.id(), "reader", 1), List.of("reader"),
                List.of(Proposal.of("ghost", ProposedFact.of("k", 1))), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Pause.remaining[0].agent \"ghost\" is not one of Pause.agents [reader]");
        assertThatThrownBy(() -> pause(1, gate(STAGED.id(), "reader", 1), List.of("reader", "reader"), List.of(),
                Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Pause.agents holds \"reader\" twice");
        assertThatThrownBy(() -> pause(1, gate(STAGED.id(), "reader", 1), List.of("reader"), List.of(),
                Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Pause.elapsed must not be negative, was PT-1S");
    }
}
