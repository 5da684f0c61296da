package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.converge.Fact;
import dev.terminus.converge.Proposal;
import dev.terminus.converge.ProposedFact;
import dev.terminus.converge.Provenance;
import dev.terminus.converge.RejectedProposal;
import io.temporal.common.converter.DataConverter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConvergenceRunOutputTest {
    private static final DataConverter CONVERTER = TerminusDataConverter.ofDefaults();
    private static final ConvergenceResult RESULT = ConvergenceResult.builder()
            .termination(new Termination.FactBudgetExhausted(4, 3))
            .context(Context.ofFacts(List.of(Fact.input("document", "INV-0042"),
                    new Fact("lines", List.of(1, 2.5, Map.of("sku", "A-1")), new Provenance("extractor", 1, 0.9)))))
            .cycles(2).factsMerged(3).usage(Usage.of(120, 30))
            .rejected(List.of(new RejectedProposal(Proposal.of("checker", ProposedFact.of("checked", true)),
                    "checks are done by hand", RejectedProposal.By.GATE)))
            .duration(Duration.ofMillis(1500)).stoppedBy("extractor").build();

    @Test
    void anOutputHoldsTheResultsEndingAndFiguresAndItsContext() {
        // given / when
        ConvergenceRunOutput output = ConvergenceRunOutput.of(RESULT);

        // then
        assertThat(output.termination()).isEqualTo(RESULT.termination());
        assertThat(output.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(output.context()).isEqualTo(RESULT.context());
        assertThat(output.facts()).isEqualTo(RESULT.context().facts());
        assertThat(output.cycles()).isEqualTo(2);
        assertThat(output.factsMerged()).isEqualTo(3);
        assertThat(output.usage()).isEqualTo(Usage.of(120, 30));
        assertThat(output.rejected()).isEqualTo(RESULT.rejected());
        assertThat(output.duration()).isEqualTo(Duration.ofMillis(1500));
        assertThat(output.stoppedBy()).isEqualTo("extractor");
    }

    @Test
    void anOutputCrossesTheWireWithItsTerminationInTheWireFormatAndComesBackEqual() {
        // given
        ConvergenceRunOutput output = ConvergenceRunOutput.of(RESULT);

        // when
        var payload = CONVERTER.toPayload(output).orElseThrow();
        ConvergenceRunOutput back = CONVERTER.fromPayload(payload, ConvergenceRunOutput.class,
                ConvergenceRunOutput.class);

        // then
        assertThat(back).isEqualTo(output);
        assertThat(payload.getData().toString(StandardCharsets.UTF_8))
                .contains("{\"$kind\":\"FactBudgetExhausted\",\"factsCount\":4,\"limit\":3}");
    }
}
