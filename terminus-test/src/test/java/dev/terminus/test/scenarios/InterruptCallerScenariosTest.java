package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The time budget enforced by interrupting the caller's own thread ({@link TimeBudgetEnforcement#INTERRUPT_CALLER}). */
class InterruptCallerScenariosTest {

    private static AgentConfig.Builder interruptCaller(long budgetMs) {
        return AgentConfig.custom().timeBudget(Duration.ofMillis(budgetMs))
                .timeBudgetEnforcement(TimeBudgetEnforcement.INTERRUPT_CALLER);
    }

    @Test
    void aHangingModelIsInterruptedOnTheCallersThreadAndTheRunEndsAtTheDeadline() {
        // given
        Thread caller = Thread.currentThread();
        AtomicReference<Thread> modelThread = new AtomicReference<>();
        var script = ScriptedModel.builder().hang().build();
        var agent = Agent.builder(request -> {
            modelThread.set(Thread.currentThread());
            return script.chat(request);
        }).config(interruptCaller(150).build()).build();

        // when
        RunResult result = agent.run("wait");

        // then
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class)
                .satisfies(t -> assertThat(t.limitMs()).isEqualTo(150))
                .satisfies(t -> assertThat(t.elapsedMs()).isGreaterThanOrEqualTo(150));
        assertThat(modelThread.get()).isSameAs(caller);
        assertThat(Thread.currentThread().isInterrupted()).as("the timer's interrupt is cleared").isFalse();
    }

    @Test
    void aHangingToolIsInterruptedAndItsCallAnswered() {
        // given
        var model = ScriptedModel.builder().toolCall("wait", Map.of()).text("never").build();
        var agent = Agent.builder(model).config(interruptCaller(150).build())
                .tool(Tools.of("wait", "waits", (args, run) -> {
                    Thread.sleep(60_000);
                    return "woke";
                })).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
        assertThat(result).isConsistent();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void aRunThatEndsBeforeItsDeadlineLeavesNoInterruptBehind() {
        // given: the run's clock, driven by hand
        var clock = new ManualClock();
        var model = ScriptedModel.builder().text("done").build();
        var agent = Agent.builder(model).clock(clock).config(interruptCaller(50).build()).build();

        // when: the run ends, then its deadline's time comes and goes
        RunResult result = agent.run("quick");
        int armedAfterTheRun = clock.scheduled();
        clock.advance(Duration.ofMillis(120));

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(armedAfterTheRun).as("the deadline is disarmed when the run ends").isZero();
        assertThat(Thread.currentThread().isInterrupted()).as("no late interrupt from the timer").isFalse();
    }
}
