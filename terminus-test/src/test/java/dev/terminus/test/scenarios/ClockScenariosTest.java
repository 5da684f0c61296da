package dev.terminus.test.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The agent loop reads its time and waits on its clock only: a manual clock drives backoffs, deadlines and every
 * duration reported, in no time and to the nanosecond.
 */
@Timeout(30)
class ClockScenariosTest {
    private final ManualClock clock = new ManualClock();

    @Test
    void aTransientFailureIsRetriedAfterItsBackoffOnTheRunsClock() throws Exception {
        // given: two server errors, then an answer; backoffs of 1 s then 2 s, no jitter
        ScriptedModel model = ScriptedModel.builder().serverError(503).serverError(503).text("done").build();
        Agent agent = Agent.builder(model).clock(clock).config(AgentConfig.custom()
                .retryPolicy(new RetryPolicy(2, Duration.ofSeconds(1), Duration.ofSeconds(8), 0)).build()).build();
        RunHandle handle = agent.start("task");

        // when
        clock.awaitScheduled(1);
        List<Duration> first = clock.pendingDelays();
        clock.advance(Duration.ofSeconds(1));
        clock.awaitScheduled(1);
        List<Duration> second = clock.pendingDelays();
        clock.advance(Duration.ofSeconds(2));
        RunResult result = handle.await();

        // then
        assertThat(first).containsExactly(Duration.ofSeconds(1));
        assertThat(second).containsExactly(Duration.ofSeconds(2));
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(model.calls()).isEqualTo(3);
        assertThat(result.duration()).isEqualTo(Duration.ofSeconds(3));
        assertThat(result.iterations()).extracting(IterationRecord::duration).containsExactly(Duration.ofSeconds(3));
    }

    @Test
    void theDeadlineEndsABackoffAtTheBudgetToTheMillisecond() throws Exception {
        // given: a model always rate limited, a minute's backoff, a 300 ms budget
        ScriptedModel model = ScriptedModel.builder().rateLimited().thenRepeatLast().build();
        Agent agent = Agent.builder(model).clock(clock).config(AgentConfig.custom()
                .retryPolicy(new RetryPolicy(3, Duration.ofMinutes(1), Duration.ofMinutes(1), 0))
                .timeBudget(Duration.ofMillis(300)).build()).build();
        RunHandle handle = agent.start("task");

        // when: the deadline and the backoff (cut to the deadline) wait on the clock
        clock.awaitScheduled(2);
        clock.advance(Duration.ofMillis(300));
        RunResult result = handle.await();

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TimeBudgetExhausted(300, 300));
        assertThat(model.calls()).isEqualTo(1);
        assertThat(result.duration()).isEqualTo(Duration.ofMillis(300));
    }

    @Test
    void onTheCallersThreadTheDeadlineOfTheClockInterruptsAHangingModelCall() throws Exception {
        // given: the default enforcement (the caller's thread, interrupted at the deadline) and a model that hangs,
        // and says when it is in its call
        ScriptedModel hanging = ScriptedModel.builder().hang().build();
        CountDownLatch called = new CountDownLatch(1);
        Model model = request -> {
            called.countDown();
            return hanging.chat(request);
        };
        Agent agent = Agent.builder(model).clock(clock).config(AgentConfig.custom()
                .timeBudget(Duration.ofSeconds(30))
                .timeBudgetEnforcement(TimeBudgetEnforcement.INTERRUPT_CALLER).build()).build();
        CompletableFuture<RunResult> run = new CompletableFuture<>();
        Thread caller = Thread.ofVirtual().start(() -> run.complete(agent.run("task")));

        // when: the deadline passes while the model is in its call (not before the loop has reached it)
        clock.awaitScheduled(1);
        assertThat(called.await(10, TimeUnit.SECONDS)).as("the model was called").isTrue();
        clock.advance(Duration.ofSeconds(30));

        // then
        RunResult result = run.get(10, TimeUnit.SECONDS);
        assertThat(caller.join(Duration.ofSeconds(10))).as("the caller's thread ended").isTrue();
        assertThat(result.termination()).isEqualTo(new Termination.TimeBudgetExhausted(30_000, 30_000));
        assertThat(result.duration()).isEqualTo(Duration.ofSeconds(30));
    }
}
