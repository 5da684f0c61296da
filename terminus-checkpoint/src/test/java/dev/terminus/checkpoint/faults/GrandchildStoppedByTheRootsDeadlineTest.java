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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A grandchild stopped by the root's deadline ends {@code TimeBudgetExhausted}, as its parent and the root do. The
 * root's deadline stops the root's control (its flag set), then runs its stop hooks in order, the caller deadline's
 * interrupt of the run's thread (which the child and the grandchild run on, inline) possibly before the child's
 * link to the root: the grandchild's interrupted wait must then find the stopped ancestor two levels up
 * ({@code RunControl.interruptedWhileWaiting}), not take the interrupt for a caller's cancel. The race goes either
 * way from trial to trial (the wrong end showed in 2 of 20 when the grandchild looked only at its parent); 200 trials
 * make a regression all but certain to show.
 */
@Timeout(60)
class GrandchildStoppedByTheRootsDeadlineTest {

    @Test
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
