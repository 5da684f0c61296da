package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.AgentEngine;
import dev.terminus.agent.control.Continuation;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.RunStep;
import dev.terminus.agent.spi.Model;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.temporal.internal.AgentShape;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A deploy that changes an agent's model, tools or their schemas under a run that continues as new: the fresh
 * execution, on a worker with the new recipe, ends the run {@code Failed} ({@code CONFIGURATION}) naming what changed,
 * with the run's figures so far, instead of failing its workflow task again and again. The fresh execution's input is
 * made here as the old worker makes it: the run of the old agent suspended between two iterations, with its shape.
 */
@Timeout(60)
class DeployUnderARunTest {
    private static final Map<String, Object> N_SCHEMA = Map.of("type", "object",
            "properties", Map.of("n", Map.of("type", "integer")), "required", List.of("n"));
    private static final Tool COUNT = Tools.of("count", "Counts", N_SCHEMA,
            (arguments, run) -> "counted " + arguments.get("n"));
    private static final Tool COUNT_TWICE = Tools.of("count", "Counts", Map.of("type", "object",
            "properties", Map.of("n", Map.of("type", "integer"), "by", Map.of("type", "integer"))),
            (arguments, run) -> "counted " + arguments.get("n"));
    private static final Tool LOOK = Tools.of("look", "Looks", Map.of("type", "object"), (arguments, run) -> "seen");

    private static WorkflowHarness temporal;

    private static Agent agent(AgentMaterials materials) {
        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                .config(AgentConfig.custom().name("counter").maxIterations(10).build())
                .build();
    }

    @BeforeAll
    static void startAWorkerOfTheNewRecipes() {
        temporal = new WorkflowHarness(AgentRecipes.builder()
                .agent("same", CountingModel.upTo(5), List.of(COUNT), DeployUnderARunTest::agent)
                .agent("new-schema", CountingModel.upTo(5), List.of(COUNT_TWICE), DeployUnderARunTest::agent)
                .agent("new-tools", CountingModel.upTo(5), List.of(LOOK), DeployUnderARunTest::agent)
                .agent("new-model", new Renamed(CountingModel.upTo(5)), List.of(COUNT), DeployUnderARunTest::agent)
                .agent("new-approvals", CountingModel.upTo(5), List.of(COUNT), materials -> Agent.builder(
                        materials.model()).tools(materials.tools()).clock(materials.clock())
                        .config(AgentConfig.custom().name("counter").maxIterations(10).build())
                        .requireApproval("count")
                        .build())
                .build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    /** The input of the fresh execution the old agent's worker continued the run in after two iterations. */
    private static AgentRunInput continuedByTheOldAgent(String agentName) {
        Agent old = agent(new AgentMaterials(CountingModel.upTo(5), List.of(COUNT), RunClock.system()));
        AgentEngine engine = AgentEngine.of(old);
        RunStep step = engine.run("count to five", engine.newControl(), run -> run.iteration() == 2);
        Continuation continuation = ((RunStep.Suspended) step).continuation();
        return new AgentRunInput(agentName, "count to five").continued(continuation, 2, AgentShape.of(old));
    }

    @Test
    void anUnchangedAgentGoesOnToItsEnd() {
        // when
        AgentRunOutput output = temporal.workflow("same").run(continuedByTheOldAgent("same"));

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.toolCalls()).isEqualTo(5);
    }

    @Test
    void aChangedArgumentSchemaEndsTheRunFailedNamingTheTool() {
        // when
        AgentRunOutput output = temporal.workflow("new-schema").run(continuedByTheOldAgent("new-schema"));

        // then
        assertFailedBecause(output, "the argument schema of tool \"count\" changed");
        assertThat(output.iterations()).isEqualTo(2);
        assertThat(output.toolCalls()).isEqualTo(2);
        assertThat(output.transcript()).hasSize(5);
    }

    @Test
    void aRemovedAndAnAddedToolAreBothNamed() {
        // when
        AgentRunOutput output = temporal.workflow("new-tools").run(continuedByTheOldAgent("new-tools"));

        // then
        assertFailedBecause(output, "tool \"count\" was removed; tool \"look\" was added");
    }

    @Test
    void aChangedModelIsNamedWithBothNames() {
        // when
        AgentRunOutput output = temporal.workflow("new-model").run(continuedByTheOldAgent("new-model"));

        // then
        assertFailedBecause(output, "the model changed from \"counter\" to \"counter-2\"");
    }

    @Test
    void aChangeTheShapeDoesNotShowEndsTheRunFailedWithTheRefusal() {
        // when
        AgentRunOutput output = temporal.workflow("new-approvals").run(continuedByTheOldAgent("new-approvals"));

        // then
        assertThat(output.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.CONFIGURATION);
            assertThat(failed.error().message()).startsWith("the agent \"counter\" changed under a run that continued"
                    + " as new: the continuation's configFingerprint is \"");
        });
    }

    private static void assertFailedBecause(AgentRunOutput output, String what) {
        assertThat(output.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.CONFIGURATION);
            assertThat(failed.error().type()).isEqualTo("dev.terminus.temporal.AgentChanged");
            assertThat(failed.error().message())
                    .isEqualTo("the agent \"counter\" changed under a run that continued as new: " + what);
        });
    }

    /** The same model under a new name, as a deploy that moves to another model would have it. */
    private record Renamed(Model model) implements Model {
        @Override
        public dev.terminus.agent.spi.ModelResponse chat(dev.terminus.agent.spi.ModelRequest request)
                throws Exception {
            return model.chat(request);
        }

        @Override
        public String name() {
            return model.name() + "-2";
        }
    }
}
