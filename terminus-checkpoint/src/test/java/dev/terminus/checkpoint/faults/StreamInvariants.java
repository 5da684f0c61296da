package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.agent.StreamStats;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.checkpoint.faults.FaultSchedule.Quit;
import dev.terminus.checkpoint.faults.StreamConsumer.Quitting;
import dev.terminus.checkpoint.faults.StreamConsumer.Reading;
import java.util.ArrayList;
import java.util.List;

/**
 * The invariants of a streamed run, on top of {@link RunInvariants}: the consumer is shown one last event, carrying the
 * result; the transcript holds exactly the text the listeners were shown and not told was discarded, call by call; a
 * consumer that quits by closing or cancelling cancels the run, unless the run had already ended or been stopped.
 */
final class StreamInvariants {

    private StreamInvariants() {}

    /**
     * Checks what the consumer was shown: the first events the agent's own listener received, in the same order, then
     * at most one {@code RunTerminated}, the last, carrying the result the stream gives; exactly one when it read to
     * the end. (Between them, the stream drops an event a run ended from outside was still handing it.)
     *
     * @param reading what the consumer read
     * @param all every event the agent's own listener received, of the run and its resumes
     */
    static void shownOnce(Reading reading, List<AgentEvent> all) {
        List<AgentEvent> shown = reading.shown();
        List<AgentEvent> ends = shown.stream().filter(AgentEvent.RunTerminated.class::isInstance).toList();
        assertThat(ends.size()).as("final events shown to the consumer").isLessThanOrEqualTo(1);
        if (reading.readToTheEnd()) {
            assertThat(ends).as("final events shown to a consumer that read to the end").hasSize(1);
        }
        if (!ends.isEmpty()) {
            assertThat(shown.getLast()).as("the last event shown").isSameAs(ends.getFirst());
            assertThat(((AgentEvent.RunTerminated) ends.getFirst()).result()).as("the result the final event carries")
                    .isEqualTo(reading.result());
        }
        List<AgentEvent> before = ends.isEmpty() ? shown : shown.subList(0, shown.size() - 1);
        assertThat(all.size()).as("events the agent's listener received").isGreaterThan(before.size());
        assertThat(before).as("the events shown before the last: those the agent's listener received first, in order")
                .containsExactlyElementsOf(all.subList(0, before.size()));
        if (!ends.isEmpty()) {
            assertThat(all).as("the final event shown, the first the agent's listener received")
                    .filteredOn(AgentEvent.RunTerminated.class::isInstance).first().isEqualTo(ends.getFirst());
        }
    }

    /**
     * Checks that a consumer that closed the stream or cancelled the run before its end got {@code Cancelled} by its
     * name, unless the run had ended, or had been stopped by the schedule or its deadline, before. A run that ended
     * otherwise must have decided its end before: once it could go no further without seeing the cancel, it started no
     * iteration and was shown no more text (after either, the loop looks at its control before it goes on).
     *
     * @param reading what the consumer read
     * @param all every event the agent's own listener received
     */
    static void quittingCancels(Reading reading, List<AgentEvent> all) {
        Quitting quitting = reading.quitting();
        if (quitting == null || quitting.heldAt() == null || quitting.runEnded() || quitting.stoppedBefore()) {
            return;
        }
        String by = quitting.how().closes() ? RunStream.CLOSED_BY_CONSUMER : StreamConsumer.CONSUMER;
        Termination end = reading.result().termination();
        if (end.equals(new Termination.Cancelled(by))) {
            return;
        }
        int last = 0;
        while (!(all.get(last) instanceof AgentEvent.RunTerminated)) {
            last++;
        }
        assertThat(all.subList(Math.min(quitting.heldAt(), last), last))
                .as("what a run that ended %s, not Cancelled(%s), did after its consumer quit (%s after %d events)",
                        end, by, quitting.how(), quitting.after())
                .noneMatch(event -> event instanceof AgentEvent.TextDelta
                        || event instanceof AgentEvent.IterationStarted);
    }

