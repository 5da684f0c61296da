package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStreams;
import dev.terminus.agent.spi.StreamingModel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class RunStreamTest {
    private static final StreamingModel THREE_PIECES =
            request -> ModelStreams.of(ModelResponse.text("a b c", Usage.of(3, 3)), "a", " b", " c");

    /** A stream that never gives a piece until the reader closes it. */
    private static final StreamingModel SILENT = request -> ModelStreams.feed(1);

    @Test
    void theEventsCanBeReadOnceWhicheverWayTheyAreRead() {
        // given
        RunStream stream = Agent.builder(THREE_PIECES).build().stream("go");
        stream.forEach(event -> {});

        // when / then
        String once = "a RunStream's events can be read once: by iterating, text() or publisher()";
        assertThatThrownBy(stream::iterator).isInstanceOf(IllegalStateException.class).hasMessage(once);
        assertThatThrownBy(stream::text).isInstanceOf(IllegalStateException.class).hasMessage(once);
        assertThatThrownBy(stream::publisher).isInstanceOf(IllegalStateException.class).hasMessage(once);
    }

    @Test
    void aBufferBelowOneEventIsRefusedNamingTheValue() {
        // given
        Agent agent = Agent.builder(THREE_PIECES).build();

        // when / then
        assertThatThrownBy(() -> agent.stream("go", 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the stream's buffer must hold at least 1 event, was 0");
    }

    @Test
    void closingAfterTheLastEventLeavesTheRunsEndAsItWas() {
        // given
        RunStream stream = Agent.builder(THREE_PIECES).build().stream("go");
        stream.forEach(event -> {});

        // when
        stream.close();

        // then
        assertThat(stream.result().termination()).isEqualTo(new Termination.NaturalCompletion());
    }

    @Test
    void aResultAskedForBeforeReadingDropsTheUnreadEventsButTheLast() {
        // given
        RunStream stream = Agent.builder(THREE_PIECES).build().stream("go");

        // when
        RunResult result = stream.result();
        List<AgentEvent> after = new ArrayList<>();
        stream.forEach(after::add);

        // then
        assertThat(after).containsExactly(new AgentEvent.RunTerminated(AgentConfig.ofDefaults().name(), result));
    }

    @Test
    void cancellingNamesWhoAskedInTheTermination() {
        // given
        RunStream stream = Agent.builder(SILENT).build().stream("go");

        // when
        stream.cancel("web-ui");

        // then
        assertThat(stream.result().termination()).isEqualTo(new Termination.Cancelled("web-ui"));
    }

    @Test
    void anInterruptedConsumerCancelsTheRunAndKeepsItsInterrupt() throws Exception {
        // given: a consumer waiting for a piece that never comes
        RunStream stream = Agent.builder(SILENT).build().stream("go");
        CompletableFuture<List<AgentEvent>> seen = new CompletableFuture<>();
        CompletableFuture<Boolean> stillInterrupted = new CompletableFuture<>();
        Thread consumer = Thread.ofVirtual().start(() -> {
            List<AgentEvent> events = new ArrayList<>();
            stream.forEach(events::add);
            stillInterrupted.complete(Thread.currentThread().isInterrupted());
            seen.complete(events);
        });

        // when: interrupted once it waits for the piece, not after a guess of how long it takes to get there
        awaitWaiting(consumer);
        consumer.interrupt();

        // then
        assertThat(seen.get(5, TimeUnit.SECONDS).getLast()).isInstanceOfSatisfying(AgentEvent.RunTerminated.class,
                last -> assertThat(last.result().termination()).isEqualTo(Termination.Cancelled.byThreadInterrupt()));
        assertThat(stillInterrupted.get()).isTrue();
    }

    private static void awaitWaiting(Thread thread) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (thread.getState() != Thread.State.WAITING && thread.getState() != Thread.State.TIMED_WAITING) {
            assertThat(System.nanoTime()).as("%s waits within 10 s", thread).isLessThan(until);
            Thread.sleep(1);
        }
    }

    @Test
    void theAgentsOwnListenersAreNotHandedStreamEventsUnlessTheyAskForThem() {
        // given
        List<AgentEvent> plain = new CopyOnWriteArrayList<>();
        List<AgentEvent> streaming = new CopyOnWriteArrayList<>();
        AgentListener asks = new AgentListener() {
            @Override
            public void onEvent(AgentEvent event) {
                streaming.add(event);
            }

            @Override
            public boolean receivesStreamEvents() {
                return true;
            }
        };
        Agent agent = Agent.builder(THREE_PIECES).listener(plain::add).listener(asks).build();

        // when
        agent.run("go");

        // then
        assertThat(plain).noneMatch(e -> e instanceof AgentEvent.TextDelta);
        assertThat(streaming).filteredOn(e -> e instanceof AgentEvent.TextDelta)
                .extracting(e -> ((AgentEvent.TextDelta) e).text()).containsExactly("a", " b", " c");
    }
}
