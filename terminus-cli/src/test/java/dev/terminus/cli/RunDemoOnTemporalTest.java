package dev.terminus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code terminus run --demo --temporal embedded}: every demo scenario and the convergence example run as workflows on
 * the in-process server, end as they do in one process, and the approval scenario is answered through its update.
 */
@Timeout(120)
class RunDemoOnTemporalTest {

    @Test
    void theEmbeddedDemoEndsEveryScenarioAsExpectedTheConvergenceExampleIncluded() {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", "embedded");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("Every scenario ended as expected.")
                .containsPattern("document-reconciliation\\s+Converged\\s+SUCCESS\\s+SUCCEEDED\\s+4\\s+11")
                .containsPattern("hitl-gate-pending: its workflow waited at gate gate-[0-9a-f-]+; approved through the"
                        + " workflow's answer update, the run then ended NaturalCompletion \\(SUCCEEDED\\)\\.");
    }
}
