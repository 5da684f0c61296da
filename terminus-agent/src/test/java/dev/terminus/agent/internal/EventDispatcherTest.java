package dev.terminus.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EventDispatcherTest {
    private static final RunState RUN = new RunState("agent", 0);

    private static AgentEvent started(int iteration) {
        return new AgentEvent.IterationStarted("agent", iteration);
    }

    @Test
    void aListenerThatThrowsIsSkippedAndTheOthersStillGetTheEvent() {
        // given
        var seen = new CopyOnWriteArrayList<AgentEvent>();
        AgentListener throwing = event -> {
            throw new IllegalStateException("boom");
        };
        var dispatcher = new EventDispatcher(List.of(throwing, seen::add), RUN);

        // when
        dispatcher.publish(started(1));

        // then
        assertThat(seen).containsExactly(started(1));
    }

    @Test
    void aListenerOfToolStartsGetsThemWithoutTheTextsPiecesAndOthersGetNeither() {
        // given
        var starts = new CopyOnWriteArrayList<AgentEvent>();
        var plain = new CopyOnWriteArrayList<AgentEvent>();
        AgentListener tracer = new AgentListener() {
            @Override
            public void onEvent(AgentEvent event) {
                starts.add(event);
            }

            @Override
            public boolean receivesToolStarts() {
                return true;
            }
        };
        var dispatcher = new EventDispatcher(List.of(tracer, plain::add), RUN);
        AgentEvent toolStarted = new AgentEvent.ToolStarted("agent", 1, "search", "call_1");
        AgentEvent piece = new AgentEvent.TextDelta("agent", 1, "Hel");

        // when
        dispatcher.publish(toolStarted);
        dispatcher.publish(piece);

        // then
        assertThat(dispatcher.toolStarts()).isTrue();
        assertThat(dispatcher.streaming()).isFalse();
        assertThat(starts).containsExactly(toolStarted);
        assertThat(plain).isEmpty();
    }

    @Test
    void nothingPublishedAfterTheLastEventsIsDelivered() {
        // given
        var seen = new CopyOnWriteArrayList<AgentEvent>();
        var dispatcher = new EventDispatcher(List.of(seen::add), RUN);
        AgentEvent last = new AgentEvent.GuardTripped("agent", 1, new Termination.NaturalCompletion());

        // when
        dispatcher.publishLast(last);
        dispatcher.publish(started(2));

        // then
        assertThat(seen).containsExactly(last);
    }

    @Test
    void anEventBeingDeliveredWhenTheLastEventsArePublishedIsDeliveredBeforeThem() throws Exception {
        // given: an abandoned run thread is inside a listener with its event when the supervisor publishes the end
        var seen = new CopyOnWriteArrayList<AgentEvent>();
        var entered = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        AgentListener slowOnFirst = event -> {
            if (event.equals(started(1))) {
                entered.countDown();
                try {
                    release.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            seen.add(event);
        };
        // a wait no paused test thread outlasts: the 100 ms a run uses raced the release below on a loaded machine
        var dispatcher = new EventDispatcher(List.of(slowOnFirst), RUN, TimeUnit.SECONDS.toMillis(30));
        AgentEvent last = new AgentEvent.GuardTripped("agent", 1, new Termination.NaturalCompletion());
        Thread runThread = Thread.ofVirtual().start(() -> dispatcher.publish(started(1)));
        assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();

        // when
        Thread supervisor = Thread.ofVirtual().start(() -> dispatcher.publishLast(last));
        awaitParkedOrEnded(supervisor);
        release.countDown();
        supervisor.join(5_000);
        runThread.join(5_000);

        // then
        assertThat(seen).containsExactly(started(1), last);
    }

    /**
     * Waits until the thread has parked (the supervisor, waiting for the delivery under way) or ended (a dispatcher
     * that does not wait): the supervisor's only blocking before it delivers is that wait, and nothing in it signals.
     */
    private static void awaitParkedOrEnded(Thread thread) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        Set<Thread.State> parkedOrEnded = EnumSet.of(Thread.State.WAITING, Thread.State.TIMED_WAITING,
                Thread.State.TERMINATED);
        while (!parkedOrEnded.contains(thread.getState())) {
            assertThat(System.nanoTime()).as("the thread parked or ended within 5 s").isLessThan(end);
            Thread.onSpinWait();
        }
    }

    @Test
    void everyListenerGetsTheRunTheEventBelongsTo() {
        // given
        var runs = new CopyOnWriteArrayList<dev.terminus.agent.RunContext>();
        AgentListener perRun = new AgentListener() {
            @Override
            public void onEvent(AgentEvent event) {
                throw new AssertionError("the loop calls the two-argument method");
            }

            @Override
            public void onEvent(dev.terminus.agent.RunContext run, AgentEvent event) {
                runs.add(run);
            }
        };
        var dispatcher = new EventDispatcher(List.of(perRun), RUN);

        // when
        dispatcher.publish(started(1));
        dispatcher.publishLast(started(2));

        // then
        assertThat(runs).hasSize(2).allSatisfy(run -> assertThat(run).isSameAs(RUN));
    }
}
