package dev.terminus.cli.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.TokenBudget;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.pipeline.FailureDisposition;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@link StageEntry}: a stage's fields split between its policies and its agent. */
class StageEntryTest {

    private static StageEntry only(String stage) throws ScenarioException {
        return PipelineFile.read(("{\"task\": \"t\", \"stages\": [" + stage + "]}").getBytes(StandardCharsets.UTF_8),
                "p.json").stages().getFirst();
    }

    @Test
    void aStageWithOnlyANameAndAScriptHasTheDefaultPolicies() throws ScenarioException {
        // when
        StageEntry stage = only("{\"name\": \"plain\", \"script\": [{\"text\": \"x\"}]}");

        // then
        assertThat(stage.index()).isZero();
        assertThat(stage.label()).isEqualTo("stages[0] (plain)");
        assertThat(stage.onFailure()).isEqualTo(FailureDisposition.ABORT);
        assertThat(stage.retries()).isEqualTo(RetryPolicy.none());
        assertThat(stage.tokenBudget()).isEqualTo(TokenBudget.UNLIMITED);
        assertThat(stage.skipWhenAnswerContains()).isNull();
        assertThat(stage.phase()).isNull();
        assertThat(stage.treatAsSuccess()).isEmpty();
    }

    @Test
    void thePolicyFieldsAreTheStagesAndTheOthersItsAgents() throws ScenarioException {
        // when
        StageEntry stage = only("""
                {"name": "draft", "system": "Write.", "limits": {"maxIterations": 3},
                 "skipWhen": {"answerContains": "DONE"}, "onFailure": "continue", "phase": "write",
                 "retries": {"maxRetries": 2, "initialBackoffMs": 5, "maxBackoffMs": 20},
                 "tokenBudget": {"output": 70}, "treatAsSuccess": ["MaxIterationsReached"],
                 "script": [{"text": "x"}]}
                """);

        // then
        assertThat(stage.agent().name()).isEqualTo("draft");
        assertThat(stage.agent().system()).isEqualTo("Write.");
        assertThat(stage.agent().limits().maxIterations()).isEqualTo(3);
        assertThat(stage.skipWhenAnswerContains()).isEqualTo("DONE");
        assertThat(stage.onFailure()).isEqualTo(FailureDisposition.CONTINUE);
        assertThat(stage.phase()).isEqualTo("write");
        assertThat(stage.retries()).isEqualTo(new RetryPolicy(2, Duration.ofMillis(5), Duration.ofMillis(20), 0.5));
        assertThat(stage.tokenBudget()).isEqualTo(TokenBudget.output(70));
    }

    @Test
    void aStageTreatsAsSuccessTheKindsItNamesAndNoOther() throws ScenarioException {
        // given
        StageEntry stage = only("{\"name\": \"r\", \"treatAsSuccess\": [\"MaxIterationsReached\"],"
                + " \"script\": [{\"text\": \"x\"}]}");

        // when / then
        assertThat(stage.treatsAsSuccess(new Termination.MaxIterationsReached(3, 3))).isTrue();
        assertThat(stage.treatsAsSuccess(new Termination.StallDetected(3))).isFalse();
    }

    @Test
    void anEmptySkipTextIsRefusedAsEveryAnswerContainsIt() {
        // when / then
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> only("{\"name\": \"s\", \"skipWhen\":"
                + " {\"answerContains\": \"\"}, \"script\": [{\"text\": \"x\"}]}"))
                .hasMessage("p.json: stages[0] (s).skipWhen.answerContains: must not be empty (every answer contains"
                        + " \"\"), was \"\"");
    }
}
