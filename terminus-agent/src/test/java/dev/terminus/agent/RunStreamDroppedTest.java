package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStreams;
import dev.terminus.agent.spi.StreamingModel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Issue 34, item 3: a stream its consumer forgets without closing it does not hold its run forever. */
@Timeout(20)
class RunStreamDroppedTest {
    private static final int COLLECTIONS = 100;

    @Test
    void aRunStreamDroppedWithoutCloseCancelsItsRunOnceCollected() throws Exception {
        // given: a run with no time budget whose model writes without end into a stream of one event, read once
        EndlessStreamingModel model = new EndlessStreamingModel();
        CompletableFuture<RunResult> ended = new CompletableFuture<>();
        readOneEventAndForget(Agent.builder(model).listener(lastResultTo(ended)).build());
        model.awaitRunWaitingForConsumer(1);

        // when
        RunResult result = collectUntil(ended);

        // then: cancelled as close() cancels, its model stream closed and its thread free
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled(RunStream.CLOSED_BY_CONSUMER));
        assertThat(model.awaitClosed()).isTrue();
        assertThat(model.readerEnded()).isTrue();
    }

    @Test
    void aStreamReadThroughItsIteratorAloneIsNotCancelledByTheCollector() {
        // given: a stream only its iterator holds (a for-each over agent.stream(...)), one event read; beside it a
        // forgotten stream, whose end shows that the collector has found the dropped streams
        CompletableFuture<RunResult> witness = new CompletableFuture<>();
        readOneEventAndForget(Agent.builder(new EndlessStreamingModel()).listener(lastResultTo(witness)).build());
        Iterator<AgentEvent> events = Agent.builder(threePieces()).build().stream("go", 1).iterator();
        List<AgentEvent> read = new ArrayList<>(List.of(events.next()));

        // when
        collectUntil(witness);
        events.forEachRemaining(read::add);

        // then
        assertThat(read.getLast()).isInstanceOfSatisfying(AgentEvent.RunTerminated.class, last ->
                assertThat(last.result().termination()).isEqualTo(new Termination.NaturalCompletion()));
        assertThat(read).filteredOn(AgentEvent.TextDelta.class::isInstance).hasSize(3);
    }

    @Test
    void aStreamReadAsTextAloneIsNotCancelledByTheCollector() {
        // given: a stream only its text view holds
        CompletableFuture<RunResult> witness = new CompletableFuture<>();
        readOneEventAndForget(Agent.builder(new EndlessStreamingModel()).listener(lastResultTo(witness)).build());
        Iterator<TextPiece> pieces = Agent.builder(threePieces()).build().stream("go", 1).text().iterator();
        StringBuilder text = new StringBuilder();
        pieces.next().applyTo(text);

        // when
        collectUntil(witness);
        pieces.forEachRemaining(piece -> piece.applyTo(text));

        // then: the whole answer, which a cancelled run would not have written
        assertThat(text).hasToString("a b c");
    }

    private static StreamingModel threePieces() {
        return request -> ModelStreams.of(ModelResponse.text("a b c", Usage.of(3, 3)), "a", " b", " c");
    }

    /** Starts a stream, reads its first event and keeps no reference to it. */
    static void readOneEventAndForget(Agent agent) {
        RunStream stream = agent.stream("write without end", 1);
        assertThat(stream.iterator().next()).isInstanceOf(AgentEvent.RunStarted.class);
    }

    static AgentListener lastResultTo(CompletableFuture<RunResult> ended) {
        return event -> {
            if (event instanceof AgentEvent.RunTerminated last) {
                ended.complete(last.result());
            }
        };
    }

    /** Runs the collector until the run ends, at most {@value #COLLECTIONS} times, waiting for its end after each. */
    static RunResult collectUntil(CompletableFuture<RunResult> ended) {
        for (int i = 0; i < COLLECTIONS; i++) {
            System.gc();
            try {
                return ended.get(50, TimeUnit.MILLISECONDS);
            } catch (TimeoutException notYet) {
                // the stream was not found, or its run is still ending: collect again
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("the run of the dropped stream did not end after " + COLLECTIONS + " collections");
    }
}
