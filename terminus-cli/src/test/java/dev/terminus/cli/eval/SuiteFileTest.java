package dev.terminus.cli.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.cli.scenario.ScenarioException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@link SuiteFile}: a suite whose agent is a scenario's, or a pipeline. */
class SuiteFileTest {

    private static SuiteFile read(String json) throws ScenarioException {
        return SuiteFile.read(json.getBytes(StandardCharsets.UTF_8), "suite.json");
    }

    @Test
    void aScenarioAgentIsTheSuitesAgentAndThereIsNoPipeline() throws ScenarioException {
        // when
        SuiteFile file = read("""
                {"evaluator": {"type": "exact"}, "agent": {"system": "Be brief.", "script": [{"text": "x"}]},
                 "tasks": [{"id": "a", "input": "q"}]}
                """);

        // then
        assertThat(file.pipeline()).isNull();
        assertThat(file.suite().agent().system()).isEqualTo("Be brief.");
    }

    @Test
    void anAgentWithStagesIsAPipelineNamedAfterTheSuiteAndTheSuiteHasNoScenarioAgent() throws ScenarioException {
        // when
        SuiteFile file = read("""
                {"name": "capitals", "evaluator": {"type": "exact"},
                 "agent": {"limits": {"tokenBudget": {"total": 99}},
                           "stages": [{"name": "one", "script": [{"text": "x"}]}]},
                 "tasks": [{"id": "a", "input": "q"}]}
                """);

        // then
        assertThat(file.suite().agent()).isNull();
        assertThat(file.pipeline()).isNotNull();
        assertThat(file.pipeline().name()).isEqualTo("capitals");
        assertThat(file.pipeline().tokenBudget().total()).isEqualTo(99L);
        assertThat(file.pipeline().stages()).hasSize(1);
    }

    @Test
    void aPipelineAgentWithATaskIsRefusedAsEachTaskGivesTheInput() {
        // when / then
        assertThatThrownBy(() -> read("""
                {"evaluator": {"type": "exact"},
                 "agent": {"task": "mine", "stages": [{"name": "one", "script": [{"text": "x"}]}]},
                 "tasks": [{"id": "a", "input": "q"}]}
                """))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("suite.json: agent.task: each task's \"input\" is the pipeline's input, was \"mine\"");
    }

    @Test
    void theSuitesOwnFieldsAreStillReadStrictlyBesideAPipelineAgent() {
        // when / then
        assertThatThrownBy(() -> read("""
                {"evaluator": {"type": "exact"}, "repeat": 2,
                 "agent": {"stages": [{"name": "one", "script": [{"text": "x"}]}]},
                 "tasks": [{"id": "a", "input": "q"}]}
                """))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("unknown field \"repeat\"");
    }

    @Test
    void aStagesMcpServersAreKeptForTheCommandToStart() throws ScenarioException {
        // when
        SuiteFile file = read("""
                {"evaluator": {"type": "exact"},
                 "agent": {"stages": [{"name": "one", "mcpServers": {"fs": {"command": "x"}},
                                       "script": [{"text": "x"}]}]},
                 "tasks": [{"id": "a", "input": "q"}]}
                """);

        // then
        assertThat(file.pipeline().stages().getFirst().agent().mcpServers()).containsOnlyKeys("fs");
    }
}
