package dev.terminus.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.control.RunClock;
import java.time.Duration;
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
        var dispatcher = new EventDispatcher(List.of(throwing, seen::add), RUN, RunClock.system());

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
        var dispatcher = new EventDispatcher(List.of(tracer, plain::add), RUN, RunClock.system());
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
        var dispatcher = new EventDispatcher(List.of(seen::add), RUN, RunClock.system());
        AgentEvent last = new AgentEvent.GuardTripped("agent", 1, new Termination.NaturalCompletion());

        // when
        dispatcher.publishLast(last);
        dispatcher.publish(started(2));

        // then
        assertThat(seen).containsExactly(last);
    }

    @Test
    void anEventBeingDeliveredWhenTheLastEventsArePublishedIsDeliveredBeforeThem() throws Exception {
        // given: an abandoned run thread is inside a listener with its event when the supervisor publishes the end;
        // the wait for it on a clock that does not move, so that it is the delivery's end that lets the end go
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
        var dispatcher = new EventDispatcher(List.of(slowOnFirst), RUN, new ManualClock());
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

    @Test
    void aDeliveryThatHangsHoldsTheLastEventsUntilTheRunsClockPassesTheirWait() throws Exception {
        // given: an abandoned run thread hangs in a listener with its event
        var seen = new CopyOnWriteArrayList<AgentEvent>();
        var entered = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        AgentListener hangsOnFirst = event -> {
            if (event.equals(started(1))) {
                entered.countDown();
                awaitUninterruptibly(release);
            }
            seen.add(event);
        };
        var clock = new ManualClock();
        var dispatcher = new EventDispatcher(List.of(hangsOnFirst), RUN, clock);
        AgentEvent last = new AgentEvent.GuardTripped("agent", 1, new Termination.NaturalCompletion());
        Thread runThread = Thread.ofVirtual().start(() -> dispatcher.publish(started(1)));
        try {
            assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();

            // when: the supervisor publishes the end, and the run's clock passes the 100 ms it waits
            Thread supervisor = Thread.ofVirtual().start(() -> dispatcher.publishLast(last));
            clock.awaitScheduled(1);
            List<AgentEvent> seenWhileWaiting = List.copyOf(seen);
            clock.advance(Duration.ofMillis(100));
            supervisor.join(Duration.ofSeconds(10));

            // then: held while the clock stood still, delivered without the hung event once it passed the wait
            assertThat(seenWhileWaiting).isEmpty();
            assertThat(supervisor.isAlive()).as("the supervisor still waits").isFalse();
            assertThat(seen).containsExactly(last);
        } finally {
            release.countDown();
            runThread.join(Duration.ofSeconds(5));
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
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
        var dispatcher = new EventDispatcher(List.of(perRun), RUN, RunClock.system());

        // when
        dispatcher.publish(started(1));
        dispatcher.publishLast(started(2));

        // then
        assertThat(runs).hasSize(2).allSatisfy(run -> assertThat(run).isSameAs(RUN));
    }
}
