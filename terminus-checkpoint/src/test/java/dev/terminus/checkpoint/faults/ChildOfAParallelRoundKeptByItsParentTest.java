package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentHook;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.HookDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A child run by a call of a parallel round that the parent's deadline ends is kept in the parent's
 * {@code children()}, as a child run by a call of a sequential round is: the round stops the agents its calls still
 * run and waits for their ends, within the run's grace, before it answers those calls and the parent's result is
 * made; what the child spends until then is in the parent's figures. The child's listener here holds the child's end
 * until the parent has published (2 s at most), so a parent that did not wait would publish first and miss it.
 */
@Timeout(60)
class ChildOfAParallelRoundKeptByItsParentTest {

    @Test
    void aChildCutByTheDeadlineInAParallelRoundIsInItsParentsChildren() throws Exception {
        // given: a parent with a 100 ms budget whose parallel round calls a child, in a model call of 10 s, and echo
        ManualClock clock = new ManualClock();
        CountDownLatch inCall = new CountDownLatch(1);
        CountDownLatch parentEnded = new CountDownLatch(1);
        Model slow = request -> {
            inCall.countDown();
            clock.sleep(Duration.ofSeconds(10).toNanos());
            return ModelResponse.text("late", Usage.of(1, 1));
        };
        List<RunResult> childEnds = new CopyOnWriteArrayList<>();
        Agent child = Agent.builder(slow).name("child").clock(clock).listener(event -> {
            if (event instanceof AgentEvent.RunTerminated ended) {
                awaitQuietly(parentEnded);
                childEnds.add(ended.result());
            }
        }).build();
        Agent parent = Agent.builder(ScriptedModel.builder()
                        .toolCalls(List.of(Map.entry("child", Map.of("task", "go")), Map.entry("echo", Map.of("x", 1))))
                        .text("done").build())
                .clock(clock).config(AgentConfig.custom().name("parent").parallelToolCalls(true)
                        .timeBudget(Duration.ofMillis(100)).build())
                .tool(Tools.agent("child", "Works slowly", child)).tool(Tools.of("echo", "echoes", (args, run) -> args))
                .listener(event -> {
                    if (event instanceof AgentEvent.RunTerminated) {
                        parentEnded.countDown();
                    }
                }).build();
        RunHandle handle = parent.start("go");
        assertThat(inCall.await(10, TimeUnit.SECONDS)).as("the child's model is called").isTrue();

        // when: the parent's deadline passes
        clock.advance(Duration.ofMillis(100));
        RunResult result = handle.await();

        // then
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (childEnds.isEmpty() && System.nanoTime() < end) {
            Thread.sleep(1);
        }
        assertThat(childEnds).as("the child's published ends").hasSize(1);
        assertThat(result.children()).as("the parent's children").extracting(ChildRun::result)
                .containsExactlyElementsOf(childEnds);
    }

