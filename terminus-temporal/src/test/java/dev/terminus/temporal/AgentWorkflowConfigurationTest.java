package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
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
    private static WorkflowHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        temporal = new WorkflowHarness(AgentRecipes.builder()
                .agent("system-clocked", ScriptedModel.builder().text("hi").build(), List.of(),
                        materials -> Agent.builder(materials.model()).build())
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
                            .isEqualTo("no agent is registered as \"nobody\"; registered: [system-clocked]");
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
}
