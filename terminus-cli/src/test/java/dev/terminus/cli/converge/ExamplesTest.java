package dev.terminus.cli.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.converge.Provenance;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExamplesTest {

    @Test
    void theDocumentReconciliationConvergesInFourCyclesWithTheInvoiceReconciled() {
        // given
        Examples.Example example = Examples.documentReconciliation();

        // when
        ConvergenceResult result = example.run();

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Converged(4));
        assertThat(result.context().values())
                .containsEntry("invoice.number", "INV-0042")
                .containsEntry("date", "2026-11-03")
                .containsEntry("currency", "EUR")
                .containsEntry("lines.cents", List.of(95000, 24050))
                .containsEntry("total.cents", 119050)
                .containsEntry("lines.sum.cents", 119050)
                .containsEntry("status", "reconciled");
        assertThat(result.context().fact("status").orElseThrow().provenance())
                .isEqualTo(new Provenance("cross-checker", 3, 1.0));
        assertThat(result.factsMerged()).isEqualTo(11);
    }

    @Test
    void oneEngineRunsManyTimesAndTheSameInputGivesTheSameResult() {
        // given
        ConvergenceEngine engine = Examples.documentReconciliation().engine();
        Context input = Examples.documentReconciliation().input();

        // when
        ConvergenceResult first = engine.run(input);
        ConvergenceResult second = engine.run(input);

        // then
        assertThat(second.termination()).isEqualTo(first.termination());
        assertThat(second.context()).isEqualTo(first.context());
        assertThat(second.context().facts()).isEqualTo(first.context().facts());
        assertThat(engine.name()).isEqualTo("document-reconciliation");
        assertThat(engine.agentNames()).containsExactly("extractor", "normalizer", "cross-checker");
        assertThat(engine).hasToString(
                "ConvergenceEngine[document-reconciliation, agents=[extractor, normalizer, cross-checker]]");
    }

    @Test
    void theMainMethodPrintsTheTerminationAndTheFacts() {
        // given
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        // when
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            Examples.main(new String[0]);
        } finally {
            System.setOut(original);
        }

        // then
        assertThat(out.toString(StandardCharsets.UTF_8))
                .startsWith("document-reconciliation: Converged[cycles=4] (SUCCESS, SUCCEEDED) after 4 cycles")
                .contains("  status = \"reconciled\"   [cross-checker, cycle 3, confidence 1.0]")
                .contains("  lines.cents = [95000,24050]   [normalizer, cycle 2, confidence 1.0]");
    }
}
