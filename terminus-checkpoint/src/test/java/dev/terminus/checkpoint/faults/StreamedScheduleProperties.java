package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.checkpoint.faults.FaultSchedule.Quit;
import dev.terminus.checkpoint.faults.StreamConsumer.Quitting;
import dev.terminus.checkpoint.faults.StreamConsumer.Reading;
import dev.terminus.test.ScaledTries;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.statistics.Statistics;

/**
 * Random streamed runs of the agent loop under random fault schedules, on a manual clock: answers streamed in pieces
 * with gaps, streams that stall with their connection open (some under a stream idle timeout of a few milliseconds),
 * streams cut by every provider error and by a bug, answers that finish for {@code LENGTH} or {@code CONTENT_FILTER},
 * among the other faults of {@link FaultSchedules}; each run read through {@code Agent.stream(task, buffer)} by a
 * consumer that reads at its own pace and may close the stream, cancel the run or stop reading after a generated
 * number of events. Every result keeps every invariant of {@link RunInvariants} and {@link StreamInvariants}.
 */
class StreamedScheduleProperties {

    @Provide
    Arbitrary<FaultSchedule> streamedSchedules() {
        return FaultSchedules.streamedSchedules();
    }

    @Property(shrinking = ShrinkingMode.BOUNDED)
    @ScaledTries(2_000)
    void everyStreamedRunShowsItsConsumerTheTextItsTranscriptHoldsAndOneFinalEvent(
            @ForAll("streamedSchedules") FaultSchedule schedule) throws Exception {
        // given
        FaultRig rig = new FaultRig(schedule);

        // when
        Played played;
        try {
            played = rig.time.drive(() -> play(rig, schedule));
        } finally {
            rig.release();
        }

        // then
        Reading reading = played.reading();
        List<RunResult> results = played.results();
        Statistics.label("termination").collect(results.getLast().termination().tag());
        Quitting quitting = reading.quitting();
        Statistics.label("consumer").collect(quitting == null ? "read to the end"
                : quitting.how() + (quitting.runEnded() ? " once the run had ended"
                        : quitting.heldAt() != null ? " during the run, holding it" : " during the run"));
        Statistics.label("ended on an incomplete answer").collect(results.getFirst().incompleteAnswer().isPresent());
        awaitTheLastEvents(rig, results.size());
        StreamInvariants.shownOnce(reading, rig.events);
        ScheduledCaller.checkResults(rig, schedule, results);
        boolean compacts = schedule.features().compaction() > 0;
        StreamInvariants.transcriptHoldsWhatWasShown(rig.events, results, compacts);
        if (reading.readToTheEnd()) {
            StreamInvariants.transcriptHoldsWhatWasShown(reading.shown(), List.of(reading.result()), compacts);
        }
        StreamInvariants.quittingCancels(reading, rig.events);
        for (int i = 0; i < results.size(); i++) {
            String cancelledBy = RunInvariants.cancelledBy(results.get(i));
            if (cancelledBy != null) {
                assertThat(cancelledBy).as("who cancelled result %d", i)
                        .isIn(cancellers(schedule, i == 0 ? reading : null));
            }
        }
    }

    /**
     * Waits, 10 s at most, until the agent's listener has heard as many {@code RunTerminated} as there are results: a
     * run's thread and its supervisor may both publish, and the one that loses gives the result before the one that
     * wins has delivered it ({@link ResultAfterTheLastEventTest}). That the result and its events agree, one each and
     * last, is checked after.
     */
    private static void awaitTheLastEvents(FaultRig rig, int results) throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        while (rig.events.stream().filter(AgentEvent.RunTerminated.class::isInstance).count() < results
                && System.nanoTime() < end) {
            Thread.sleep(1);
        }
    }

    /** The run's result and those of its resumes, with what its consumer was shown. */
    private record Played(Reading reading, List<RunResult> results) {}

    /** Reads the schedule's run as its consumer does, then answers its approval gates one by one. */
    private static Played play(FaultRig rig, FaultSchedule schedule) throws InterruptedException {
        Integer cancelAtMs = schedule.caller().cancelAtMs();
        if (cancelAtMs != null) {
            rig.clock.schedule(cancelAtMs * 1_000_000L, rig::cancel);
        }
        Reading reading = StreamConsumer.read(rig, schedule);
        Thread.interrupted();
        rig.caller = Thread.currentThread(); // the resumes run on the caller's thread: a cancel interrupts it
        return new Played(reading, ScheduledCaller.answerGates(rig, schedule, reading.result()));
    }

    /** @return who may have cancelled a result: the schedule's caller, or (the run's own) its consumer as it quit */
    private static List<String> cancellers(FaultSchedule schedule, Reading reading) {
        List<String> cancellers = new ArrayList<>();
        if (schedule.caller().cancelAtMs() != null || schedule.caller().cancelAtEvent() != null) {
            cancellers.add(FaultRig.CANCELLER);
            cancellers.add(Termination.Cancelled.THREAD_INTERRUPT);
        }
        Quitting quitting = reading == null ? null : reading.quitting();
        if (quitting != null && quitting.how().closes()) {
            cancellers.add(RunStream.CLOSED_BY_CONSUMER);
        } else if (quitting != null && quitting.how() == Quit.CANCEL) {
            cancellers.add(StreamConsumer.CONSUMER);
        }
        return cancellers;
    }
}
