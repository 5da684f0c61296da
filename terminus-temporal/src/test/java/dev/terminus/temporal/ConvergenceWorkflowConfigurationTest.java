package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.Fact;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import dev.terminus.jackson.TerminusModule;
import io.temporal.client.WorkflowFailedException;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A convergence workflow whose engine cannot be built as a workflow's fails at once, naming why, instead of retrying
 * its workflow task for ever.
 */
@Timeout(60)
class ConvergenceWorkflowConfigurationTest {
    private static final ConvergenceAgent QUIET = ConvergenceAgent.of("quiet", Trigger.once(),
            (context, cycle) -> Reply.nothing());
    private static ConvergenceHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        temporal = new ConvergenceHarness(ConvergenceRecipes.builder()
                .engine("system-clocked", List.of(QUIET), materials -> ConvergenceEngine.builder()
                        .agents(materials.agents().toArray(ConvergenceAgent[]::new)).build())
                .engine("own-agents", List.of(QUIET), materials -> ConvergenceEngine.builder()
                        .agent(QUIET).clock(materials.clock()).build())
                .engine("valid", List.of(QUIET), materials -> ConvergenceEngine.builder()
                        .agents(materials.agents().toArray(ConvergenceAgent[]::new)).clock(materials.clock()).build())
                .build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    private static ApplicationFailure failureOf(String engineName) {
        return failureOf(ConvergenceRunInput.of(engineName, Context.empty()));
    }

    private static ApplicationFailure failureOf(ConvergenceRunInput input) {
        String engineName = input.engineName();
        ConvergenceWorkflow workflow = temporal.workflow(engineName);
        try {
            workflow.run(input);
        } catch (WorkflowFailedException e) {
            return (ApplicationFailure) e.getCause();
        }
        throw new AssertionError("the workflow of " + engineName + " did not fail");
    }

    @Test
    void aWorkflowForAnUnregisteredEngineFailsNamingIt() {
        // given / when
        ApplicationFailure failure = failureOf("nothing");

        // then
        assertThat(failure.getType()).isEqualTo("terminus.configuration");
        assertThat(failure.getOriginalMessage()).isEqualTo("no convergence engine is registered as \"nothing\";"
                + " registered: [system-clocked, own-agents, valid]");
    }

    @Test
    void aRecipeThatLeavesOutTheWorkflowsClockFailsTheWorkflowNamingTheFix() {
        // given / when
        ApplicationFailure failure = failureOf("system-clocked");

        // then
        assertThat(failure.getOriginalMessage()).startsWith("the recipe of convergence engine \"system-clocked\" must"
                + " build it on the materials' clock (ConvergenceEngine.Builder.clock(materials.clock()))");
    }

    @Test
    void aRecipeThatLeavesOutTheProxiesFailsTheWorkflowNamingTheAgent() {
        // given / when
        ApplicationFailure failure = failureOf("own-agents");

        // then
        assertThat(failure.getOriginalMessage()).isEqualTo("the recipe of convergence engine \"own-agents\" must build"
                + " it on the materials' agents, but agent \"quiet\" is not one of them");
    }

    @Test
    void anInitialContextWithAKeyTwiceFailsTheWorkflowNamingTheKey() {
        // given / when
        ApplicationFailure failure = failureOf(new ConvergenceRunInput("valid",
                List.of(Fact.input("document", "a"), Fact.input("document", "b"))));

        // then
        assertThat(failure.getType()).isEqualTo("terminus.configuration");
        assertThat(failure.getOriginalMessage()).isEqualTo("facts holds key \"document\" twice");
    }
}
