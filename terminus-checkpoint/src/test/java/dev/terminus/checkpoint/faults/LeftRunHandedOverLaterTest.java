package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run its supervisor leaves (its thread deaf to the deadline's interrupt past the grace) is published once, with
 * what it had: when the thread it left goes on and hands the run over to another agent, that agent publishes nothing
 * more, since the run already has its result.
 */
@Timeout(60)
class LeftRunHandedOverLaterTest {

    @Test
    void aLeftRunWhoseThreadHandsItOverLaterIsPublishedOnce() throws Exception {
        // given: a round of transfer_to_h and a tool deaf to interrupts, under a 50 ms budget and a 10 ms grace
        ManualClock clock = new ManualClock();
        CountDownLatch inDeafCall = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<Thread> runThread = new AtomicReference<>();
        Tool deaf = Tools.of("deaf", "ignores interrupts", (args, run) -> {
            runThread.set(Thread.currentThread());
            inDeafCall.countDown();
            boolean interrupted = false;
            while (true) {
                try {
                    release.await();
                    break;
                } catch (InterruptedException ignored) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return "released";
        });
        Agent h = Agent.builder(ScriptedModel.builder().text("from h").build()).name("h").clock(clock).build();
        List<RunResult> published = new CopyOnWriteArrayList<>();
        Agent root = Agent.builder(ScriptedModel.builder()
                        .toolCalls(List.of(Map.entry("transfer_to_h", Map.of()), Map.entry("deaf", Map.of())))
                        .text("done").build())
                .clock(clock).config(AgentConfig.custom().name("root").timeBudget(Duration.ofMillis(50))
                        .interruptGrace(Duration.ofMillis(10)).build())
                .handoff(h).tool(deaf)
                .listener(event -> {
                    if (event instanceof AgentEvent.RunTerminated ended) {
                        published.add(ended.result());
                    }
                }).build();
        RunHandle handle = root.start("go");
        assertThat(inDeafCall.await(10, TimeUnit.SECONDS)).as("the deaf tool is called").isTrue();

        // when: the deadline passes, the grace runs out, and only then the deaf call returns
        clock.advance(Duration.ofMillis(50));
        clock.awaitScheduled(1); // the grace
        clock.advance(Duration.ofMillis(10));
        RunResult result = handle.await();
        release.countDown();
        runThread.get().join(TimeUnit.SECONDS.toMillis(10));

        // then
        assertThat(runThread.get().isAlive()).as("the left thread ended").isFalse();
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(result.agentName()).contains("root");
        assertThat(published).as("the run's published ends").containsExactly(result);
    }
}
