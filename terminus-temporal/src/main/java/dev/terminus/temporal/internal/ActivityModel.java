package dev.terminus.temporal.internal;

import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.StreamPart;
import dev.terminus.agent.spi.StreamingModel;
import dev.terminus.temporal.wire.ModelAnswer;
import dev.terminus.temporal.wire.ModelCall;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The workflow's stand-in for an agent's model: its name and provider are the real model's, its calls are the model
 * activity's, numbered in the order the run makes them (deterministic, so the same on every replay). The loop is
 * given {@link #forLoop()}: for a streaming model, a stream of each answer whole, so a call cut short leaves its text.
 */
public final class ActivityModel implements Model {
    private final String agentName;
    private final Model real;
    private final ActivityCalls calls;
    private final TranscriptLedger ledger;
    private final RunPaths paths;
    private long next;

    /**
     * A model whose first call is the run's first.
     *
     * @param agentName the agent whose model it is
     * @param real the real model (only its name and provider are read here)
     * @param calls how calls are made
     */
    public ActivityModel(String agentName, Model real, ActivityCalls calls) {
        this(agentName, real, calls, new TranscriptLedger(), 0);
    }

    /**
     * @param agentName the agent whose model it is
     * @param real the real model (only its name and provider are read here)
     * @param calls how calls are made
     * @param ledger the workflow's transcript references, which an activity's call refers to
     * @param firstSequence the number of its first call: 0 for a new run, the calls made so far for a run that goes
     *     on in a new workflow execution (continue-as-new)
     */
    public ActivityModel(String agentName, Model real, ActivityCalls calls, TranscriptLedger ledger,
            long firstSequence) {
        this(agentName, real, calls, ledger, firstSequence, new RunPaths());
    }

    /**
     * A model of an agent of a tree, whose answers tell the execution's {@link RunPaths} which runs their calls start.
     *
     * @param agentName the agent whose model it is
     * @param real the real model (only its name and provider are read here)
     * @param calls how calls are made
     * @param ledger the workflow's transcript references, which an activity's call refers to
     * @param firstSequence the number of its first call
     * @param paths the places of the tree's runs
     */
    ActivityModel(String agentName, Model real, ActivityCalls calls, TranscriptLedger ledger, long firstSequence,
            RunPaths paths) {
        if (firstSequence < 0) {
            throw new IllegalArgumentException("firstSequence must be >= 0, was " + firstSequence);
        }
        this.agentName = agentName;
        this.real = real;
        this.calls = calls;
        this.ledger = ledger;
        this.paths = paths;
        this.next = firstSequence;
    }

    @Override
    public ModelResponse chat(ModelRequest request) throws Exception {
        try {
            return answer(request, false);
        } catch (CutShort cut) {
            throw cut.failure();
        }
    }

    /**
     * @return the model the run's loop calls: this one, or when the real model streams, a {@link StreamingModel}
     *     whose stream gives each answer whole in one piece, or the text a cut call gave before its failure, so the
     *     loop keeps that text as it does in one process (ADR 0041); in a run recorded before that change
     *     ({@link LoopChanges#PARTIAL_TEXT}), this one, so it replays as it ran
     */
    public Model forLoop() {
        return real instanceof StreamingModel && LoopChanges.keepsPartialText() ? new Streamed() : this;
    }

    /** @param keepsCutText whether a stop waits for the call's answer, with the text that arrived (ADR 0041) */
    private ModelResponse answer(ModelRequest request, boolean keepsCutText) throws Exception {
        ModelCall call = calls.recorded(ActivityCalls.Kind.MODEL)
                ? ModelCall.of(agentName, next++, request, ledger.refer(request.messages()))
                : ModelCall.of(agentName, next++, request);
        ModelAnswer answered = keepsCutText ? calls.callKeepingCutText(activities -> activities.chat(call))
                : calls.call(ActivityCalls.Kind.MODEL, activities -> activities.chat(call));
        ModelResponse answer = answered.response();
        paths.answered(request.messages(), answer);
        return answer;
    }

    /** The stand-in of a streaming model: each call is the model activity's, played back as a stream. */
    private final class Streamed implements StreamingModel {
        @Override
        public ModelStream stream(ModelRequest request) throws Exception {
            ModelResponse answer;
            try {
                answer = answer(request, true);
            } catch (CutShort cut) {
                return new Played(List.of(new StreamPart.TextDelta(cut.text())), cut.failure());
            }
            String content = answer.message().content();
            return new Played(content.isEmpty() ? List.of(new StreamPart.Finished(answer))
                    : List.of(new StreamPart.TextDelta(content), new StreamPart.Finished(answer)), null);
        }

        @Override
        public String name() {
            return real.name();
        }

        @Override
        public String provider() {
            return real.provider();
        }
    }

    /** The parts of a call already made, then its failure when it was cut. */
    private static final class Played implements ModelStream {
        private final List<StreamPart> parts;
        private final @Nullable Exception failure;
        private int next;

        Played(List<StreamPart> parts, @Nullable Exception failure) {
            this.parts = parts;
            this.failure = failure;
        }

        @Override
        public StreamPart next(long timeoutNanos) throws Exception {
            if (next < parts.size()) {
                return parts.get(next++);
            }
            if (failure != null) {
                throw failure;
            }
            throw new IllegalStateException("the stream is finished");
        }

        @Override
        public void close() {
            next = parts.size();
        }
    }

    /**
     * A model call whose stream was cut after some text arrived (ADR 0041).
     *
     * @see CallFailures#partialText
     */
    static final class CutShort extends Exception {
        private static final long serialVersionUID = 1L;
        private final String text;
        private final Exception failure;

        /**
         * @param text the text that arrived
         * @param failure what the call failed with, as the model or Temporal failed it
         */
        CutShort(String text, Exception failure) {
            super(failure.getMessage(), failure, false, false);
            this.text = text;
            this.failure = failure;
        }

        /** @return the text that arrived */
        String text() {
            return text;
        }

        /** @return what the call failed with */
        Exception failure() {
            return failure;
        }
    }

    /** @return the number the next call gets: the calls made so far when the first was number 0 */
    public long nextSequence() {
        return next;
    }

    @Override
    public String name() {
        return real.name();
    }

    @Override
    public String provider() {
        return real.provider();
    }
}
