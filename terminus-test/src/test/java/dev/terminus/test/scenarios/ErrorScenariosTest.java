package dev.terminus.test.scenarios;

import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentHook;
import dev.terminus.agent.HookDecision;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.AgentEngine;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.FunctionModel;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * An {@code Error} thrown inside a run is no ending (ADR 0022): the loop catches none, wherever it comes from and
 * however the run is run, so it reaches the caller as it was thrown, and no listener hears the run end.
 */
class ErrorScenariosTest {

    /** An Error of the test's own, so that the one thrown can be told from any other. */
    static final class Broken extends Error {
        private static final long serialVersionUID = 1L;

        Broken(String message) {
            super(message);
        }
    }

    private static Tool throwing(Error error) {
        return Tools.of("broken", "Throws an Error", (arguments, run) -> {
            throw error;
        });
    }

    private static ScriptedModel callsBroken() {
        return ScriptedModel.builder().toolCall("broken", args()).text("unreachable").build();
    }

    private static void assertNoEndHeard(Scenarios.Recorder recorder) {
        assertThat(recorder.events.getFirst()).isInstanceOf(AgentEvent.RunStarted.class);
        assertThat(recorder.of(AgentEvent.RunTerminated.class)).isEmpty();
    }

    @Test
    void anErrorThrownByAToolLeavesRunAsItWasAndNoEndIsHeard() {
        // given
        var error = new Broken("stack gone");
        var recorder = new Scenarios.Recorder();
        var agent = Agent.builder(callsBroken()).tool(throwing(error)).listener(recorder).build();

        // when
        Throwable thrown = catchThrowable(() -> agent.run("go"));

        // then
        assertThat(thrown).isSameAs(error);
        assertNoEndHeard(recorder);
    }

    @Test
    void anErrorThrownByTheModelLeavesRunAsItWasAndNoEndIsHeard() {
        // given
        var error = new Broken("assertion in the client");
        var recorder = new Scenarios.Recorder();
        var agent = Agent.builder(FunctionModel.of(request -> {
            throw error;
        })).listener(recorder).build();

        // when
        Throwable thrown = catchThrowable(() -> agent.run("go"));

        // then
        assertThat(thrown).isSameAs(error);
        assertNoEndHeard(recorder);
    }

    @Test
    void anErrorThrownByAHookLeavesRunAsItWas() {
        // given
        var error = new Broken("hook bug");
        var agent = Agent.builder(ScriptedModel.builder().text("done").build())
                .hook(new AgentHook() {
                    @Override
                    public HookDecision afterModel(dev.terminus.agent.RunContext run, ModelResponse response) {
                        throw error;
                    }
                }).build();

        // when
        Throwable thrown = catchThrowable(() -> agent.run("go"));

        // then
        assertThat(thrown).isSameAs(error);
    }

    @Test
    void anErrorThrownByAListenerLeavesRunAsItWas() {
        // given: an exception of a listener is ignored, an Error is not
        var error = new Broken("listener bug");
        var agent = Agent.builder(ScriptedModel.builder().text("done").build())
                .listener(event -> {
                    if (event instanceof AgentEvent.IterationStarted) {
                        throw error;
                    }
                }).build();

        // when
        Throwable thrown = catchThrowable(() -> agent.run("go"));

        // then
        assertThat(thrown).isSameAs(error);
    }

    @Test
    void anErrorOfAToolInAParallelRoundLeavesRunAndTheRoundsOtherCallIsInterrupted() throws InterruptedException {
        // given: the broken tool fails once the slow one is running
        var error = new Broken("in parallel");
        var started = new CountDownLatch(1);
        var interrupted = new CountDownLatch(1);
        Tool slow = Tools.of("slow", "Waits", (arguments, run) -> {
            started.countDown();
            try {
                Thread.sleep(30_000);
                return "slow result";
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
        });
        Tool broken = Tools.of("broken", "Throws once slow runs", (arguments, run) -> {
            started.await();
            throw error;
        });
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("broken", args()), Map.entry("slow", args()))).text("unreachable")
                .build();
        var agent = Agent.builder(model).tools(broken, slow)
                .config(AgentConfig.custom().parallelToolCalls(true).build()).build();

        // when
        Throwable thrown = catchThrowable(() -> agent.run("go"));

        // then
        assertThat(thrown).isSameAs(error);
        Scenarios.assertCountedDown(interrupted);
    }

    @Test
    void anErrorOfAnUninterruptibleToolOnItsOwnThreadReachesTheCallerAsItWas() {
        // given: with a time budget, the uninterruptible tool runs on a thread of its own, supervised
        var error = new Broken("on the call's thread");
        var agent = Agent.builder(callsBroken()).tool(Tools.uninterruptible(throwing(error)))
                .config(AgentConfig.custom().timeBudget(Duration.ofSeconds(30)).build()).build();

        // when
        Throwable thrown = catchThrowable(() -> agent.run("go"));

        // then
        assertThat(thrown).isSameAs(error);
    }

    @Test
    void anErrorInASupervisedRunIsThrownByRunAndByItsHandlesAwait() {
        // given: two agents of a scripted model each, as a scripted model plays its script once
        var error = new Broken("on the run's thread");
        AgentConfig supervised = AgentConfig.custom().timeBudget(Duration.ofSeconds(30))
                .timeBudgetEnforcement(TimeBudgetEnforcement.SUPERVISED_THREAD).build();
        var ran = Agent.builder(callsBroken()).tool(throwing(error)).config(supervised).build();
        var started = Agent.builder(callsBroken()).tool(throwing(error)).config(supervised).build();

        // when
        Throwable fromRun = catchThrowable(() -> ran.run("go"));
        RunHandle handle = started.start("go");
        Throwable fromAwait = catchThrowable(handle::await);

        // then
        assertThat(fromRun).isSameAs(error);
        assertThat(fromAwait).isSameAs(error);
        assertThat(handle.isDone()).isTrue();
    }

    @Test
    void anErrorUnderAnEnginesControlLeavesTheRunAsItWasAndNoEndIsHeard() {
        // given: as in a workflow, whose engine destroys an evicted copy's threads with an Error
        var error = new Broken("thread destroyed");
        var recorder = new Scenarios.Recorder();
        var agent = Agent.builder(FunctionModel.of((ModelRequest request) -> {
            throw error;
        })).tool(echo("echo")).listener(recorder).build();
        RunControl control = AgentEngine.of(agent).newControl();

        // when
        Throwable thrown = catchThrowable(() -> AgentEngine.of(agent).run("go", control));

        // then
        assertThat(thrown).isSameAs(error);
        assertNoEndHeard(recorder);
    }
}
