package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.checkpoint.faults.FaultSchedule.Consumer;
import dev.terminus.checkpoint.faults.FaultSchedule.Quit;
import dev.terminus.checkpoint.faults.FaultSchedule.Streaming;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The consumer of a streamed schedule: starts the run with {@code Agent.stream(task, buffer)}, reads its events at
 * its own pace (pauses on the run's clock), and quits after as many events as the schedule says: it closes the
 * stream, cancels the run by its own name and reads on, or stops reading and waits for the result.
 */
final class StreamConsumer {
    /** Who a consumer that cancels says cancelled the run. */
    static final String CONSUMER = "consumer";

    private StreamConsumer() {}

    /**
     * What the consumer was shown.
     *
     * @param shown the events it read, in order
     * @param result what {@code RunStream.result()} returned
     * @param quitting when and how it quit before the last event, or null when it read to the end
     */
    record Reading(List<AgentEvent> shown, RunResult result, @Nullable Quitting quitting) {

        /** @return whether the consumer read to the last event: it did not quit, or quit by cancelling */
        boolean readToTheEnd() {
            return quitting == null || quitting.how() == Quit.CANCEL;
        }
    }

    /**
     * The moment the consumer quit.
     *
     * @param how how it quit
     * @param after how many events it had read
     * @param heldAt how many events the agent's own listener had received when the run could go no further without
     *     seeing the consumer's cancel: once a cancel had returned, or when a close began while the run waited for
     *     room in the full buffer; null when the consumer closed while the run was free to go on, or stopped reading
     * @param runEnded whether the run had ended before
     * @param stoppedBefore whether the run had been stopped before: by the schedule's cancel, or at its deadline
     */
    record Quitting(Quit how, int after, @Nullable Integer heldAt, boolean runEnded, boolean stoppedBefore) {}

    /**
     * Starts the schedule's run as a stream and reads it as the schedule's consumer does. The stream is closed on the
     * way out, after the result (which it must not change).
     *
     * @param rig the schedule's agent
     * @param schedule a streamed schedule
     * @return what the consumer was shown
     * @throws InterruptedException when the consumer is interrupted in a pause
     */
    static Reading read(FaultRig rig, FaultSchedule schedule) throws InterruptedException {
        Streaming streaming = Objects.requireNonNull(schedule.streaming(), "a streamed schedule");
        Consumer consumer = streaming.consumer();
        Integer budgetMs = schedule.limits().timeBudgetMs();
        long deadline = budgetMs == null ? Long.MAX_VALUE : rig.clock.nanoTime() + budgetMs * 1_000_000L;
        List<AgentEvent> shown = new ArrayList<>();
        Quitting quitting = null;
        RunResult result;
        try (RunStream stream = rig.agent.stream("task", streaming.buffer())) {
            rig.stream.complete(stream);
            while (rig.events.size() < 2 && !stream.isDone()) {
                // the run's thread joins the virtual time at its first event, after RunStarted: until then it is not
                // watched, and the clock must not move for want of it (a deadline would pass before its first look)
                Thread.yield();
            }
            Iterator<AgentEvent> events = stream.iterator();
            while (events.hasNext()) {
                shown.add(events.next());
                if (Objects.equals(consumer.quitAfter(), shown.size()) && events.hasNext()) {
                    quitting = quit(rig, stream, consumer.quit(), shown.size(), streaming.buffer(), deadline);
                    if (consumer.quit() != Quit.CANCEL) {
                        break;
                    }
                }
                if (consumer.paceMs() > 0 && shown.size() % consumer.paceEvery() == 0) {
                    rig.clock.sleep(consumer.paceMs() * 1_000_000L);
                }
            }
            result = stream.result();
            assertThat(stream.isDone()).as("a stream that gave its result is done").isTrue();
            assertThat(stream.result()).as("the result asked again").isEqualTo(result);
        }
        return new Reading(List.copyOf(shown), result, quitting);
    }

    private static Quitting quit(FaultRig rig, RunStream stream, Quit how, int read, int buffer, long deadline) {
        // every event goes to the agent's listener, then to the stream: one more than the buffer holds past those
        // read is one that waits for room, and the run with it
        for (int spins = 0; how == Quit.CLOSE_WHILE_THE_RUN_WAITS && spins < 2_000
                && rig.events.size() - read <= buffer && !stream.isDone(); spins++) {
            Thread.yield();
        }
        int received = rig.events.size();
        boolean ended = stream.isDone();
        boolean stopped = rig.cancelled || rig.clock.nanoTime() >= deadline;
        switch (how) {
            case CANCEL -> {
                stream.cancel(CONSUMER);
                return new Quitting(how, read, rig.events.size(), ended, stopped);
            }
            case CLOSE, CLOSE_WHILE_THE_RUN_WAITS -> {
                stream.close();
                return new Quitting(how, read, received - read > buffer ? received : null, ended, stopped);
            }
            default -> {
                return new Quitting(how, read, null, ended, stopped);
            }
        }
    }
}
