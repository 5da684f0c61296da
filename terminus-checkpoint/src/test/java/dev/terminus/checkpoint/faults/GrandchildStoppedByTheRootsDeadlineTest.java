package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A grandchild stopped by the root's deadline ends {@code TimeBudgetExhausted}, as its parent and the root do. The
 * tree schedules found a grandchild that ended {@code Cancelled("thread-interrupt")} though nobody cancelled: the
 * root's deadline stops the root's control (its flag set), then runs its stop hooks in order, the caller deadline's
 * interrupt of the run's thread (which the child and the grandchild run on, inline) before the child's
 * {@code followParent}. The grandchild's wait, interrupted, asks {@code RunControl.interruptedWhileWaiting}, which
 * looks only at its direct parent's flag: the child is not stopped yet, so the interrupt is taken for the caller's
 * and the grandchild is cancelled; the root's flag, already set, is not looked at. It happens in some trials, as the
 * run's thread wins or loses the race with the hooks (2 in 20 here); 200 trials make it all but certain.
 */
@Timeout(60)
class GrandchildStoppedByTheRootsDeadlineTest {

    @Test
    @Disabled("defect: RunControl.interruptedWhileWaiting looks only at the direct parent's stop, not the root's; a"
            + " grandchild stopped by the root's deadline can end Cancelled(thread-interrupt)")
    void aGrandchildWaitingOnTheRunsThreadEndsOutOfTimeAtTheRootsDeadlineNotCancelled() throws Exception {
        // given: 200 trees root -> middle -> leaf, the root with a 50 ms budget, the leaf in a model call of 400 ms
        List<Termination> leafEnds = new ArrayList<>();
        for (int trial = 0; trial < 200; trial++) {
            ManualClock clock = new ManualClock();
            CountDownLatch inCall = new CountDownLatch(1);
            Model slow = request -> {
                inCall.countDown();
                clock.sleep(Duration.ofMillis(400).toNanos());
                return ModelResponse.text("late", Usage.of(1, 1));
            };
            Agent leaf = Agent.builder(slow).name("leaf").clock(clock).build();
            Agent middle = Agent.builder(ScriptedModel.builder().callIdPrefix("middle_")
                            .toolCall("leaf", Map.of("task", "dig")).text("middle done").build())
                    .name("middle").clock(clock).tool(Tools.agent("leaf", "Digs", leaf)).build();
            Agent root = Agent.builder(ScriptedModel.builder().toolCall("middle", Map.of("task", "go"))
                            .text("root done").build())
                    .name("root").clock(clock).tool(Tools.agent("middle", "Delegates", middle))
                    .timeBudget(Duration.ofMillis(50)).build();
            RunHandle handle = root.start("go");
            assertThat(inCall.await(10, TimeUnit.SECONDS)).as("the leaf's model is called").isTrue();

            // when: the root's deadline passes
            clock.advance(Duration.ofMillis(50));
            RunResult result = handle.await();

            // then (below): every run of the tree ran out of time
            assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
            RunResult middleRun = result.children().getFirst().result();
            assertThat(middleRun.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
            leafEnds.add(middleRun.children().getFirst().result().termination());
        }

        // then
        assertThat(leafEnds).as("the leaf's ends in 200 trials")
                .allSatisfy(end -> assertThat(end).isInstanceOf(Termination.TimeBudgetExhausted.class));
    }
}
