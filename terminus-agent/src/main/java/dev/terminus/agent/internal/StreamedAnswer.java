package dev.terminus.agent.internal;

import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.StreamStats;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelStreams;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.StreamPart;
import dev.terminus.agent.spi.StreamingModel;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The text of the model call under way, as it arrives: read from a {@link StreamingModel}'s stream piece by piece, or
 * from a plain model's answer as one piece. It keeps what arrived, so a call cut short leaves its text to the
 * transcript, and hands each piece to the listeners that receive stream events. One per run, reused by every call;
 * its methods are synchronized because an uninterruptible model's call runs on a thread of its own, which the run's
 * thread stops waiting for at the deadline (ADR 0027).
 */
final class StreamedAnswer {
    private final AgentRun run;
    private final @Nullable StreamingModel streaming;
    private final Model model;
    /** How long a stream may be silent, in nanoseconds; {@code Long.MAX_VALUE} when it may be silent for good. */
    private final long idleNanos;
    private final StringBuilder text = new StringBuilder();
    private int deltas;
    private long startNanos;
    private long firstTextNanos = -1;
    private StreamStats.@Nullable End end;
    /** Whether a streamed call is under way: begun, and neither finished nor settled by the caller. */
    private boolean inFlight;

    StreamedAnswer(AgentRun run, Model model, @Nullable Duration idleTimeout) {
        this.run = run;
        this.model = model;
        this.streaming = model instanceof StreamingModel s ? s : null;
        this.idleNanos = idleTimeout == null ? Long.MAX_VALUE : idleTimeout.toNanos();
    }

    /** @return whether the model streams its answers */
    boolean streams() {
        return streaming != null;
    }

    /**
     * Makes one call and reads its answer to the end.
     *
     * @param timed whether the time to the first piece is measured (some listener will get it)
     */
    ModelResponse call(ModelRequest request, boolean timed) throws Exception {
        if (streaming == null) {
            // a whole answer: one piece for the listeners that want pieces, and no text kept (none is ever cut)
            ModelResponse answer = model.chat(request);
            EventDispatcher events = run.events();
            if (events.streaming() && answer != null && !answer.message().content().isEmpty()) {
                events.publish(new AgentEvent.TextDelta(run.state().agentName(), run.state().iteration,
                        answer.message().content()));
            }
            return answer;
        }
        begin(timed);
        ModelStream stream = streaming.stream(request);
        if (stream == null) {
            throw new IllegalStateException("model " + run.model().name() + " returned no stream");
        }
        try {
            while (true) {
                StreamPart part;
                try {
                    part = stream.next(idleNanos);
                } catch (InterruptedException e) {
                    ended(StreamStats.End.CUT);
                    throw e;
                } catch (Exception e) {
                    ended(StreamStats.End.FAILED);
                    throw e;
                }
                switch (part) {
                    case null -> {
                        ended(StreamStats.End.IDLE_TIMEOUT);
                        throw ModelStreams.silent(run.model().name(), idleNanos);
                    }
                    case StreamPart.TextDelta delta -> {
                        piece(delta.text(), timed);
                        // a stream whose pieces come without a pause never blocks where an interrupt is seen: the run
                        // looks at its control between pieces (one volatile read)
                        if (run.control().interruption() != null) {
                            ended(StreamStats.End.CUT);
                            throw new InterruptedException("the run was stopped mid-stream");
                        }
                    }
                    case StreamPart.Finished finished -> {
                        FinishReason reason = finished.response().finishReason();
                        ended(reason == FinishReason.LENGTH ? StreamStats.End.LENGTH
                                : reason == FinishReason.CONTENT_FILTER ? StreamStats.End.CONTENT_FILTER
                                : StreamStats.End.FINISHED);
                        return finished.response();
                    }
                }
            }
        } finally {
            stream.close(); // before its end, this cancels the call on the wire
        }
    }

    private synchronized void begin(boolean timed) {
        text.setLength(0);
        deltas = 0;
        firstTextNanos = -1;
        end = null;
        inFlight = true;
        startNanos = timed ? run.clock().nanoTime() : 0;
    }

    private void piece(String delta, boolean timed) {
        synchronized (this) {
            if (deltas == 0 && timed) {
                firstTextNanos = run.clock().nanoTime() - startNanos;
            }
            deltas++;
            text.append(delta);
        }
        EventDispatcher events = run.events();
        if (events.streaming()) {
            events.publish(new AgentEvent.TextDelta(run.state().agentName(), run.state().iteration, delta));
        }
    }

    private synchronized void ended(StreamStats.End how) {
        if (end == null) {
            end = how;
        }
        if (how != StreamStats.End.CUT && how != StreamStats.End.FAILED && how != StreamStats.End.IDLE_TIMEOUT) {
            inFlight = false;
        }
    }

    /**
     * The text of the call under way when the run is ended from outside (abandoned at its deadline while its thread
     * is still in the call), and the call is settled: the run's own thread will not keep it again.
     *
     * @return the text that arrived, or null when no call is under way or none arrived
     */
    synchronized @Nullable String settleInFlight() {
        if (!inFlight || deltas == 0) {
            return null;
        }
        inFlight = false;
        return text.toString();
    }

    /**
     * The run ends on the last call: its text, when some arrived and the call was not settled already (by an
     * abandoning supervisor, whose result holds it), goes to the transcript.
     *
     * @return the text to keep, or null
     */
    synchronized @Nullable String settle() {
        boolean keep = inFlight && deltas > 0;
        inFlight = false;
        return keep ? text.toString() : null;
    }

    /**
     * The last call failed and is made again: its text is void. The listeners that saw it are told.
     *
     * @param failure why it failed
     */
    void discard(Exception failure) {
        int characters;
        synchronized (this) {
            inFlight = false;
            if (deltas == 0) {
                return;
            }
            characters = text.length();
            text.setLength(0);
            deltas = 0;
        }
        EventDispatcher events = run.events();
        if (events.streaming()) {
            events.publish(new AgentEvent.TextDiscarded(run.state().agentName(), run.state().iteration, characters,
                    failure.getClass().getName()));
        }
    }

    /**
     * @param cut whether the run cut the call (deadline, cancel) rather than it failing by itself
     * @return how the last call streamed, for its event; null when the model does not stream
     */
    synchronized @Nullable StreamStats stats(boolean cut) {
        if (streaming == null) {
            return null;
        }
        StreamStats.End how = cut ? StreamStats.End.CUT : end == null ? StreamStats.End.FAILED : end;
        return new StreamStats(firstTextNanos, deltas, text.length(), how);
    }
}
