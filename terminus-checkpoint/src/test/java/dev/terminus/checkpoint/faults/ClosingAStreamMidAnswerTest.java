package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.scripted.ScriptedModel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A consumer that closes its stream while the run waits for room in the stream's buffer, pieces of the answer still
 * to come, cancels the run. The streamed fault schedules found runs that went on to finish the answer instead and
 * ended {@code NaturalCompletion}, {@code OutputTruncated} or {@code AgentRefused}: {@code RunStream.close()} emptied
 * the buffer, which let the waiting run go on, before it cancelled the run, so the run could read the rest of the
 * answer before it saw the cancel. The window is a race between two threads, so the case is played many times: before
 * the fix, about one play in fifteen on a 2-vCPU machine ended without the cancel.
 */
@Timeout(60)
class ClosingAStreamMidAnswerTest {
    private static final int PLAYS = 1_000;

    @Test
    void aStreamClosedWhileItsRunWaitsForRoomCancelsTheRunBeforeItReadsTheRestOfTheAnswer() {
        // given: an answer in four pieces, a buffer of one event, a consumer that closes once it has read the first
        List<String> notCancelled = new ArrayList<>();
        for (int play = 0; play < PLAYS; play++) {
            List<String> received = new ArrayList<>();
            Agent agent = Agent.builder(ScriptedModel.builder().streamed("a", "b", "c", "d").build())
                    .listener(piecesInto(received)).build();

            // when
            RunResult result;
            try (RunStream stream = agent.stream("write", 1)) {
                Iterator<AgentEvent> events = stream.iterator();
                while (!(events.next() instanceof AgentEvent.TextDelta)) {
                    // the run waits for room as soon as the consumer is one event behind
                }
                stream.close();
                result = stream.result();
            }

            // then: collected, so that one run's outcome does not hide the others'
            if (!result.termination().equals(new Termination.Cancelled(RunStream.CLOSED_BY_CONSUMER))) {
                notCancelled.add("play " + play + ": " + result.termination() + " after the pieces " + received
                        + ", transcript " + result.transcript());
            }
        }
        assertThat(notCancelled).as("runs of %d whose consumer closed mid-answer but that ended otherwise", PLAYS)
                .isEmpty();
    }

    private static AgentListener piecesInto(List<String> received) {
        return new AgentListener() {
            @Override
            public void onEvent(AgentEvent event) {
                if (event instanceof AgentEvent.TextDelta delta) {
                    received.add(delta.text());
                }
            }

            @Override
            public boolean receivesStreamEvents() {
                return true;
            }
        };
    }
}