    /**
     * Checks, call by call, that the text pieces shown of each model call (those after the call's last
     * {@code TextDiscarded}) join to the content of its assistant message in the transcript of every result: whole,
     * marked incomplete when it finished for {@code LENGTH} or {@code CONTENT_FILTER}; or, for the call the run ended
     * in, the transcript's last message, marked incomplete. Each call's {@code StreamStats} count its pieces.
     * Compaction drops the oldest messages: the transcript then holds the latest answers.
     *
     * @param events the events of the run (and its resumes), in order
     * @param results the result of the run and of each resume, in order
     * @param compacts whether the agent compacts its transcript
     */
    static void transcriptHoldsWhatWasShown(List<AgentEvent> events, List<RunResult> results, boolean compacts) {
        Calls calls = new Calls();
        int ended = 0;
        for (int i = 0; i < events.size(); i++) {
            AgentEvent event = events.get(i);
            String where = "event " + i + ", " + event;
            switch (event) {
                case AgentEvent.TextDelta delta -> {
                    calls.noTextLeftBehind(where);
                    calls.text.append(delta.text());
                    calls.pieces++;
                }
                case AgentEvent.TextDiscarded discarded -> {
                    assertThat(discarded.characters()).as("characters discarded, " + where)
                            .isEqualTo(calls.text.length());
                    calls.startOver();
                }
                case AgentEvent.ModelCalled called -> calls.called(called, where);
                case AgentEvent.RunTerminated terminated -> {
                    assertThat(ended).as("results published, " + where).isLessThan(results.size());
                    holds(results.get(ended), calls, compacts);
                    calls.startOver();
                    ended++;
                }
                default -> { }
            }
        }
    }

    private static void holds(RunResult result, Calls calls, boolean compacts) {
        List<Message> transcript = result.transcript();
        List<Message.Assistant> said = new ArrayList<>();
        for (Message message : transcript) {
            if (message instanceof Message.Assistant assistant) {
                said.add(assistant);
            }
        }
        String cut = calls.text.toString();
        if (!cut.isEmpty()) {
            assertThat(transcript.getLast())
                    .as("the last message of a run that ended %s in a call that had shown %s", result.termination(),
                            cut)
                    .isEqualTo(Message.Assistant.incomplete(cut));
            said.removeLast();
        }
        List<String> answers = calls.answers;
        if (compacts) {
            assertThat(said.size()).as("answers in the transcript, of %s", answers).isLessThanOrEqualTo(answers.size());
        } else {
            assertThat(said.size()).as("answers in the transcript, of %s", answers).isEqualTo(answers.size());
        }
        int first = answers.size() - said.size();
        for (int j = 0; j < said.size(); j++) {
            FinishReason finish = calls.finishes.get(first + j);
            assertThat(said.get(j).content()).as("answer %d of %s in the transcript, as its pieces showed it",
                    first + j + 1, answers.size()).isEqualTo(answers.get(first + j));
            assertThat(said.get(j).incomplete()).as("answer %d, finished %s, marked incomplete", first + j + 1, finish)
                    .isEqualTo(finish == FinishReason.LENGTH || finish == FinishReason.CONTENT_FILTER);
        }
    }

    /** The calls of a run so far, as its events showed them. */
    private static final class Calls {
        /** The text of each call that answered, in order. */
        final List<String> answers = new ArrayList<>();
        /** Why each call that answered finished. */
        final List<FinishReason> finishes = new ArrayList<>();
        /** The text of the call under way, or of the last one that failed, not discarded. */
        final StringBuilder text = new StringBuilder();
        /** How many pieces {@link #text} came in. */
        int pieces;
        /** Whether {@link #text} is that of a call that failed. */
        boolean failed;

        void called(AgentEvent.ModelCalled called, String where) {
            noTextLeftBehind(where);
            StreamStats stats = called.stream();
            assertThat(stats).as("the stream of a streaming model's call, " + where).isNotNull();
            assertThat(stats.deltas()).as("pieces counted, " + where).isEqualTo(pieces);
            assertThat(stats.characters()).as("characters counted, " + where).isEqualTo(text.length());
            if (called.error() != null) {
                failed = true;
                return;
            }
            answers.add(text.toString());
            finishes.add(called.finishReason());
            startOver();
        }

        /** A new call, or a new try of one, begins: the text of a failed one must have been discarded. */
        void noTextLeftBehind(String where) {
            assertThat(failed && !text.isEmpty())
                    .as("the text %s of a call that failed, neither discarded nor kept, at %s", text, where).isFalse();
            failed = false;
        }

        void startOver() {
            text.setLength(0);
            pieces = 0;
            failed = false;
        }
    }
}
