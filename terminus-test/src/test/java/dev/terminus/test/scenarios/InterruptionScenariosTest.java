package dev.terminus.test.scenarios;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.assertEveryCallAnsweredOnce;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.resultOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.AgentEngine;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.FunctionModel;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class InterruptionScenariosTest {
    /** Generous: a correctness margin over the limit, not a speed requirement. */
    private static final Duration MARGIN = Duration.ofSeconds(2);
    private static final Duration WAIT = Duration.ofSeconds(10);

    /** A tool that signals it started, then sleeps until interrupted, and counts the interrupt down. */
    private static Tool sleeper(String name, CountDownLatch started, CountDownLatch interrupted) {
        return Tools.of(name, "sleeps", (args, run) -> {
            started.countDown();
            try {
                Thread.sleep(60_000);
                return "woke up";
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
        });
    }

    private static FunctionModel hangingModel(CountDownLatch called) {
        return FunctionModel.of(request -> {
            called.countDown();
            new CountDownLatch(1).await();
            throw new AssertionError("unreachable");
        });
    }

    private static RunResult await(RunHandle handle) throws InterruptedException {
        return handle.await(WAIT).orElseThrow(() -> new AssertionError("the run did not end within " + WAIT));
    }

    @Test
    void anInterruptOfAThreadItsEngineOwnsUnwindsTheRunWithTheEnginesErrorAndPublishesNoEnd() {
        // given: an engine that alone interrupts its threads (Temporal destroying a workflow's copy) runs the agent
        var events = new CopyOnWriteArrayList<AgentEvent>();
        var model = ScriptedModel.builder().toolCall("lookup", args("city", "Oslo")).text("unreachable").build();
        var agent = Agent.builder(model).listener(events::add).tool(Tools.of("lookup", "looks up", (args, run) -> {
            Thread.currentThread().interrupt(); // the engine takes its thread back while the call runs
            throw new InterruptedException("sleep interrupted");
        })).build();
        var control = AgentEngine.of(agent).newControl();
        var reclaimed = new AssertionError("the engine destroys this copy of the run");
        control.interruptsAreTheEngines(() -> reclaimed);

        // when
        Throwable thrown = catchThrowable(() -> AgentEngine.of(agent).run("go", control));
        Thread.interrupted();

        // then: no end, Cancelled or other, for a copy of the run that another copy goes on with
        assertThat(thrown).isSameAs(reclaimed);
        assertThat(control.isCancelled()).isFalse();
        assertThat(events).hasAtLeastOneElementOfType(AgentEvent.RunStarted.class)
                .noneMatch(AgentEvent.RunTerminated.class::isInstance);
    }

    @Test
    void aHangingModelIsInterruptedAtTheDeadline() {
        // given
        var agent = Agent.builder(ScriptedModel.builder().hang().build())
                .config(AgentConfig.custom().timeBudget(Duration.ofMillis(300)).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        var exhausted = assertThat(result).endedWith(Termination.TimeBudgetExhausted.class).actual();
        assertThat(exhausted.limitMs()).isEqualTo(300);
        assertThat(exhausted.elapsedMs()).isGreaterThanOrEqualTo(300);
        assertThat(result.duration()).isLessThan(Duration.ofMillis(300).plus(MARGIN));
        assertThat(result).hasOutcome(Outcome.FAILED).hasIterations(1).isConsistent();
    }

    @Test
    void aHangingToolIsInterruptedAtTheDeadline() throws Exception {
        // given: the run's clock driven by hand, so that the deadline passes while the second tool hangs
        var clock = new ManualClock();
        var started = new CountDownLatch(1);
        var interrupted = new CountDownLatch(1);
        var model = ScriptedModel.builder().toolCall("echo", args("x", 1)).toolCall("sleepy", args()).build();
        var agent = Agent.builder(model).clock(clock).tools(echo("echo"), sleeper("sleepy", started, interrupted))
                .config(AgentConfig.custom().timeBudget(Duration.ofMillis(300)).build()).build();

        // when
        Caller caller = Caller.run(agent, "go");
        Scenarios.assertCountedDown(started);
        clock.advance(Duration.ofMillis(300));
        RunResult result = caller.await().result();

        // then
        var exhausted = assertThat(result).endedWith(Termination.TimeBudgetExhausted.class).actual();
        assertThat(exhausted.limitMs()).isEqualTo(300);
        Scenarios.assertCountedDown(interrupted);
        assertThat(result.duration()).isLessThan(Duration.ofMillis(300).plus(MARGIN));
        assertThat(result).hasIterations(2).hasToolCalls(1).isConsistent();
        assertEveryCallAnsweredOnce(result);
        assertThat(resultOf(result, "call_2").content()).isEqualTo("Not completed: the run ended (TimeBudgetExhausted).");
    }

    @Test
    void aHangingToolOnItsOwnThreadIsInterruptedAtTheDeadline() throws Exception {
        // given: a per-tool timeout longer than the run's budget runs the tool on its own thread; the run's clock is
        // driven by hand, so that the deadline passes while the tool hangs
        var clock = new ManualClock();
        var started = new CountDownLatch(1);
        var interrupted = new CountDownLatch(1);
        var model = ScriptedModel.builder().toolCall("sleepy", args()).build();
        var agent = Agent.builder(model).clock(clock).tool(sleeper("sleepy", started, interrupted))
                .config(AgentConfig.custom().timeBudget(Duration.ofMillis(200)).toolTimeout(Duration.ofSeconds(30))
                        .build()).build();

        // when
        Caller caller = Caller.run(agent, "go");
        Scenarios.assertCountedDown(started);
        clock.advance(Duration.ofMillis(200));
        RunResult result = caller.await().result();

        // then
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
        assertThat(result.duration()).isLessThan(Duration.ofMillis(200).plus(MARGIN));
        assertThat(result).isConsistent();
        assertEveryCallAnsweredOnce(result);
        Scenarios.assertCountedDown(interrupted);
    }

    @Test
    void aToolThatIgnoresTheInterruptIsAbandonedAfterTheGraceWithAConsistentResult() throws Exception {
        // given: the run's clock driven by hand, so that the deadline and the grace pass while the tool runs
        var clock = new ManualClock();
        var release = new CountDownLatch(1);
        var started = new CountDownLatch(1);
        var sawInterrupt = new CountDownLatch(1);
        Tool stubborn = Tools.of("stubborn", "ignores interrupts", (args, run) -> {
            started.countDown();
            while (release.getCount() > 0) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    sawInterrupt.countDown();
                }
            }
            return "finally";
        });
        var model = ScriptedModel.builder().toolCall("echo", args("x", 1)).toolCall("stubborn", args())
                .text("unreachable").build();
        var agent = Agent.builder(model).clock(clock).tools(echo("echo"), stubborn)
                .config(AgentConfig.custom().timeBudget(Duration.ofMillis(200)).interruptGrace(Duration.ofMillis(100))
                        .timeBudgetEnforcement(TimeBudgetEnforcement.SUPERVISED_THREAD).build()).build();

        try {
            // when
            Caller caller = Caller.run(agent, "go");
            Scenarios.assertCountedDown(started);
            clock.awaitScheduled(1); // the deadline, armed as the run's thread started
            clock.advance(Duration.ofMillis(200));
            clock.awaitScheduled(1); // the grace, from the stop
            clock.advance(Duration.ofMillis(100));
            RunResult result = caller.await().result();

            // then
            var exhausted = assertThat(result).endedWith(Termination.TimeBudgetExhausted.class).actual();
            assertThat(exhausted.limitMs()).isEqualTo(200);
            Scenarios.assertCountedDown(sawInterrupt);
            assertThat(result.duration()).isLessThan(Duration.ofMillis(300).plus(MARGIN));
            assertThat(result).hasIterations(2).hasToolCalls(1).isConsistent();
            assertThat(result.usage()).isEqualTo(Scenarios.usageOverIterations(result));
        } finally {
            release.countDown();
        }
    }

    @Test
    void theDeadlineCutsARetryBackoffShort() {
        // given
        var model = ScriptedModel.builder().rateLimited().text("too late").build();
        var agent = Agent.builder(model)
                .config(AgentConfig.custom().timeBudget(Duration.ofMillis(200))
                        .retryPolicy(new RetryPolicy(3, Duration.ofSeconds(30), Duration.ofSeconds(30), 0)).build())
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
        assertThat(result.duration()).isLessThan(Duration.ofMillis(200).plus(MARGIN));
        assertThat(model.calls()).isEqualTo(1);
        assertThat(result).isConsistent();
    }

    @Test
    void cancellingWhileTheModelHangsEndsTheRunCancelledByTheRequester() throws Exception {
        // given
        var called = new CountDownLatch(1);
        var agent = Agent.builder(hangingModel(called)).build();

        // when
        RunHandle handle = agent.start("go");
        assertThat(called.await(10, TimeUnit.SECONDS)).isTrue();
        handle.cancel("alice");
        RunResult result = await(handle);

        // then
        assertThat(result).endedWith(new Termination.Cancelled("alice")).hasOutcome(Outcome.CANCELLED)
                .hasIterations(1).isConsistent();
        assertThat(handle.isDone()).isTrue();
    }

    @Test
    void cancellingWithoutNamingARequesterEndsTheRunCancelledByNobody() throws Exception {
        // given
        var called = new CountDownLatch(1);
        var agent = Agent.builder(hangingModel(called)).build();

        // when
        RunHandle handle = agent.start("go");
        assertThat(called.await(10, TimeUnit.SECONDS)).isTrue();
        handle.cancel();
        RunResult result = await(handle);

        // then
        assertThat(result).endedWith(new Termination.Cancelled(null)).hasOutcome(Outcome.CANCELLED).isConsistent();
    }

    @Test
    void cancellingWhileAToolHangsInterruptsTheToolsThread() throws Exception {
        // given
        var started = new CountDownLatch(1);
        var interrupted = new CountDownLatch(1);
        var model = ScriptedModel.builder().toolCalls(List.of(Map.entry("sleepy", args()), Map.entry("echo", args("x", 1))))
                .build();
        var echoCalls = new AtomicInteger();
        var agent = Agent.builder(model).tools(sleeper("sleepy", started, interrupted), echo("echo", echoCalls)).build();

        // when
        RunHandle handle = agent.start("go");
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        handle.cancel("bob");
        RunResult result = await(handle);

        // then
        assertThat(result).endedWith(new Termination.Cancelled("bob")).hasToolCalls(0).isConsistent();
        Scenarios.assertCountedDown(interrupted);
        assertThat(echoCalls).hasValue(0);
        assertEveryCallAnsweredOnce(result);
        assertThat(resultOf(result, "call_1").content()).isEqualTo("Not completed: the run ended (Cancelled).");
        assertThat(resultOf(result, "call_2").content()).isEqualTo("Not run: the run ended (Cancelled).");
    }

    @Test
    void cancellingInterruptsEveryToolOfAParallelRound() throws Exception {
        // given
        var started = new CountDownLatch(2);
        var first = new CountDownLatch(1);
        var second = new CountDownLatch(1);
        var model = ScriptedModel.builder().toolCalls(List.of(Map.entry("one", args()), Map.entry("two", args())))
                .build();
        var agent = Agent.builder(model).tools(sleeper("one", started, first), sleeper("two", started, second))
                .config(AgentConfig.custom().parallelToolCalls(true).build()).build();

        // when
        RunHandle handle = agent.start("go");
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        handle.cancel("carol");
        RunResult result = await(handle);

        // then
        assertThat(result).endedWith(new Termination.Cancelled("carol")).isConsistent();
        assertEveryCallAnsweredOnce(result);
        Scenarios.assertCountedDown(first);
        Scenarios.assertCountedDown(second);
    }

    @Test
    void aToolThatSwallowsTheCancellationDoesNotLetTheRoundGoOn() throws Exception {
        // given
        var started = new CountDownLatch(1);
        var echoCalls = new AtomicInteger();
        Tool swallower = Tools.of("swallower", "swallows interrupts", (args, run) -> {
            started.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                // swallowed: returns normally, without the interrupt flag
            }
            return "done anyway";
        });
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("swallower", args()), Map.entry("echo", args("x", 1))))
                .text("unreachable").build();
        var agent = Agent.builder(model).tools(swallower, echo("echo", echoCalls)).build();

        // when
        RunHandle handle = agent.start("go");
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        handle.cancel("dave");
        RunResult result = await(handle);

        // then
        assertThat(result).endedWith(new Termination.Cancelled("dave")).isConsistent();
        assertThat(echoCalls).hasValue(0);
        assertThat(model.calls()).isEqualTo(1);
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void cancellingWithoutARequesterIsAnAnonymousCancellation() throws Exception {
        // given
        var called = new CountDownLatch(1);
        var agent = Agent.builder(hangingModel(called)).build();

        // when
        RunHandle handle = agent.start("go");
        assertThat(called.await(10, TimeUnit.SECONDS)).isTrue();
        handle.cancel(null);
        RunResult result = await(handle);

        // then
        assertThat(result).endedWith(new Termination.Cancelled(null)).isConsistent();
    }

    @Test
    void cancellingAfterTheRunEndedChangesNothing() throws Exception {
        // given
        var agent = Agent.builder(FunctionModel.of(request -> ModelResponse.text("done", dev.terminus.agent.Usage.of(1, 1))))
                .build();
        RunHandle handle = agent.start("go");
        RunResult first = await(handle);

        // when
        handle.cancel("too-late");
        RunResult again = await(handle);

        // then
        assertThat(first).endedWith(new Termination.NaturalCompletion()).isConsistent();
        assertThat(again).isSameAs(first);
    }

    static Stream<Arguments> callerPaths() {
        return Stream.of(
                Arguments.of("inline (no time budget)", AgentConfig.ofDefaults()),
                Arguments.of("supervised thread", AgentConfig.custom().timeBudget(Duration.ofSeconds(30)).build()),
                Arguments.of("interrupt the caller", AgentConfig.custom().timeBudget(Duration.ofSeconds(30))
                        .timeBudgetEnforcement(TimeBudgetEnforcement.INTERRUPT_CALLER).build()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("callerPaths")
    void interruptingTheCallerCancelsTheRunAndKeepsTheInterrupt(String path, AgentConfig config) throws Exception {
        // given
        var called = new CountDownLatch(1);
        var agent = Agent.builder(hangingModel(called)).config(config).build();
        var result = new AtomicReference<RunResult>();
        var stillInterrupted = new AtomicBoolean();
        Thread caller = Thread.ofVirtual().start(() -> {
            result.set(agent.run("go"));
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        });

        // when
        assertThat(called.await(10, TimeUnit.SECONDS)).isTrue();
        caller.interrupt();
        caller.join(WAIT);

        // then
        assertThat(result.get()).isNotNull();
        assertThat(result.get()).endedWith(new Termination.Cancelled("thread-interrupt")).isConsistent();
        assertThat(stillInterrupted).isTrue();
    }
}
