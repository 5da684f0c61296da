package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.cli.scenario.ScenarioReader;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code terminus run --demo --temporal embedded}: every demo scenario, the convergence example and the demo pipelines
 * run as workflows on the in-process server, end as they do in one process, and the approval scenario is answered
 * through its update.
 */
@Timeout(120)
class RunDemoOnTemporalTest {

    @Test
    void theEmbeddedDemoEndsEveryScenarioAsExpectedTheConvergenceExampleAndThePipelinesIncluded() {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", "embedded");

        // then
        assertThat(result.status()).as(result.out() + result.err()).isZero();
        assertThat(result.out()).contains("Every scenario ended as expected.")
                .containsPattern("document-reconciliation\\s+Converged\\s+SUCCESS\\s+SUCCEEDED\\s+4\\s+11")
                .containsPattern("hitl-gate-pending: its workflow waited at gate gate-[0-9a-f-]+; approved through the"
                        + " workflow's answer update, the run then ended NaturalCompletion \\(SUCCEEDED\\)\\.")
                // the pipelines as pipeline workflows, with the lines and figures of one process (RunCommandTest)
                .containsPattern("(?m)^pipeline-completed\\.json: Completed \\(SUCCEEDED\\)  ok$")
                .containsPattern("(?m)^\\s+translate\\s+Skipped\\s+INTERRUPTED\\s+SKIPPED\\s+0\\s")
                .containsPattern("(?m)^\\s+draft\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+2\\s")
                .containsPattern("(?m)^pipeline-stopped\\.json: ProviderAuthFailed \\(FAILED, stopped by stage draft\\)"
                        + "  ok$")
                .containsPattern("(?m)^\\s+publish\\s+-\\s+-\\s+not run\\s");
    }

    @Test
    void theEmbeddedDemoRunsEachTreeOfAgentsInItsRootsWorkflowAndEndsItAsInOneProcess() {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", "embedded");

        // then: the figures of one process (RunAgentsCommandTest), the durations aside
        assertThat(result.status()).as(result.out() + result.err()).isZero();
        assertThat(result.out()).contains("Every scenario ended as expected.")
                .containsPattern("(?m)^child-iteration-cap\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+"
                        + "child-iteration-cap\\s+2\\s+1\\s+60\\s+1\\s+\\d+\\s+ok$")
                .containsPattern("(?m)^child-token-budget\\s+TokenBudgetExhausted\\s+CAPACITY\\s+FAILED\\s+"
                        + "child-token-budget\\s+1\\s+1\\s+105\\s+1\\s+\\d+\\s+ok$")
                .containsPattern("(?m)^handoff\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+billing\\s+4\\s+3\\s+"
                        + "60\\s+0\\s+\\d+\\s+ok$")
                .containsPattern("(?m)^child-approval\\s+HitlGatePending\\s+SUSPENDED\\s+SUSPENDED\\s+payments\\s+"
                        + "\\d+\\s+-\\s+-\\s+0\\s+-\\s+ok$")
                .containsPattern("(?m)^child-approval \\(approved\\)\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+"
                        + "child-approval\\s+2\\s+1\\s+75\\s+1\\s+\\d+\\s+ok$")
                .contains("child-token-budget:\n  read_archive -> reader (iteration 1): TokenBudgetExhausted, 6"
                        + " iterations, 90 tokens\n")
                .contains("child-approval (approved):\n  ask_payments -> payments (iteration 1): NaturalCompletion, 3"
                        + " iterations, 45 tokens\n");
    }

    @Test
    void theEmbeddedDemoRunsEachStreamedScenarioAsAWorkflowWhoseTranscriptHoldsTheTextItsTwinInOneProcessKept()
            throws IOException {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", "embedded");

        // then: a row per streamed scenario, its case and its check (ok: the workflow's answers are the text the
        // twin's consumer kept, an answer cut short included), its piece figures unknown here
        assertThat(result.status()).as(result.out() + result.err()).isZero();
        assertThat(result.out()).contains("Every scenario ended as expected.")
                .doesNotContain("left out with --temporal");
        for (String name : ScenarioReader.STREAMED_DEMO) {
            String expected = new ObjectMapper().readTree(ScenarioReader.demoText(name)).get("expect").asText();
            assertThat(result.out()).containsPattern("(?m)^" + name + "\\s+" + expected + "\\s+\\S+\\s+\\S+\\s+-\\s+-"
                    + "\\s+-\\s.*\\sok$");
        }
        // the answers the deadline and the silent stream cut short, whole
        assertThat(result.out())
                .containsPattern("(?m)^streamed-deadline\\s+TimeBudgetExhausted\\s.*\\s32 chars, cut short\\s.*\\sok$")
                .containsPattern("(?m)^streamed-stall\\s+Failed\\s.*\\s15 chars, cut short\\s.*\\sok$");
    }
}
