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
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.adapter.JdkFlowAdapter;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** Issue 34, item 4: a streamed run's events for Reactor and WebFlux users, as a {@link Flow.Publisher}. */
@Timeout(20)
class RunStreamPublisherTest {
    private static final StreamingModel THREE_PIECES =
            request -> ModelStreams.of(ModelResponse.text("a b c", Usage.of(3, 3)), "a", " b", " c");

    @Test
    void thePublishersDemandIsTheRunsBackpressure() {
        // given: a model that writes without end, a stream of one event
        EndlessStreamingModel model = new EndlessStreamingModel();
        RunStream stream = Agent.builder(model).build().stream("write without end", 1);
        Flux<AgentEvent> events = JdkFlowAdapter.flowPublisherToFlux(stream.publisher());

        // when / then: one event asked for, one delivered, and the run waits after its first piece; two more asked
        // for, two more delivered, and the run waits after its third
        StepVerifier.create(events, 1)
                .expectNextMatches(AgentEvent.RunStarted.class::isInstance)
                .then(() -> model.awaitRunWaitingForConsumer(1))
                .then(() -> assertThat(model.pieces()).isEqualTo(1))
                .thenRequest(2)
                .expectNextMatches(AgentEvent.IterationStarted.class::isInstance)
                .expectNext(new AgentEvent.TextDelta(AgentConfig.ofDefaults().name(), 1, "piece 1 "))
                .then(() -> model.awaitRunWaitingForConsumer(3))
                .then(() -> assertThat(model.pieces()).isEqualTo(3))
                .then(() -> assertThat(stream.isDone()).isFalse())
                .thenCancel()
                .verify();
        assertThat(stream.result().termination()).isEqualTo(new Termination.Cancelled(RunStream.CLOSED_BY_CONSUMER));
    }

    @Test
    void cancellingTheSubscriptionCancelsTheRunAsClosingDoes() throws Exception {
        // given
        EndlessStreamingModel model = new EndlessStreamingModel();
        RunStream stream = Agent.builder(model).build().stream("write without end", 1);

        // when
        StepVerifier.create(JdkFlowAdapter.flowPublisherToFlux(stream.publisher()), 1)
                .expectNextMatches(AgentEvent.RunStarted.class::isInstance)
                .then(() -> model.awaitRunWaitingForConsumer(1)) // its model stream open
                .thenCancel()
                .verify();

        // then: the run ends, its model stream closed
        assertThat(stream.result().termination()).isEqualTo(new Termination.Cancelled(RunStream.CLOSED_BY_CONSUMER));
        assertThat(model.awaitClosed()).isTrue();
    }

    @Test
    void theEventsEndWithTheRunTerminatedCarryingTheResultThenComplete() {
        // given
        RunStream stream = Agent.builder(THREE_PIECES).build().stream("go", 1);
        List<AgentEvent> events = new ArrayList<>();

        // when
        StepVerifier.create(JdkFlowAdapter.flowPublisherToFlux(stream.publisher()))
                .recordWith(() -> events)
                .thenConsumeWhile(event -> true)
                .verifyComplete();

        // then
        RunResult result = stream.result();
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(events.getFirst()).isInstanceOf(AgentEvent.RunStarted.class);
        assertThat(events.getLast()).isEqualTo(new AgentEvent.RunTerminated(AgentConfig.ofDefaults().name(), result));
        assertThat(events).filteredOn(AgentEvent.TextDelta.class::isInstance)
                .extracting(event -> ((AgentEvent.TextDelta) event).text()).containsExactly("a", " b", " c");
    }

    @Test
    void aSubscribedPublisherKeepsItsRunWhenTheStreamIsDropped() {
        // given: a publisher subscribed to as WebFlux would, nothing else holding its stream; and a forgotten stream,
        // whose end shows that the collector has found the dropped streams
        CompletableFuture<RunResult> witness = new CompletableFuture<>();
        RunStreamDroppedTest.readOneEventAndForget(Agent.builder(new EndlessStreamingModel())
                .listener(RunStreamDroppedTest.lastResultTo(witness)).build());
        Flux<AgentEvent> events = JdkFlowAdapter.flowPublisherToFlux(
                Agent.builder(THREE_PIECES).build().stream("go", 1).publisher());

        // when / then
        StepVerifier.create(events, 1)
                .expectNextMatches(AgentEvent.RunStarted.class::isInstance)
                .then(() -> RunStreamDroppedTest.collectUntil(witness))
                .thenRequest(Long.MAX_VALUE)
                .thenConsumeWhile(event -> !(event instanceof AgentEvent.RunTerminated))
                .assertNext(last -> assertThat(((AgentEvent.RunTerminated) last).result().termination())
                        .isEqualTo(new Termination.NaturalCompletion()))
                .verifyComplete();
    }

    @Test
    void aNullSubscriberIsRefused() {
        // given
        Flow.Publisher<AgentEvent> publisher = Agent.builder(THREE_PIECES).build().stream("go").publisher();

        // when / then: Reactive Streams rule 1.9
        assertThatThrownBy(() -> publisher.subscribe(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("subscriber");
    }

    @Test
    void aRequestForNoEventEndsTheSubscriptionWithAnErrorAndCancelsTheRun() throws Exception {
        // given
        RunStream stream = Agent.builder(new EndlessStreamingModel()).build().stream("write without end", 1);
        Recorder subscriber = new Recorder();
        stream.publisher().subscribe(subscriber);

        // when: Reactive Streams rule 3.9
        subscriber.subscription.get(5, TimeUnit.SECONDS).request(0);

        // then
        assertThat(subscriber.error.get(5, TimeUnit.SECONDS)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a subscriber must request at least 1 event (Reactive Streams rule 3.9), requested 0");
        assertThat(stream.result().termination()).isEqualTo(new Termination.Cancelled(RunStream.CLOSED_BY_CONSUMER));
        assertThat(subscriber.events).isEmpty();
    }

    @Test
    void aSecondSubscriberGetsAnErrorAndTheFirstTheEvents() throws Exception {
        // given
        RunStream stream = Agent.builder(THREE_PIECES).build().stream("go");
        Flow.Publisher<AgentEvent> publisher = stream.publisher();
        Recorder first = new Recorder();
        Recorder second = new Recorder();
        publisher.subscribe(first);

        // when
        publisher.subscribe(second);
        first.subscription.get(5, TimeUnit.SECONDS).request(Long.MAX_VALUE);

        // then
        assertThat(second.error.get(5, TimeUnit.SECONDS)).isInstanceOf(IllegalStateException.class)
                .hasMessage("a RunStream's publisher takes one subscriber, and it has one already");
        assertThat(first.completed.get(5, TimeUnit.SECONDS)).isTrue();
        assertThat(first.events.getLast()).isInstanceOf(AgentEvent.RunTerminated.class);
        assertThat(second.events).isEmpty();
    }

    /** A subscriber that records its signals. */
    private static final class Recorder implements Flow.Subscriber<AgentEvent> {
        final CompletableFuture<Flow.Subscription> subscription = new CompletableFuture<>();
        final List<AgentEvent> events = new CopyOnWriteArrayList<>();
        final CompletableFuture<Throwable> error = new CompletableFuture<>();
        final CompletableFuture<Boolean> completed = new CompletableFuture<>();

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription.complete(s);
        }

        @Override
        public void onNext(AgentEvent item) {
            events.add(item);
        }

        @Override
        public void onError(Throwable throwable) {
            error.complete(throwable);
        }

        @Override
        public void onComplete() {
            completed.complete(true);
        }
    }
}
