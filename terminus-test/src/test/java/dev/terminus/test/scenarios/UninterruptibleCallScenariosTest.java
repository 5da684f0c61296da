package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.ToolArgumentException;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The default enforcement of a time budget, with no option chosen: the loop on the caller's thread, and the calls of
 * a model or tool declared uninterruptible on threads of their own, left at the deadline after the grace.
 */
@Timeout(30)
class UninterruptibleCallScenariosTest {
    private static final Duration MARGIN = Duration.ofSeconds(2);

    private static AgentConfig withBudget(long budgetMs) {
        return AgentConfig.custom().timeBudget(Duration.ofMillis(budgetMs)).build();
    }

    /** A tool that ignores every interrupt until released. */
    private static Tool deaf(String name, CountDownLatch release, CompletableFuture<Thread> ranOn) {
        return Tools.of(name, "ignores interrupts", (arguments, run) -> {
            ranOn.complete(Thread.currentThread());
            awaitIgnoringInterrupts(release);
            return "too late";
        });
    }

    private static void awaitIgnoringInterrupts(CountDownLatch release) {
        while (release.getCount() > 0) {
            try {
                release.await();
            } catch (InterruptedException ignored) {
                // deaf on purpose
            }
        }
    }

    /** What a platform thread in {@code Agent.run} came back with after it was interrupted during the call. */
    private record Interrupted(boolean returned, RunResult result, boolean keptInterrupt) {}

    /** Runs the agent on a platform thread, interrupts that thread once the call has started, waits for it. */
    private static Interrupted interruptDuringTheCall(Agent agent, CompletableFuture<Thread> callThread, Duration wait)
            throws Exception {
        var result = new AtomicReference<RunResult>();
        var keptInterrupt = new AtomicBoolean();
        Thread caller = Thread.ofPlatform().start(() -> {
            result.set(agent.run("go"));
            keptInterrupt.set(Thread.currentThread().isInterrupted());
        });
        callThread.get(MARGIN.toMillis(), TimeUnit.MILLISECONDS);
        caller.interrupt();
        caller.join(wait.toMillis());
        return new Interrupted(!caller.isAlive(), result.get(), keptInterrupt.get());
    }

