package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run cut mid-answer while its stream's consumer lags keeps the text the consumer is shown. The streamed fault
 * schedules found runs whose consumer was shown a piece that their transcript did not hold: the loop published the
 * cut call's {@code ModelCalled} before it kept the text that had arrived; with the buffer full, that publication
 * waited for the consumer (the stop's interrupt was spent on the stream's wait already), so the run was ended from
 * outside at the end of its interrupt grace, with its transcript as it was, while the piece stayed in the buffer for
 * the consumer to read.
 */
@Timeout(30)
class CuttingAStreamAheadOfItsConsumerTest {

    @Test
    void aRunCancelledWhileItsConsumerHasNotReadTheLastPieceKeepsThatPieceInItsTranscript() throws Exception {
        // given: one piece, then a stream silent until interrupted; a buffer of one event; a grace of 50 ms
        CompletableFuture<Thread> runThread = new CompletableFuture<>();
        Agent agent = Agent.builder(ScriptedModel.builder().streamedThenStall("half an answer").build())
                .config(AgentConfig.custom().withoutStreamIdleTimeout().interruptGrace(Duration.ofMillis(50)).build())
                .listener(threadOfTheFirstPiece(runThread))
                .build();
        RunStream stream = agent.stream("write", 1);
        Iterator<AgentEvent> events = stream.iterator();
        List<AgentEvent> shown = new ArrayList<>();
        AgentEvent read;
        do {
            read = events.next();
            shown.add(read);
        } while (!(read instanceof AgentEvent.IterationStarted)); // read this far, the piece has room in the buffer
        Thread run = runThread.get();
        while (run.getState() != Thread.State.WAITING) {
            Thread.sleep(1); // the piece is in the buffer and the stream is silent
        }

        // when: the run is cancelled while its consumer has not read the piece, and the consumer reads it afterwards
        stream.cancel("caller");
        while (!stream.isDone()) {
            Thread.sleep(1); // the consumer lags: it reads nothing until the run is over
        }
        events.forEachRemaining(shown::add);
        RunResult result = stream.result();
        stream.close();

        // then
        assertThat(shown).contains(new AgentEvent.TextDelta(agent.config().name(), 1, "half an answer"));
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("caller"));
        assertThat(result.transcript().getLast()).isEqualTo(Message.Assistant.incomplete("half an answer"));
    }

    private static AgentListener threadOfTheFirstPiece(CompletableFuture<Thread> thread) {
        return new AgentListener() {
            @Override
            public void onEvent(AgentEvent event) {
                if (event instanceof AgentEvent.TextDelta) {
                    thread.complete(Thread.currentThread());
                }
            }

            @Override
            public boolean receivesStreamEvents() {
                return true;
            }
        };
    }
}
