package dev.terminus.agent.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Usage;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class ModelStreamsTest {
    private static final ModelResponse HELLO = ModelResponse.text("Hello", Usage.of(2, 1));
    private static final long LONG_WAIT = TimeUnit.SECONDS.toNanos(5);

    @Test
    void aPlayedStreamGivesItsPiecesSkippingEmptyOnesThenItsResponse() throws Exception {
        // given
        ModelStream stream = ModelStreams.of(HELLO, "He", "", "llo");

        // when / then
        assertThat(stream.next(0)).isEqualTo(StreamPart.text("He"));
        assertThat(stream.next(0)).isEqualTo(StreamPart.text("llo"));
        assertThat(stream.next(0)).isEqualTo(StreamPart.finished(HELLO));
        assertThatThrownBy(() -> stream.next(0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("finished");
    }

    @Test
    void aFeedGivesWhatItsProducerSentInOrderAndThenTheEnd() throws Exception {
        // given
        ModelStreams.Feed feed = ModelStreams.feed(8);

        // when
        feed.text("a");
        feed.text("");
        feed.text("b");
        feed.finish(HELLO);
        feed.text("after the end");

        // then
        assertThat(feed.next(LONG_WAIT)).isEqualTo(StreamPart.text("a"));
        assertThat(feed.next(LONG_WAIT)).isEqualTo(StreamPart.text("b"));
        assertThat(feed.next(LONG_WAIT)).isEqualTo(StreamPart.finished(HELLO));
    }

    @Test
    void aFeedWithNothingNewWithinTheTimeoutGivesNullAndStaysOpen() throws Exception {
        // given
        ModelStreams.Feed feed = ModelStreams.feed(8);

        // when
        StreamPart silent = feed.next(TimeUnit.MILLISECONDS.toNanos(20));
        feed.text("late");

        // then
        assertThat(silent).isNull();
        assertThat(feed.next(LONG_WAIT)).isEqualTo(StreamPart.text("late"));
    }

    @Test
    void aFailureReachesTheReaderAfterThePiecesSentBeforeIt() throws Exception {
        // given
        ModelStreams.Feed feed = ModelStreams.feed(8);
        ModelException.Timeout reset = new ModelException.Timeout("connection reset", null);

        // when
        feed.text("partial");
        feed.fail(reset);

        // then
        assertThat(feed.next(LONG_WAIT)).isEqualTo(StreamPart.text("partial"));
        assertThatThrownBy(() -> feed.next(LONG_WAIT)).isSameAs(reset);
    }

    @Test
    void aProducerThatGetsCapacityPiecesAheadWaitsForTheReader() throws Exception {
        // given: a feed of 2 and a producer of 3 pieces
        ModelStreams.Feed feed = ModelStreams.feed(2);
        AtomicInteger sent = new AtomicInteger();
        CountDownLatch twoSent = new CountDownLatch(2);
        CompletableFuture<Void> producer = CompletableFuture.runAsync(() -> {
            try {
                for (String piece : new String[] {"1", "2", "3"}) {
                    feed.text(piece);
                    sent.incrementAndGet();
                    twoSent.countDown();
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });

        // when
        assertThat(twoSent.await(5, TimeUnit.SECONDS)).isTrue();
        int sentBeforeReading = sent.get();
        StreamPart first = feed.next(LONG_WAIT);
        producer.get(5, TimeUnit.SECONDS);

        // then
        assertThat(sentBeforeReading).isEqualTo(2);
        assertThat(first).isEqualTo(StreamPart.text("1"));
        assertThat(sent).hasValue(3);
    }

    @Test
    void closingBeforeTheEndCancelsTheCallOnceAndReleasesAWaitingProducer() throws Exception {
        // given: a full feed whose producer waits
        ModelStreams.Feed feed = ModelStreams.feed(1);
        AtomicInteger cancels = new AtomicInteger();
        feed.onClose(cancels::incrementAndGet);
        feed.text("fills it");
        CompletableFuture<Void> producer = CompletableFuture.runAsync(() -> {
            try {
                feed.text("waits");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });

        // when
        feed.close();
        feed.close();

        // then
        producer.get(5, TimeUnit.SECONDS);
        assertThat(cancels).hasValue(1);
        assertThatThrownBy(() -> feed.next(0)).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    @Test
    void closingAfterTheProviderFinishedCancelsNothing() {
        // given
        ModelStreams.Feed feed = ModelStreams.feed(4);
        AtomicInteger cancels = new AtomicInteger();
        feed.onClose(cancels::incrementAndGet);
        feed.finish(HELLO);

        // when
        feed.close();

        // then
        assertThat(cancels).hasValue(0);
    }

    @Test
    void aCancelGivenAfterTheReaderClosedRunsAtOnce() {
        // given: the reader closed before the provider's call handed over its cancel
        ModelStreams.Feed feed = ModelStreams.feed(4);
        feed.close();
        AtomicInteger cancels = new AtomicInteger();

        // when
        feed.onClose(cancels::incrementAndGet);

        // then
        assertThat(cancels).hasValue(1);
    }

    @Test
    void aFeedOfNoCapacityIsRefusedNamingTheValue() {
        assertThatThrownBy(() -> ModelStreams.feed(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("capacity must be at least 1, was 0");
    }

    @Test
    void aWaitOfNoTimeOnAnEmptyFeedReturnsAtOnce() throws Exception {
        // given
        ModelStreams.Feed feed = ModelStreams.feed(1);

        // when
        StreamPart part = feed.next(Duration.ZERO.toNanos());

        // then
        assertThat(part).isNull();
    }

    @Test
    void aWholeAnswerOfASilentStreamFailsAsARetryableTimeoutNamingTheModelAndTheSetting() {
        // given: a streaming model whose stream never gives a piece
        StreamingModel silent = new StreamingModel() {
            @Override
            public ModelStream stream(ModelRequest request) {
                return ModelStreams.feed(1);
            }

            @Override
            public String name() {
                return "quiet-1";
            }
        };

        // when / then
        assertThatThrownBy(() -> ModelStreams.whole(silent, REQUEST, Duration.ofMillis(30)))
                .isInstanceOfSatisfying(ModelException.Timeout.class, e -> assertThat(e.isRetryable()).isTrue())
                .hasMessage("the stream of model quiet-1 was silent for 30 ms (streamIdleTimeout)");
    }

    @Test
    void aWholeAnswerOfAPlainModelIsItsChatAnswer() throws Exception {
        // given
        Model plain = request -> HELLO;

        // when
        ModelResponse answer = ModelStreams.whole(plain, REQUEST, Duration.ofMillis(30));

        // then
        assertThat(answer).isSameAs(HELLO);
    }

    private static final ModelRequest REQUEST =
            new ModelRequest(java.util.List.of(new dev.terminus.Message.User("hi")), java.util.List.of(), null);
}