    @Test
    void withNoOptionChosenTheRunAndItsInterruptibleCallsStayOnTheCallersThread() {
        // given
        Thread caller = Thread.currentThread();
        var threads = new java.util.ArrayList<Thread>();
        var script = ScriptedModel.builder().toolCall("echo", args("x", 1)).text("done").build();
        Model model = request -> {
            threads.add(Thread.currentThread());
            return script.chat(request);
        };
        var agent = Agent.builder(model).config(withBudget(60_000))
                .tool(Tools.of("echo", "echoes", (arguments, run) -> {
                    threads.add(Thread.currentThread());
                    return arguments;
                })).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1);
        assertThat(threads).hasSize(3).containsOnly(caller);
    }

    @Test
    void aDeclaredUninterruptibleToolIsLeftAtTheDeadlineAndTheRunReturnsWithItsCallAnswered() throws Exception {
        // given: the run's clock driven by hand, so that the deadline passes while the tool runs
        var clock = new ManualClock();
        var release = new CountDownLatch(1);
        var ranOn = new CompletableFuture<Thread>();
        var model = ScriptedModel.builder().toolCall("stubborn", args()).text("unreachable").build();
        var agent = Agent.builder(model).clock(clock).config(withBudget(150))
                .tool(Tools.uninterruptible(deaf("stubborn", release, ranOn))).build();

        try {
            // when: the tool runs, the deadline passes, then the grace
            Caller caller = Caller.run(agent, "go");
            Thread toolThread = ranOn.get(10, TimeUnit.SECONDS);
            clock.advance(Duration.ofMillis(150));
            clock.advance(AgentConfig.DEFAULT_INTERRUPT_GRACE);
            Caller.Returned returned = caller.await();
            RunResult result = returned.result();

            // then
            var exhausted = assertThat(result).endedWith(Termination.TimeBudgetExhausted.class).actual();
            assertThat(exhausted.limitMs()).isEqualTo(150);
            assertThat(result.duration()).isLessThanOrEqualTo(Duration.ofMillis(150)
                    .plus(AgentConfig.DEFAULT_INTERRUPT_GRACE));
            assertThat(release.getCount()).as("the tool was still running when the run returned").isEqualTo(1);
            assertThat(toolThread).isNotSameAs(caller.thread());
            assertThat(result).as("a call left unfinished is not counted").hasIterations(1).hasToolCalls(0).isConsistent();
            assertThat(Scenarios.toolResults(result)).singleElement()
                    .satisfies(answer -> assertThat(answer.content()).startsWith("Not completed"));
            assertThat(returned.keptInterrupt()).as("the deadline's interrupt is cleared").isFalse();
        } finally {
            release.countDown();
        }
    }

    @Test
    void aModelThatDeclaresItselfUninterruptibleIsLeftAtTheDeadline() {
        // given
        var release = new CountDownLatch(1);
        Model deafModel = new Model() {
            @Override
            public ModelResponse chat(ModelRequest request) {
                awaitIgnoringInterrupts(release);
                return ModelResponse.text("too late", Usage.of(1, 1));
            }

            @Override
            public boolean interruptible() {
                return false;
            }
        };
        var agent = Agent.builder(deafModel).config(withBudget(150)).build();

        try {
            // when
            RunResult result = agent.run("go");

            // then
            assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
            assertThat(release.getCount()).as("the model was still answering when the run returned").isEqualTo(1);
            assertThat(result.usage()).isEqualTo(Usage.ZERO);
            assertThat(result).isConsistent();
        } finally {
            release.countDown();
        }
    }

    @Test
    void interruptingTheCallerCancelsTheRunDuringAnUninterruptibleCallAndKeepsItsInterrupt() throws Exception {
        // given: a long time budget; the caller is interrupted while the tool ignores interrupts
        var release = new CountDownLatch(1);
        var ranOn = new CompletableFuture<Thread>();
        var model = ScriptedModel.builder().toolCall("stubborn", args()).text("unreachable").build();
        var agent = Agent.builder(model).config(withBudget(60_000))
                .tool(Tools.uninterruptible(deaf("stubborn", release, ranOn))).build();

        try {
            // when
            Interrupted caller = interruptDuringTheCall(agent, ranOn, MARGIN);

            // then
            assertThat(caller.returned()).as("the caller returned while the tool still ran").isTrue();
            assertThat(release.getCount()).isEqualTo(1);
            assertThat(caller.result()).endedWith(new Termination.Cancelled("thread-interrupt"));
            assertThat(caller.result()).isConsistent();
            assertThat(Scenarios.toolResults(caller.result())).singleElement()
                    .satisfies(answer -> assertThat(answer.content()).startsWith("Not completed"));
            assertThat(caller.keptInterrupt()).as("the caller keeps its interrupt").isTrue();
        } finally {
            release.countDown();
        }
    }

    @Test
    void aDeclaredToolThatAnswersEndsTheRunExactlyAsOnTheCallersThread() {
        // given: the same tools, once declared uninterruptible: a value, a refusal of the arguments, a failure, a halt
        var threads = new java.util.concurrent.ConcurrentLinkedQueue<Thread>();
        Tool echo = Tools.of("echo", "echoes", (arguments, run) -> {
            threads.add(Thread.currentThread());
            return arguments;
        });
        Tool picky = Tools.of("picky", "refuses", (arguments, run) -> {
            throw new ToolArgumentException("x must be positive");
        });
        Tool broken = Tools.of("broken", "fails", (arguments, run) -> {
            throw new IllegalStateException("disk full");
        });
        Tool halt = Tools.of("halt", "halts", (arguments, run) -> {
            throw new HaltException("enough");
        });
        var script = ScriptedModel.builder().toolCall("echo", args("x", 1)).toolCall("picky", args("x", -1))
                .toolCall("broken", args()).toolCall("halt", args());

        // when
        RunResult inline = Agent.builder(script.build()).config(withBudget(60_000))
                .tools(echo, picky, broken, halt).build().run("go");
        threads.clear();
        RunResult offThread = Agent.builder(script.build()).config(withBudget(60_000))
                .tools(Tools.uninterruptible(echo), Tools.uninterruptible(picky), Tools.uninterruptible(broken),
                        Tools.uninterruptible(halt)).build().run("go");

        // then
        assertThat(threads).as("the declared echo ran on a thread of its own").singleElement()
                .isNotSameAs(Thread.currentThread());
        assertThat(inline).endedWith(new Termination.Halted("tool:halt", "enough"));
        assertThat(offThread.termination()).isEqualTo(inline.termination());
        assertThat(offThread.transcript()).isEqualTo(inline.transcript());
        assertThat(Scenarios.toolResults(offThread)).extracting(Message.ToolResult::error)
                .containsExactly(false, true, true, true);
        assertThat(offThread.toolCalls()).as("completed calls: a halting call does not count").isEqualTo(inline.toolCalls())
                .isEqualTo(3);
    }

    @Test
    void anUndeclaredToolThatIgnoresTheInterruptHoldsTheCallerUntilItReturns() {
        // given: what the default gives up, for a tool that does not say it ignores interrupts; it works 300 ms of the
        // run's clock, through the 100 ms deadline (whose interrupt it ignores) and the grace after it
        var clock = new ManualClock();
        var returned = new AtomicBoolean();
        var model = ScriptedModel.builder().toolCall("stubborn", args()).text("unreachable").build();
        var agent = Agent.builder(model).clock(clock).config(withBudget(100))
                .tool(Tools.of("stubborn", "ignores interrupts for 300 ms", (arguments, run) -> {
                    clock.advance(Duration.ofMillis(300)); // the deadline falls due on the way, interrupting this thread
                    Thread.interrupted(); // deaf on purpose
                    returned.set(true);
                    return "late";
                })).build();

        // when
        RunResult result = agent.run("go");

        // then: the run still ends TimeBudgetExhausted, once the tool has returned
        assertThat(returned).as("the tool had returned when the run did").isTrue();
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
        assertThat(result).isConsistent();
    }

    @Test
    void withoutATimeBudgetADeclaredToolRunsOnTheCallersThread() {
        // given: no deadline to keep, so no reason to leave the caller's thread (and its thread-locals)
        var ranOn = new AtomicReference<Thread>();
        var model = ScriptedModel.builder().toolCall("query", args()).text("done").build();
        var agent = Agent.builder(model).tool(Tools.uninterruptible(Tools.of("query", "queries", (arguments, run) -> {
            ranOn.set(Thread.currentThread());
            return "rows";
        }))).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1);
        assertThat(ranOn.get()).isSameAs(Thread.currentThread());
    }

    @Test
    void aCallersInterruptStaysACancellationWhenTheDeadlinePassesDuringTheGrace() throws Exception {
        // given: the caller is interrupted once the call has started; the deadline passes while the call has its grace
        var clock = new ManualClock();
        var release = new CountDownLatch(1);
        var ranOn = new CompletableFuture<Thread>();
        var model = ScriptedModel.builder().toolCall("stubborn", args()).text("unreachable").build();
        var agent = Agent.builder(model).clock(clock)
                .config(AgentConfig.custom().timeBudget(Duration.ofMillis(300)).interruptGrace(Duration.ofMillis(900))
                        .build())
                .tool(Tools.uninterruptible(deaf("stubborn", release, ranOn))).build();

        try {
            // when: the interrupt has cut the call (its grace is on the clock beside the deadline) before the deadline
            // passes, and then the grace ends
            Caller run = Caller.run(agent, "go");
            ranOn.get(10, TimeUnit.SECONDS);
            run.thread().interrupt();
            clock.awaitScheduled(2);
            clock.advance(Duration.ofMillis(300));
            clock.advance(Duration.ofMillis(600));
            Caller.Returned caller = run.await();

            // then
            assertThat(caller.result()).endedWith(new Termination.Cancelled("thread-interrupt"));
            assertThat(caller.keptInterrupt())
                    .as("the deadline's timer neither replaced nor cleared the caller's interrupt").isTrue();
        } finally {
            release.countDown();
        }
    }

    @Test
    void aCallThatEndsWithinItsGraceKeepsItsResult() throws Exception {
        // given: a tool that finishes 50 ms after its interrupt, within a 1 s grace on a clock driven by hand (which
        // never reaches the grace's end)
        var clock = new ManualClock();
        var started = new CountDownLatch(1);
        var model = ScriptedModel.builder().toolCall("slow", args()).text("unreachable").build();
        var agent = Agent.builder(model).clock(clock)
                .config(AgentConfig.custom().timeBudget(Duration.ofMillis(150)).interruptGrace(Duration.ofSeconds(1))
                        .build())
                .tool(Tools.uninterruptible(Tools.of("slow", "finishes after its interrupt", (arguments, run) -> {
                    started.countDown();
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException e) {
                        Thread.sleep(50); // its own clean-up, after the interrupt
                    }
                    return "committed";
                }))).build();

        // when: the deadline passes while the tool runs
        Caller caller = Caller.run(agent, "go");
        assertThat(started.await(10, TimeUnit.SECONDS)).as("the tool started").isTrue();
        clock.advance(Duration.ofMillis(150));
        RunResult result = caller.await().result();

        // then: the run still ends at its deadline, with the call's real result and count
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
        assertThat(result).hasToolCalls(1).isConsistent();
        assertThat(Scenarios.toolResults(result)).singleElement()
                .satisfies(answer -> assertThat(answer.content()).isEqualTo("committed"));
    }

    @Test
    void anInterruptedExceptionTheCallThrowsOnItsOwnIsAToolFailureNotACancellation() {
        // given
        var model = ScriptedModel.builder().toolCall("flaky", args()).text("done anyway").build();
        var agent = Agent.builder(model).config(withBudget(60_000))
                .tool(Tools.uninterruptible(Tools.of("flaky", "throws InterruptedException", (arguments, run) -> {
                    throw new InterruptedException("its own");
                }))).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(Scenarios.toolResults(result)).singleElement().satisfies(answer -> {
            assertThat(answer.error()).isTrue();
            assertThat(answer.content()).contains("IllegalStateException").contains("its own");
        });
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void aPerToolTimeoutOnADeclaredToolAnswersTheModelAndTheRunGoesOn() {
        // given
        var release = new CountDownLatch(1);
        var model = ScriptedModel.builder().toolCall("stubborn", args()).text("moved on").build();
        var agent = Agent.builder(model)
                .config(AgentConfig.custom().timeBudget(Duration.ofSeconds(60)).toolTimeout(Duration.ofMillis(100))
                        .build())
                .tool(Tools.uninterruptible(deaf("stubborn", release, new CompletableFuture<>()))).build();

        try {
            // when
            RunResult result = agent.run("go");

            // then
            assertThat(result).endedWith(new Termination.NaturalCompletion());
            assertThat(Scenarios.toolResults(result)).singleElement().satisfies(answer -> {
                assertThat(answer.error()).isTrue();
                assertThat(answer.content()).isEqualTo("Error: the tool did not answer within 100 ms");
            });
        } finally {
            release.countDown();
        }
    }

    @Test
    void aStartedRunCancelledDuringADeclaredUninterruptibleToolAnswersTheCallItLeaves() throws Exception {
        // given: a run on a thread of its own, waiting for a tool that ignores interrupts and says so
        var release = new CountDownLatch(1);
        var ranOn = new CompletableFuture<Thread>();
        var model = ScriptedModel.builder().toolCall("stubborn", args()).text("unreachable").build();
        var agent = Agent.builder(model).tool(Tools.uninterruptible(deaf("stubborn", release, ranOn))).build();

        try {
            // when: it is cancelled while the tool runs, and left after the grace
            RunHandle handle = agent.start("go");
            ranOn.get(MARGIN.toMillis(), TimeUnit.MILLISECONDS);
            handle.cancel("operator");
            RunResult result = handle.await();

            // then
            assertThat(result).endedWith(new Termination.Cancelled("operator"));
            assertThat(result).as("every call has its result").hasEveryToolCallAnsweredOnce().isConsistent();
            assertThat(Scenarios.toolResults(result)).singleElement()
                    .satisfies(answer -> assertThat(answer.content()).startsWith("Not completed"));
        } finally {
            release.countDown();
        }
    }
}
