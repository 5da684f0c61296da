package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.TINY_RETRIES;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EventScenariosTest {

    @Test
    void eventsArriveInOrderWithRunTerminatedLast() {
        // given
        var recorder = new Scenarios.Recorder();
        var model = ScriptedModel.builder().usage(Usage.of(10, 5)).name("gpt-test").provider("acme")
                .toolCalls(List.of(Map.entry("echo", args("x", 1)), Map.entry("nope", args())))
                .text("done").build();
        var agent = Agent.builder(model).tool(echo("echo")).listener(recorder)
                .config(AgentConfig.custom().name("helper").build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).isConsistent();
        assertThat(recorder.types()).containsExactly(
                AgentEvent.RunStarted.class,
                AgentEvent.IterationStarted.class, AgentEvent.ModelCalled.class,
                AgentEvent.ToolCalled.class, AgentEvent.ToolCalled.class,
                AgentEvent.IterationStarted.class, AgentEvent.ModelCalled.class,
                AgentEvent.RunTerminated.class);
        assertThat(recorder.events.getFirst()).isEqualTo(new AgentEvent.RunStarted("helper", "gpt-test", "acme"));
        assertThat(recorder.of(AgentEvent.IterationStarted.class)).extracting(AgentEvent.IterationStarted::iteration)
                .containsExactly(1, 2);
        assertThat(recorder.of(AgentEvent.ModelCalled.class)).allSatisfy(called -> {
            assertThat(called.usage()).isEqualTo(Usage.of(10, 5));
            assertThat(called.error()).isNull();
        });
        assertThat(recorder.of(AgentEvent.ModelCalled.class)).extracting(AgentEvent.ModelCalled::finishReason)
                .containsExactly(FinishReason.TOOL_CALLS, FinishReason.STOP);
        assertThat(recorder.of(AgentEvent.ToolCalled.class)).extracting(AgentEvent.ToolCalled::toolName,
                AgentEvent.ToolCalled::error).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("echo", null),
                        org.assertj.core.groups.Tuple.tuple("nope", "unknown_tool"));
        assertThat(recorder.of(AgentEvent.RunTerminated.class).getFirst().result()).isSameAs(result);
    }

    @Test
    void aGuardTripsBeforeTheRunTerminates() {
        // given
        var recorder = new Scenarios.Recorder();
        var model = ScriptedModel.builder().toolCall("echo", args("x", 1)).toolCall("echo", args("x", 2)).build();
        var agent = Agent.builder(model).tool(echo("echo")).listener(recorder)
                .config(AgentConfig.custom().maxIterations(2).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        var expected = new Termination.MaxIterationsReached(2, 2);
        assertThat(result).endedWith(expected).isConsistent();
        List<AgentEvent> events = recorder.events;
        assertThat(events.get(events.size() - 2)).isEqualTo(new AgentEvent.GuardTripped("agent", 2, expected));
        assertThat(events.getLast()).isInstanceOf(AgentEvent.RunTerminated.class);
        assertThat(recorder.of(AgentEvent.GuardTripped.class)).hasSize(1);
    }

    @Test
    void aStuckRunTripsAGuardToo() {
        // given
        var recorder = new Scenarios.Recorder();
        var model = ScriptedModel.builder().toolCall("nope", args()).toolCall("nope", args("a", 1))
                .toolCall("nope", args("a", 2)).build();
        var agent = Agent.builder(model).listener(recorder).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.ConsecutiveMistakes(3)).isConsistent();
        assertThat(recorder.of(AgentEvent.GuardTripped.class)).extracting(AgentEvent.GuardTripped::termination)
                .containsExactly(new Termination.ConsecutiveMistakes(3));
        assertThat(recorder.events.getLast()).isInstanceOf(AgentEvent.RunTerminated.class);
    }

    @Test
    void aSuccessfulRunTripsNoGuard() {
        // given
        var recorder = new Scenarios.Recorder();
        var agent = Agent.builder(ScriptedModel.builder().text("done").build()).listener(recorder).build();

        // when
        agent.run("go");

        // then
        assertThat(recorder.of(AgentEvent.GuardTripped.class)).isEmpty();
    }

    @Test
    void aListenerThatThrowsNeverBreaksTheRunAndOthersStillHearEverything() {
        // given
        var recorder = new Scenarios.Recorder();
        var model = ScriptedModel.builder().toolCall("echo", args("x", 1)).text("done").build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .listener(event -> {
                    throw new IllegalStateException("listener bug on " + event);
                })
                .listener(recorder)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(2).hasToolCalls(1)
                .isConsistent();
        assertThat(recorder.events.getFirst()).isInstanceOf(AgentEvent.RunStarted.class);
        assertThat(recorder.events.getLast()).isInstanceOf(AgentEvent.RunTerminated.class);
        assertThat(recorder.of(AgentEvent.ToolCalled.class)).hasSize(1);
    }

    @Test
    void everyModelAttemptIsAnEventWithItsError() {
        // given
        var recorder = new Scenarios.Recorder();
        var model = ScriptedModel.builder().rateLimited().serverError(500).text("ok").build();
        var agent = Agent.builder(model).listener(recorder)
                .config(AgentConfig.custom().retryPolicy(TINY_RETRIES).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).isConsistent();
        assertThat(recorder.of(AgentEvent.ModelCalled.class)).extracting(AgentEvent.ModelCalled::error).containsExactly(
                ModelException.RateLimited.class.getName(), ModelException.ServerError.class.getName(), null);
        assertThat(recorder.of(AgentEvent.ModelCalled.class)).extracting(AgentEvent.ModelCalled::iteration)
                .containsOnly(1);
    }

    @Test
    void anAbandonedRunPublishesNothingAfterRunTerminated() throws Exception {
        // given: a tool that ignores interrupts, released only after the run was abandoned
        var recorder = new Scenarios.Recorder();
        var release = new java.util.concurrent.CountDownLatch(1);
        var runThread = new java.util.concurrent.atomic.AtomicReference<Thread>();
        var model = ScriptedModel.builder().toolCall("stubborn", args()).text("late").build();
        var agent = Agent.builder(model).listener(recorder)
                .tool(Tools.of("stubborn", "ignores interrupts", (args, run) -> {
                    runThread.set(Thread.currentThread()); // the run's own thread: the tool runs on it
                    while (release.getCount() > 0) {
                        try {
                            release.await();
                        } catch (InterruptedException ignored) {
                            // keeps waiting
                        }
                    }
                    return "finally";
                }))
                .config(AgentConfig.custom().timeBudget(Duration.ofMillis(100)).interruptGrace(Duration.ofMillis(50))
                        .timeBudgetEnforcement(TimeBudgetEnforcement.SUPERVISED_THREAD).build()).build();

        // when
        RunResult result = agent.run("go");
        release.countDown();
        runThread.get().join(Duration.ofSeconds(5)); // whatever the abandoned run still publishes, it has by now
        assertThat(runThread.get().isAlive()).as("the abandoned run's thread ended").isFalse();

        // then
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
        assertThat(result).isConsistent();
        assertThat(recorder.events.getLast()).isInstanceOf(AgentEvent.RunTerminated.class);
        assertThat(recorder.of(AgentEvent.RunTerminated.class)).hasSize(1);
    }
}
