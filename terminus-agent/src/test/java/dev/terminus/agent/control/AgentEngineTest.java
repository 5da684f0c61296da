package dev.terminus.agent.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** An engine's entry points run the agent's runs, with its listeners, under the engine's control. */
class AgentEngineTest {
    private static final Model MODEL = new Model() {
        @Override
        public ModelResponse chat(ModelRequest request) {
            return ModelResponse.text("done", Usage.of(3, 1));
        }

        @Override
        public String name() {
            return "gpt-4o";
        }
    };

    @Test
    void aRunUnderTheEnginesControlIsTheAgentsRunHeardByItsListeners() {
        // given
        List<AgentEvent> heard = new CopyOnWriteArrayList<>();
        Agent agent = Agent.builder(MODEL).listener(heard::add).build();
        AgentEngine engine = AgentEngine.of(agent);

        // when
        RunResult result = engine.run("go", engine.newControl());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(heard).hasAtLeastOneElementOfType(AgentEvent.RunStarted.class)
                .last().isInstanceOf(AgentEvent.RunTerminated.class);
    }

    @Test
    void aRunTheEngineCancelledBeforeItsFirstCallEndsCancelledByTheEngine() {
        // given
        AgentEngine engine = AgentEngine.of(Agent.builder(MODEL).build());
        RunControl control = engine.newControl();
        control.cancel("workflow");

        // when
        RunResult result = engine.run("go", control);

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("workflow"));
    }

    /** Calls {@code echo} once, then answers. */
    private static final Model ECHOING = new Model() {
        @Override
        public ModelResponse chat(ModelRequest request) {
            if (request.messages().stream().noneMatch(Message.ToolResult.class::isInstance)) {
                return new ModelResponse(Message.Assistant.of("", new ToolCall("call_1", "echo", Map.of("x", 1))),
                        Usage.of(3, 1), FinishReason.TOOL_CALLS);
            }
            return ModelResponse.text("done", Usage.of(3, 1));
        }

        @Override
        public String name() {
            return "gpt-4o";
        }
    };

    @Test
    void aRunTheEngineSuspendsBetweenIterationsGoesOnFromItsContinuationAndEndsOnce() {
        // given
        List<AgentEvent> heard = new CopyOnWriteArrayList<>();
        Agent agent = Agent.builder(ECHOING).tool(Tools.of("echo", "Echoes", (arguments, run) -> "echo"))
                .listener(heard::add).build();
        AgentEngine engine = AgentEngine.of(agent);

        // when
        RunStep first = engine.run("go", engine.newControl(), run -> run.iteration() == 1);
        Continuation continuation = ((RunStep.Suspended) first).continuation();
        RunStep rest = engine.proceed(continuation, engine.newControl(continuation), run -> false);

        // then
        assertThat(continuation.iterations()).isEqualTo(1);
        assertThat(rest).isInstanceOfSatisfying(RunStep.Ended.class, ended -> {
            assertThat(ended.result().termination()).isEqualTo(new Termination.NaturalCompletion());
            assertThat(ended.result().toolCalls()).isEqualTo(1);
        });
        assertThat(heard).filteredOn(AgentEvent.RunStarted.class::isInstance).hasSize(1);
        assertThat(heard).filteredOn(AgentEvent.RunTerminated.class::isInstance).hasSize(1);
    }

    @Test
    void aSuspendedRunContinuedUnderAFreshControlIsRefusedSoItsTimeBudgetIsNotGivenAgain() {
        // given: a run suspended after its first iteration, with some time used
        AgentEngine engine = AgentEngine.of(Agent.builder(ECHOING).tool(Tools.of("echo", "Echoes", (a, r) -> "echo"))
                .build());
        Continuation continuation = ((RunStep.Suspended) engine.run("go", engine.newControl(),
                run -> run.iteration() == 1)).continuation();
        Continuation used = new Continuation(continuation.agentName(), continuation.modelName(),
                continuation.configFingerprint(), continuation.transcript(), continuation.iterations(),
                continuation.toolCalls(), continuation.usage(), continuation.costUsd(), continuation.records(),
                java.time.Duration.ofSeconds(7), continuation.consecutiveMistakes(), continuation.repairsUsed(),
                continuation.finalizing(), continuation.progress());

        // when / then
        assertThatThrownBy(() -> engine.proceed(used, engine.newControl(), run -> false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the run used PT7S before it paused")
                .hasMessageContaining("newControl(continuation)");
        assertThat(engine.proceed(used, engine.newControl(used), run -> false)).isInstanceOf(RunStep.Ended.class);
    }

    @Test
    void noAgentIsRefusedNamingTheArgument() {
        assertThatThrownBy(() -> AgentEngine.of(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("agent");
    }

    @Test
    void anAgentWithinAnAllowanceIsCappedPerKindByTheLowerOfItsOwnAndTheAllowance() {
        // given: its own output cap is below the allowance's; it has no total cap
        Agent agent = Agent.builder(MODEL).name("writer").tokenBudget(dev.terminus.agent.TokenBudget.output(5)).build();

        // when
        Agent within = AgentEngine.of(agent).withinTokens(dev.terminus.agent.TokenBudget.total(3).withOutput(50));

        // then
        assertThat(within.config().tokenBudget()).isEqualTo(dev.terminus.agent.TokenBudget.total(3).withOutput(5));
        assertThat(within.config().name()).isEqualTo("writer");
        assertThat(agent.config().tokenBudget()).isEqualTo(dev.terminus.agent.TokenBudget.output(5));
    }

    @Test
    void anAgentWithoutABudgetRunWithinAnAllowanceEndsWhenItIsSpent() {
        // given: every call uses 4 tokens; the allowance is 3
        Agent agent = Agent.builder(new Model() {
            private int call;

            @Override
            public ModelResponse chat(ModelRequest request) {
                call++;
                return new ModelResponse(Message.Assistant.of("", new ToolCall("c" + call, "echo", Map.of("n", call))),
                        Usage.of(3, 1), FinishReason.TOOL_CALLS);
            }

            @Override
            public String name() {
                return "gpt-4o";
            }
        }).tool(Tools.of("echo", "Echoes", (arguments, run) -> "x")).build();

        // when
        RunResult result = AgentEngine.of(agent).withinTokens(dev.terminus.agent.TokenBudget.total(3)).run("go");

        // then
        assertThat(result.termination())
                .isEqualTo(new Termination.TokenBudgetExhausted(4, 3, dev.terminus.TokenKind.TOTAL));
    }
}
