package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunStream;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run's result is given (its handle, its stream) only once its listeners have heard {@code RunTerminated}. The
 * streamed fault schedules found results given before: a run's thread and its supervisor both publish, the first
 * wins ({@code RunPublication.publish}), and the other returns the winner's result at once, before the winner has
 * delivered the last events. Here the supervisor wins (the run's thread waits for room in the stream's buffer, the
 * stop's interrupt spent, past its grace), then waits to deliver while the run's thread, let go by the consumer,
 * loses, returns the result and completes the handle.
 */
@Timeout(30)
class ResultAfterTheLastEventTest {

    @Test
    void aStreamIsDoneOnlyOnceEveryListenerHasHeardTheLastEvent() throws Exception {
        // given: a listener that holds the last event until released; a stream that gives a piece, then is silent
        CountDownLatch hearing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean heard = new AtomicBoolean();
        AtomicReference<Thread> run = new AtomicReference<>();
        Agent agent = Agent.builder(ScriptedModel.builder().streamedThenStall("half").build())
                .config(AgentConfig.custom().withoutStreamIdleTimeout().interruptGrace(Duration.ofMillis(20)).build())
                .listener(holdingTheLastEvent(run, hearing, release, heard))
                .build();
        RunStream stream = agent.stream("write", 1);
        Iterator<AgentEvent> events = stream.iterator();
        while (!(events.next() instanceof AgentEvent.IterationStarted)) {
            // read this far, the piece has room in the buffer
        }
        while (run.get() == null || run.get().getState() != Thread.State.WAITING) {
            Thread.sleep(1); // the piece is in the buffer and the stream is silent
        }
        stream.cancel("caller"); // the cut call's event waits for room: the supervisor gives up on the run
        assertThat(hearing.await(10, TimeUnit.SECONDS)).as("the supervisor publishes the last event").isTrue();

        // when: the consumer reads the piece, which lets the run's thread go on to its own end
        events.next();
        boolean doneBeforeHeard = false;
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        while (System.nanoTime() < end && !doneBeforeHeard) {
            doneBeforeHeard = stream.isDone() && !heard.get();
        }
        release.countDown();
        stream.close();

        // then
        assertThat(doneBeforeHeard).as("the stream was done before a listener had heard RunTerminated").isFalse();
        assertThat(heard).isTrue();
    }

    private static AgentListener holdingTheLastEvent(AtomicReference<Thread> run, CountDownLatch hearing,
            CountDownLatch release, AtomicBoolean heard) {
        return new AgentListener() {
            @Override
            public void onEvent(AgentEvent event) {
                if (event instanceof AgentEvent.TextDelta) {
                    run.set(Thread.currentThread());
                } else if (event instanceof AgentEvent.RunTerminated) {
                    hearing.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    heard.set(true);
                }
            }

            @Override
            public boolean receivesStreamEvents() {
                return true;
            }
        };
    }
}
