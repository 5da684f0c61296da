package dev.terminus.cli.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.cli.scenario.ScenarioException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link ScriptPositions}: where each stage's scripts stand, before, during and after a run. */
class ScriptPositionsTest {

    private static final String FILE = """
            {"task": "t", "agents": {"helper": {"script": [{"text": "helped"}]}}, "stages": [
              {"name": "ask", "tools": [{"name": "help", "agent": "helper"}],
               "script": [{"toolCalls": [{"name": "help", "arguments": {"task": "x"}}]}, {"text": "asked"}]},
              {"name": "flaky", "retries": {"maxRetries": 1, "initialBackoffMs": 1, "maxBackoffMs": 1},
               "limits": {"retries": {"maxRetries": 0, "initialBackoffMs": 1, "maxBackoffMs": 1}},
               "script": [{"error": "server_error"}, {"text": "second time"}]},
              {"name": "later", "script": [{"text": "x"}, {"text": "y"}]}]}
            """;

    @Test
    void beforeARunEveryStageStartsAtItsFirstStepAndAResumedOneWhereItPaused() {
        // given
        ScriptPositions.Position paused = new ScriptPositions.Position(3, Map.of("helper", 1));

        // when
        ScriptPositions fresh = ScriptPositions.fromStart();
        ScriptPositions resuming = ScriptPositions.resumingAt("refund", paused);

        // then
        assertThat(fresh.of("refund")).isEqualTo(ScriptPositions.Position.START);
        assertThat(resuming.of("refund")).isEqualTo(paused);
        assertThat(resuming.of("notify")).isEqualTo(ScriptPositions.Position.START);
    }

    @Test
    void afterARunEachStageStandsWhereItsLastAttemptLeftItsScriptsAndItsNamedAgents() throws ScenarioException {
        // given
        PipelineFile file = PipelineFile.read(FILE.getBytes(StandardCharsets.UTF_8), "p.json");
        ScriptPositions positions = ScriptPositions.fromStart();

        // when
        file.pipeline(PipelineFile.Materials.scripted(), positions).run(file.task());

        // then: the retry went on from the failed attempt's step
        assertThat(positions.of("ask")).isEqualTo(new ScriptPositions.Position(2, Map.of("helper", 1)));
        assertThat(positions.of("flaky").step()).isEqualTo(2);
        assertThat(positions.of("later").step()).isEqualTo(1);
    }

    @Test
    void aNegativeStepIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> new ScriptPositions.Position(-1, Map.of()))
                .hasMessage("Position.step must be >= 0, was -1");
    }
}