    @Test
    void aChildCutWhileTheRoundStillAdmitsCallsIsInItsParentsChildren() throws Exception {
        // given: a parallel round of child, echo, echo whose second call's hook passes the parent's deadline, on the
        // parent's own thread: the deadline's interrupt is then most often still pending there when the round stops
        // admitting calls (not always: it may reach the thread a moment later, in its wait for the calls)
        ManualClock clock = new ManualClock();
        CountDownLatch inCall = new CountDownLatch(1);
        Model slow = request -> {
            inCall.countDown();
            clock.sleep(Duration.ofSeconds(10).toNanos());
            return ModelResponse.text("late", Usage.of(1, 1));
        };
        CountDownLatch parentEnded = new CountDownLatch(1);
        List<RunResult> childEnds = new CopyOnWriteArrayList<>();
        Agent child = Agent.builder(slow).name("child").clock(clock).listener(event -> {
            if (event instanceof AgentEvent.RunTerminated ended) {
                awaitQuietly(parentEnded);
                childEnds.add(ended.result());
            }
        }).build();
        List<Boolean> interruptedInHook = new CopyOnWriteArrayList<>();
        AgentHook deadlinePasses = new AgentHook() {
            @Override
            public HookDecision beforeTool(RunContext run, ToolCall call) {
                if (call.name().equals("echo") && interruptedInHook.isEmpty()) {
                    awaitQuietly(inCall);
                    awaitArmed(clock); // the parent's deadline (armed just after its thread started) and the child's wait
                    clock.advance(Duration.ofMillis(100));
                    interruptedInHook.add(Thread.currentThread().isInterrupted());
                }
                return HookDecision.proceed();
            }
        };
        Agent parent = Agent.builder(ScriptedModel.builder()
                        .toolCalls(List.of(Map.entry("child", Map.of("task", "go")), Map.entry("echo", Map.of("x", 1)),
                                Map.entry("echo", Map.of("x", 2))))
                        .text("done").build())
                .clock(clock).config(AgentConfig.custom().name("parent").parallelToolCalls(true)
                        .timeBudget(Duration.ofMillis(100)).build())
                .tool(Tools.agent("child", "Works slowly", child)).tool(Tools.of("echo", "echoes", (args, run) -> args))
                .hook(deadlinePasses)
                .listener(event -> {
                    if (event instanceof AgentEvent.RunTerminated) {
                        parentEnded.countDown();
                    }
                }).build();

        // when
        RunResult result = parent.start("go").await();

        // then
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(result.children()).as("the parent's children").extracting(ChildRun::result)
                .singleElement().satisfies(kept -> assertThat(kept.termination())
                        .isInstanceOf(Termination.TimeBudgetExhausted.class));
        assertThat(parentEnded.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aGrandchildOfACallTheRoundCutIsCancelledByParentAsItsParentIs() throws Exception {
        // given: a parallel round of three calls of a tool that fails once the grandchild's model is called, and of
        // child, which calls grandchild, whose model call waits until it is interrupted: the third failure ends the
        // parent by its mistakes guard while child still runs (on the system clock, with a grace of 10 ms, after
        // which the round interrupts the call that runs child)
        CountDownLatch inCall = new CountDownLatch(1);
        Model waits = request -> {
            inCall.countDown();
            new CountDownLatch(1).await();
            throw new AssertionError("not interrupted");
        };
        Map<String, RunResult> ends = new ConcurrentHashMap<>();
        CountDownLatch bothEnded = new CountDownLatch(2);
        Function<String, AgentListener> published = name -> event -> {
            if (event instanceof AgentEvent.RunTerminated ended) {
                ends.put(name, ended.result());
                bothEnded.countDown();
            }
        };
        Agent grandchild = Agent.builder(waits).name("grandchild").listener(published.apply("grandchild")).build();
        Agent child = Agent.builder(ScriptedModel.builder().toolCall("grandchild", Map.of("task", "go")).text("done")
                        .build()).name("child").tool(Tools.agent("grandchild", "Waits", grandchild))
                .listener(published.apply("child")).build();
        Agent parent = Agent.builder(ScriptedModel.builder()
                        .toolCalls(List.of(Map.entry("broken", Map.of("x", 1)), Map.entry("broken", Map.of("x", 2)),
                                Map.entry("broken", Map.of("x", 3)), Map.entry("child", Map.of("task", "go"))))
                        .text("done").build())
                .config(AgentConfig.custom().name("parent").parallelToolCalls(true).maxConsecutiveMistakes(3)
                        .interruptGrace(Duration.ofMillis(10)).build())
                .tool(Tools.agent("child", "Calls its own agent", child))
                .tool(Tools.of("broken", "fails", (args, run) -> {
                    awaitQuietly(inCall);
                    throw new IllegalStateException("broken");
                }))
                .build();

        // when
        RunResult result = parent.start("go").await();

        // then
        assertThat(result.termination()).isInstanceOf(Termination.ConsecutiveMistakes.class);
        assertThat(bothEnded.await(10, TimeUnit.SECONDS)).as("child and grandchild published their ends").isTrue();
        assertThat(ends.get("child").termination()).as("child, cut by the round")
                .isEqualTo(new Termination.Cancelled("parent"));
        assertThat(ends.get("grandchild").termination()).as("grandchild, stopped as its parent was")
                .isEqualTo(new Termination.Cancelled("parent"));
    }

    private static void awaitArmed(ManualClock clock) {
        try {
            clock.awaitScheduled(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
