package dev.terminus.cli.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.TokenBudget;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.PipelineResult;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@link PipelineFile}: what a pipeline file says, and the pipeline it builds. */
class PipelineFileTest {

    private static final String FILE = """
            {"name": "review", "task": "the draft", "limits": {"tokenBudget": {"total": 500}},
             "phases": {"check": {"tokenBudget": {"input": 200}}},
             "agents": {"helper": {"script": [{"text": "helped"}]}},
             "stages": [
               {"name": "read", "system": "Read it.", "script": [{"text": "read: in order"}]},
               {"name": "spell", "phase": "check", "skipWhen": {"answerContains": "in order"},
                "script": [{"text": "spelled"}]},
               {"name": "style", "phase": "check", "tokenBudget": {"total": 90}, "onFailure": "continue",
                "retries": {"maxRetries": 2, "initialBackoffMs": 5, "maxBackoffMs": 20},
                "treatAsSuccess": ["MaxIterationsReached", "StallDetected"],
                "tools": [{"name": "ask", "agent": "helper"}],
                "script": [{"toolCalls": [{"name": "ask", "arguments": {"task": "style?"}}]}, {"text": "styled"}]}]}
            """;

    private static PipelineFile read(String json) throws ScenarioException {
        return PipelineFile.read(json.getBytes(StandardCharsets.UTF_8), "dir/review-file.json");
    }

    @Test
    void aFileWithStagesDescribesAPipelineAndAScenarioFileDoesNot() {
        // when / then
        assertThat(PipelineFile.describesPipeline(FILE.getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(PipelineFile.describesPipeline("{\"task\": \"t\", \"script\": []}".getBytes(StandardCharsets.UTF_8)))
                .isFalse();
        assertThat(PipelineFile.describesPipeline("not json".getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(PipelineFile.describesPipeline("[{\"stages\": []}]".getBytes(StandardCharsets.UTF_8))).isFalse();
    }

    @Test
    void readingKeepsThePipelinesNameTaskBudgetsAgentsAndStagesInOrder() throws ScenarioException {
        // when
        PipelineFile file = read(FILE);

        // then
        assertThat(file.name()).isEqualTo("review");
        assertThat(file.task()).isEqualTo("the draft");
        assertThat(file.tokenBudget()).isEqualTo(TokenBudget.total(500));
        assertThat(file.phaseBudget("check")).isEqualTo(TokenBudget.input(200));
        assertThat(file.phaseBudget("elsewhere")).isEqualTo(TokenBudget.UNLIMITED);
        assertThat(file.agents()).containsOnlyKeys("helper");
        assertThat(file.stages()).extracting(StageEntry::name).containsExactly("read", "spell", "style");
        assertThat(file.stages().get(0).agent().system()).isEqualTo("Read it.");
    }

    @Test
    void aFileWithoutANameIsNamedAfterItsBaseName() throws ScenarioException {
        // when
        PipelineFile file = read("{\"task\": \"t\", \"stages\": [{\"name\": \"a\", \"script\": [{\"text\": \"x\"}]}]}");

        // then
        assertThat(file.name()).isEqualTo("review-file");
    }

    @Test
    void thePipelineItBuildsHasTheFilesStagesBudgetAndName() throws ScenarioException {
        // when
        Pipeline pipeline = read(FILE).pipeline(PipelineFile.Materials.scripted());

        // then
        assertThat(pipeline.name()).isEqualTo("review");
        assertThat(pipeline.stageNames()).containsExactly("read", "spell", "style");
        assertThat(pipeline.tokenBudget()).isEqualTo(TokenBudget.total(500));
    }

    @Test
    void itsPipelineRunsTheStagesInTheirPhaseWithTheirPoliciesAndTheNamedAgents() throws ScenarioException {
        // given
        PipelineFile file = read(FILE);

        // when
        PipelineResult result = file.pipeline(PipelineFile.Materials.scripted()).run(file.task());

        // then
        assertThat(result.completed()).isTrue();
        assertThat(result.stage("spell").orElseThrow().termination())
                .isEqualTo(new dev.terminus.Termination.Skipped("the previous answer contains \"in order\""));
        assertThat(result.stage("spell").orElseThrow().phase()).contains("check");
        assertThat(result.stage("style").orElseThrow().lastRun().orElseThrow().finalAnswer()).contains("styled");
        assertThat(result.stage("style").orElseThrow().lastRun().orElseThrow().children()).hasSize(1);
    }

    @Test
    void theScenarioOfAnAttemptHasItsTaskTheNamedAgentsAndTheTokensItMayUse() throws ScenarioException {
        // given
        PipelineFile file = read(FILE);
        StageEntry style = file.stages().get(2);

        // when
        var scenario = file.scenarioOf(style, "the input", new TokenBudget(90L, 200L, null));

        // then
        assertThat(scenario.task()).isEqualTo("the input");
        assertThat(scenario.agents()).containsOnlyKeys("helper");
        assertThat(scenario.limits().tokenBudget().total()).isEqualTo(90L);
        assertThat(scenario.limits().tokenBudget().input()).isEqualTo(200L);
        assertThat(scenario.limits().tokenBudget().output()).isNull();
        assertThat(file.scenarioOf(style, "x", TokenBudget.UNLIMITED).limits().tokenBudget()).isNull();
    }

    @Test
    void theBuiltInDemoPipelinesReadAndSayHowTheyMustEnd() {
        // when / then
        assertThat(PipelineFile.DEMO).allSatisfy(name -> assertThat(PipelineFile.demo(name).expect()).isNotNull());
        assertThat(PipelineFile.demo("pipeline-stopped").expect()).isEqualTo("ProviderAuthFailed");
    }

    @Test
    void anUnknownExpectedKindIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> read("{\"task\": \"t\", \"expect\": \"Done\", \"stages\": [{\"name\": \"a\","
                + " \"script\": [{\"text\": \"x\"}]}]}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("dir/review-file.json: expect: \"Done\" is not a termination kind");
    }

    @Test
    void aNamedAgentThatCannotWorkIsRefusedAtTheTopOfTheFile() {
        // when / then
        assertThatThrownBy(() -> read("{\"task\": \"t\", \"agents\": {\"helper\": {\"task\": \"own\"}},"
                + " \"stages\": [{\"name\": \"a\", \"script\": [{\"text\": \"x\"}]}]}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("dir/review-file.json: agents.helper.task: a named agent's task is given by"
                        + " its caller");
    }
}
