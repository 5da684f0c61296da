package dev.terminus.test.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.AgentEngine;
import dev.terminus.agent.control.Continuation;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.control.RunStep;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.FunctionModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run under an engine's control stopped between iterations and continued from its {@link Continuation}, as a
 * durable engine does when it starts a fresh execution, ends as the same run never stopped: the same termination,
 * transcript, figures and guard decisions.
 */
@Timeout(30)
class ContinuationScenariosTest {
    private final ManualClock clock = new ManualClock();

    /** A model that calls the echo tool with what {@code argument} makes of the iteration's number. */
    private static FunctionModel echoing(Function<Integer, Object> argument) {
        return FunctionModel.of(request -> {
            int iteration = 1 + (int) request.messages().stream().filter(Message.Assistant.class::isInstance).count();
            ToolCall call = new ToolCall("call-" + iteration, "echo", Map.of("x", argument.apply(iteration)));
            return new ModelResponse(new Message.Assistant("", List.of(call)), Usage.of(10, 2),
                    FinishReason.TOOL_CALLS);
        });
    }

    private Agent agent(FunctionModel model, UnaryOperator<AgentConfig.Builder> config, List<AgentEvent> events) {
        return Agent.builder(model).clock(clock).config(config.apply(AgentConfig.custom()).build())
                .tool(Tools.of("echo", "Echoes x", (arguments, run) -> {
                    clock.advance(Duration.ofMillis(10));
                    return "echo:" + arguments.get("x");
                }))
                .listener(events::add).build();
    }

    /** Runs to the end, continuing after each stop from the continuation, on a new control each time. */
    private static RunResult runInParts(Agent agent, int iterationsPerPart, List<Continuation> stops) {
        AgentEngine engine = AgentEngine.of(agent);
        RunStep step = engine.run("go", engine.newControl(), run -> run.iteration() % iterationsPerPart == 0);
        while (step instanceof RunStep.Suspended(Continuation continuation, var children)) {
            stops.add(continuation);
            step = engine.proceed(continuation, engine.newControl(continuation),
                    run -> run.iteration() % iterationsPerPart == 0);
        }
        return ((RunStep.Ended) step).result();
    }

    @Test
    void aRunContinuedEverySevenIterationsEndsAsTheRunNeverStopped() {
        // given
        List<AgentEvent> events = new ArrayList<>();
        Agent agent = agent(echoing(n -> n), c -> c.maxIterations(30), events);
        RunResult whole = agent(echoing(n -> n), c -> c.maxIterations(30), new ArrayList<>()).run("go");
        List<Continuation> stops = new ArrayList<>();

        // when
        RunResult parts = runInParts(agent, 7, stops);

        // then
        assertThat(parts.termination()).isEqualTo(whole.termination())
                .isEqualTo(new Termination.MaxIterationsReached(30, 30));
        assertThat(parts.transcript()).isEqualTo(whole.transcript());
        assertThat(parts.usage()).isEqualTo(whole.usage()).isEqualTo(Usage.of(300, 60));
        assertThat(parts.toolCalls()).isEqualTo(whole.toolCalls()).isEqualTo(30);
        assertThat(parts.iterations()).hasSize(30);
        assertThat(stops).extracting(Continuation::iterations).containsExactly(7, 14, 21, 28);
        assertThat(stops.get(1).elapsed()).isEqualTo(Duration.ofMillis(140));
        assertThat(events).filteredOn(AgentEvent.RunStarted.class::isInstance).hasSize(1);
        assertThat(events).filteredOn(AgentEvent.RunTerminated.class::isInstance).hasSize(1);
        assertThat(events).filteredOn(AgentEvent.IterationStarted.class::isInstance).hasSize(30);
    }

    @Test
    void theProgressGuardRemembersAcrossAStopAndEndsTheRunWhereTheWholeRunEnds() {
        // given: the same call every iteration; a run stopped after every iteration
        Agent agent = agent(echoing(n -> "same"), c -> c.noProgressThreshold(3), new ArrayList<>());
        RunResult whole = agent(echoing(n -> "same"), c -> c.noProgressThreshold(3), new ArrayList<>()).run("go");

        // when
        RunResult parts = runInParts(agent, 1, new ArrayList<>());

        // then
        assertThat(whole.termination()).isInstanceOf(Termination.NoProgress.class);
        assertThat(parts.termination()).isEqualTo(whole.termination());
        assertThat(parts.iterations().size()).isEqualTo(whole.iterations().size()).isEqualTo(3);
    }

    @Test
    void theTimeBudgetCountsOnFromTheContinuationsElapsedTime() {
        // given: 10 ms of tool time per iteration, a 95 ms budget, stops every 4 iterations
        Agent agent = agent(echoing(n -> n), c -> c.timeBudget(Duration.ofMillis(95)), new ArrayList<>());

        // when
        RunResult parts = runInParts(agent, 4, new ArrayList<>());

        // then: the tenth iteration ends at 100 ms, past the budget; the next check ends the run
        assertThat(parts.termination()).isEqualTo(new Termination.TimeBudgetExhausted(100, 95));
        assertThat(parts.iterations().size()).isEqualTo(10);
    }

    @Test
    void aContinuationOfAnotherConfigurationIsRefusedNamingTheField() {
        // given
        Agent agent = agent(echoing(n -> n), c -> c.maxIterations(30), new ArrayList<>());
        RunStep step = AgentEngine.of(agent).run("go", AgentEngine.of(agent).newControl(), run -> run.iteration() == 2);
        Continuation continuation = ((RunStep.Suspended) step).continuation();
        Agent other = Agent.builder(echoing(n -> n)).clock(clock)
                .tool(Tools.of("shout", "Shouts x", (arguments, run) -> "SHOUT")).build();

        // when / then
        AgentEngine otherEngine = AgentEngine.of(other);
        assertThatThrownBy(() -> otherEngine.proceed(continuation, otherEngine.newControl(continuation), run -> false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("continuation's configFingerprint");
    }
}
