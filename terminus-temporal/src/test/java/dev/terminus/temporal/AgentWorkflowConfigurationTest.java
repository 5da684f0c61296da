package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.ScriptedModel;
import io.temporal.client.WorkflowFailedException;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A workflow whose agent cannot be built fails at once, naming why, instead of retrying its workflow task for ever.
 */
@Timeout(60)
class AgentWorkflowConfigurationTest {
    private static final Tool LOOKUP = Tools.of("lookup", "Looks a word up", (arguments, run) -> "found");
    private static WorkflowHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        temporal = new WorkflowHarness(AgentRecipes.builder()
                .agent("system-clocked", ScriptedModel.builder().text("hi").build(), List.of(),
                        materials -> Agent.builder(materials.model()).build())
                .agent("own-model", ScriptedModel.builder().text("hi").build(), List.of(),
                        materials -> Agent.builder(ScriptedModel.builder().text("from the workflow thread").build())
                                .clock(materials.clock()).build())
                .agent("own-tool", ScriptedModel.builder().text("hi").build(), List.of(LOOKUP),
                        materials -> Agent.builder(materials.model()).tools(materials.tools())
                                .tool(Tools.of("fetch", "Fetches a page", (arguments, run) -> "fetched"))
                                .clock(materials.clock()).build())
                .build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    @Test
    void aWorkflowForAnUnregisteredAgentFailsNamingIt() {
        // given
        AgentWorkflow workflow = temporal.workflow("nobody");

        // when / then
        assertThatThrownBy(() -> workflow.run(new AgentRunInput("nobody", "go")))
                .isInstanceOf(WorkflowFailedException.class).cause()
                .isInstanceOfSatisfying(ApplicationFailure.class, failure -> {
                    assertThat(failure.getType()).isEqualTo("terminus.configuration");
                    assertThat(failure.getOriginalMessage())
                            .isEqualTo("no agent is registered as \"nobody\"; registered: [system-clocked, own-model, own-tool]");
                });
    }

    @Test
    void aRecipeThatLeavesOutTheWorkflowsClockFailsTheWorkflowNamingTheFix() {
        // given
        AgentWorkflow workflow = temporal.workflow("system-clocked");

        // when / then
        assertThatThrownBy(() -> workflow.run(new AgentRunInput("system-clocked", "go")))
                .isInstanceOf(WorkflowFailedException.class).cause()
                .isInstanceOfSatisfying(ApplicationFailure.class, failure -> assertThat(failure.getOriginalMessage())
                        .startsWith("the recipe of agent \"system-clocked\" must build it on the materials' clock"
                                + " (AgentBuilder.clock(materials.clock()))"));
    }

    @Test
    void aRecipesModelIsCheckedAgainstRunningOnTheWorkflowThreadAsConvergenceChecksItsAgents() {
        // given: a recipe that builds its agent on a model of its own, not on the materials' proxy
        AgentWorkflow workflow = temporal.workflow("own-model");

        // when / then
        assertThatThrownBy(() -> workflow.run(new AgentRunInput("own-model", "go")))
                .isInstanceOf(WorkflowFailedException.class).cause()
                .isInstanceOfSatisfying(ApplicationFailure.class, failure -> {
                    assertThat(failure.getType()).isEqualTo("terminus.configuration");
                    assertThat(failure.getOriginalMessage()).isEqualTo("the recipe of agent \"own-model\" must"
                            + " build it on the materials' model (Agent.builder(materials.model())), not on a model of"
                            + " its own (" + ScriptedModel.class.getName() + "): in a workflow its calls would run on"
                            + " the workflow's thread instead of as activities");
                });
    }

    @Test
    void aRecipesToolsAreCheckedAgainstRunningOnTheWorkflowThreadNamingTheTool() {
        // given: a recipe that adds a tool of its own to the materials' proxies
        AgentWorkflow workflow = temporal.workflow("own-tool");

        // when / then
        assertThatThrownBy(() -> workflow.run(new AgentRunInput("own-tool", "go")))
                .isInstanceOf(WorkflowFailedException.class).cause()
                .isInstanceOfSatisfying(ApplicationFailure.class, failure -> {
                    assertThat(failure.getType()).isEqualTo("terminus.configuration");
                    assertThat(failure.getOriginalMessage()).startsWith("the recipe of agent \"own-tool\" must build"
                            + " it on the materials' tools (AgentBuilder.tools(materials.tools())), but tool \"fetch\"")
                            .endsWith("is not one of them: in a workflow its calls would run on the workflow's"
                                    + " thread instead of as activities; register it with the agent's tools");
                });
    }
}
