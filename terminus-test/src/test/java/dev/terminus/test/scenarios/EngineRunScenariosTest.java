package dev.terminus.test.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.AgentEngine;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.FunctionModel;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run under the control of an engine of the caller's (a durable workflow): the loop starts no thread, interrupts
 * nothing, reads the engine's clock, and ends as the engine's control and clock say, with the same terminations.
 */
@Timeout(30)
class EngineRunScenariosTest {
    private static final Usage USAGE = Usage.of(10, 5);

    private final ManualClock clock = new ManualClock();

    @Test
    void aRunUnderAnEnginesControlMakesEveryCallOnTheCallersThread() {
        // given: settings that would start threads in a local run (a deadline, an uninterruptible tool, parallel
        // calls, a per-tool timeout)
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        ScriptedModel model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("step", Map.of("n", 1)), Map.entry("step", Map.of("n", 2))))
                .text("done").build();
        Agent agent = Agent.builder(model).clock(clock)
                .config(AgentConfig.custom().timeBudget(Duration.ofSeconds(30)).parallelToolCalls(true)
                        .toolTimeout(Duration.ofSeconds(1)).build())
                .tool(Tools.uninterruptible(Tools.of("step", "a step", (arguments, run) -> {
                    threads.add(Thread.currentThread());
                    return "ok";
                })))
                .build();
        RunControl control = AgentEngine.of(agent).newControl();

        // when
        RunResult result = AgentEngine.of(agent).run("go", control);

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(result.toolCalls()).isEqualTo(2);
        assertThat(threads).containsExactly(Thread.currentThread());
        assertThat(clock.scheduled()).as("no timer armed by the loop itself").isZero();
    }

    @Test
    void theEnginesDeadlineStopsTheRunBeforeItsNextCall() {
        // given: a model call that takes the whole budget on the engine's clock, then asks for a tool
        AtomicInteger toolRuns = new AtomicInteger();
        Agent agent = Agent.builder(FunctionModel.of(request -> {
                    clock.advance(Duration.ofSeconds(30)); // the engine's time passes during the call
                    return new ModelResponse(new Message.Assistant("", List.of(new ToolCall("c1", "step", Map.of()))),
                            USAGE, FinishReason.TOOL_CALLS);
                })).clock(clock)
                .config(AgentConfig.custom().timeBudget(Duration.ofSeconds(30)).build())
                .tool(Tools.of("step", "a step", (arguments, run) -> toolRuns.incrementAndGet()))
                .build();
        RunControl control = AgentEngine.of(agent).newControl();
        control.armDeadline();

        // when
        RunResult result = AgentEngine.of(agent).run("go", control);

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TimeBudgetExhausted(30_000, 30_000));
        assertThat(toolRuns).hasValue(0);
        assertThat(result.transcript().getLast()).isInstanceOfSatisfying(Message.ToolResult.class,
                answered -> assertThat(answered.toolCallId()).isEqualTo("c1"));
    }

    @Test
    void aCallThatFailsPastTheDeadlineEndsTheRunOutOfTimeNotFailed() {
        // given: the engine cut the call at the deadline (its timeout), before any timer of the run's fired
        Agent agent = Agent.builder(FunctionModel.of(request -> {
                    clock.advance(Duration.ofSeconds(5));
                    throw new ModelException.Timeout("the engine cut the call at the deadline", null);
                })).clock(clock)
                .config(AgentConfig.custom().timeBudget(Duration.ofSeconds(5)).retryPolicy(RetryPolicy.none())
                        .build())
                .build();

        // when
        RunResult result = AgentEngine.of(agent).run("go", AgentEngine.of(agent).newControl());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TimeBudgetExhausted(5_000, 5_000));
    }

    @Test
    void aCancellationThroughTheEnginesControlEndsTheRunCancelledByWhoAsked() {
        // given: the engine cancels the run during the model call, and the call fails as an engine's cancelled call
        AtomicReference<RunControl> control = new AtomicReference<>();
        Agent agent = Agent.builder(FunctionModel.of(request -> {
                    control.get().cancel("workflow-cancelled");
                    throw new IllegalStateException("the activity was cancelled");
                })).clock(clock).build();
        control.set(AgentEngine.of(agent).newControl());

        // when
        RunResult result = AgentEngine.of(agent).run("go", control.get());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("workflow-cancelled"));
    }

    @Test
    void aControlOnAnotherClockIsRefusedNamingBoth() {
        // given
        Agent agent = Agent.builder(ScriptedModel.builder().text("done").build()).clock(clock).build();
        RunControl foreign = RunControl.start(RunClock.system(), null);

        // when / then
        assertThatThrownBy(() -> AgentEngine.of(agent).run("go", foreign))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the control reads RunClock.system()")
                .hasMessageContaining("make the control with AgentEngine.of(agent).newControl()");
    }

    @Test
    void runsOnClocksOfTheSameSeedPauseAtTheSameGateAndAResumeUnderControlGoesOn() {
        // given
        RunResult first = pausing(new ManualClock(42));
        RunResult second = pausing(new ManualClock(42));
        RunResult other = pausing(new ManualClock(43));
        Termination.HitlGatePending gate = (Termination.HitlGatePending) first.termination();

        // when
        ManualClock resumed = new ManualClock(42);
        Agent agent = pausingAgent(resumed, 1); // its model goes on after the call it asked for
        var checkpoint = first.checkpoint().orElseThrow();
        AgentEngine engine = AgentEngine.of(agent);
        RunResult done = engine.resume(checkpoint, GateDecision.approve(gate.gateId()), engine.newControl(checkpoint));

        // then
        assertThat(second.termination()).isEqualTo(first.termination());
        assertThat(other.termination()).isNotEqualTo(first.termination());
        assertThat(gate.gateId()).matches("gate-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
        assertThat(done.termination()).isEqualTo(new Termination.NaturalCompletion());
    }

    private static RunResult pausing(ManualClock clock) {
        Agent agent = pausingAgent(clock, 0);
        return AgentEngine.of(agent).run("refund order 7", AgentEngine.of(agent).newControl());
    }

    private static Agent pausingAgent(ManualClock clock, int startAt) {
        ScriptedModel model = ScriptedModel.builder().toolCall("refund", Map.of("order", 7)).text("refunded")
                .startAt(startAt).build();
        return Agent.builder(model).clock(clock)
                .tool(Tools.of("refund", "refunds an order", (arguments, run) -> "refunded"))
                .requireApproval("refund").build();
    }
}
