package dev.terminus.scripted;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.ModelStreams;
import dev.terminus.agent.spi.StreamPart;
import dev.terminus.agent.spi.StreamingModel;
import dev.terminus.Preconditions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * A model that plays a fixed script, step by step, one step per call: answers, tool calls, errors, hangs and
 * delays, and streamed answers (pieces with gaps between them, ending finished, cut by a failure, or stalled). It
 * streams: an answer that is not a {@link Streamed} step arrives as one piece. Deterministic; thread-safe (concurrent runs share the position), though usually one model serves one run.
 * When the script is exhausted the last step repeats if {@link Builder#thenRepeatLast()} was set; otherwise the
 * call fails with an {@link IllegalStateException}.
 *
 * {@snippet :
 * ScriptedModel model = ScriptedModel.builder()
 *         .toolCall("search", Map.of("query", "weather in Oslo"))
 *         .rateLimited()
 *         .text("It is 4 degrees in Oslo.")
 *         .build();
 * }
 */
public final class ScriptedModel implements StreamingModel {

    /** One step of a script. */
    public sealed interface Step {}

    /** Answer with this response. @param response the response */
    public record Respond(ModelResponse response) implements Step {}

    /** Fail with this exception. @param error the exception */
    public record Fail(Exception error) implements Step {}

    /** Never answer (until interrupted). */
    public record Hang() implements Step {}

    /** Wait, then take the next step. @param delay how long */
    public record Delay(Duration delay) implements Step {}

    /**
     * Stream an answer piece by piece.
     *
     * @param pieces the text pieces, in order
     * @param gap how long before each piece
     * @param response the whole answer it finishes with; null when the stream ends otherwise
     * @param failure what the stream fails with after its pieces; null when it finishes or stalls
     */
    public record Streamed(List<String> pieces, Duration gap, @Nullable ModelResponse response,
            @Nullable Exception failure) implements Step {
        /** Copies the pieces. */
        public Streamed {
            pieces = List.copyOf(pieces);
            Preconditions.notNull(gap, "gap");
        }
    }

    private final List<Step> steps;
    private final boolean repeatLast;
    private final String name;
    private final String provider;
    private final AtomicInteger position = new AtomicInteger();
    private final AtomicInteger calls = new AtomicInteger();
    private final List<ModelRequest> requests = new ArrayList<>();
    private final boolean recordRequests;

    private ScriptedModel(Builder b) {
        this.steps = List.copyOf(b.steps);
        this.repeatLast = b.repeatLast;
        this.position.set(b.startAt);
        this.name = b.name;
        this.provider = b.provider;
        this.recordRequests = b.recordRequests;
    }

    /** @return a builder of an empty script */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public ModelResponse chat(ModelRequest request) throws Exception {
        received(request);
        while (true) {
            Step step = next();
            switch (step) {
                case Respond respond -> {
                    return respond.response();
                }
                case Fail fail -> throw fail.error();
                case Hang hang -> {
                    new CountDownLatch(1).await();
                    throw new IllegalStateException("unreachable: a hang ended without an interrupt");
                }
                case Delay delay -> Thread.sleep(delay.delay());
                case Streamed streamed -> {
                    try (ScriptedStream stream = new ScriptedStream(streamed)) {
                        while (true) {
                            if (stream.next(Long.MAX_VALUE) instanceof StreamPart.Finished finished) {
                                return finished.response();
                            }
                        }
                    }
                }
            }
        }
    }

    private void received(ModelRequest request) {
        calls.incrementAndGet();
        if (recordRequests) {
            synchronized (requests) {
                requests.add(new ModelRequest(List.copyOf(request.messages()), List.copyOf(request.tools()),
                        request.maxOutputTokens(), request.responseSchema()));
            }
        }
    }

    @Override
    public ModelStream stream(ModelRequest request) throws Exception {
        received(request);
        while (true) {
            Step step = next();
            switch (step) {
                case Respond respond -> {
                    return ModelStreams.of(respond.response(), respond.response().message().content());
                }
                case Fail fail -> throw fail.error();
                case Hang hang -> {
                    return new ScriptedStream(new Streamed(List.of(), Duration.ZERO, null, null));
                }
                case Delay delay -> Thread.sleep(delay.delay());
                case Streamed streamed -> {
                    return new ScriptedStream(streamed);
                }
            }
        }
    }

    /** Plays a {@link Streamed} step; waits with {@code Thread.sleep}, so an interrupt ends it at once. */
    private static final class ScriptedStream implements ModelStream {
        private final Streamed step;
        private int next;
        private long owedNanos = -1;
        private boolean done;

        ScriptedStream(Streamed step) {
            this.step = step;
        }

        @Override
        public @Nullable StreamPart next(long timeoutNanos) throws Exception {
            if (done) {
                throw new IllegalStateException("the stream is finished or closed");
            }
            if (next < step.pieces().size()) {
                if (owedNanos < 0) {
                    owedNanos = step.gap().toNanos();
                }
                if (owedNanos > timeoutNanos) {
                    sleep(timeoutNanos);
                    owedNanos -= timeoutNanos;
                    return null;
                }
                sleep(owedNanos);
                owedNanos = -1;
                return StreamPart.text(step.pieces().get(next++));
            }
            if (step.failure() != null) {
                done = true;
                throw step.failure();
            }
            if (step.response() != null) {
                done = true;
                return StreamPart.finished(step.response());
            }
            if (timeoutNanos == Long.MAX_VALUE) {
                new CountDownLatch(1).await(); // a stall until interrupted
            }
            sleep(timeoutNanos); // stalled: silent with the stream open
            return null;
        }

        private static void sleep(long nanos) throws InterruptedException {
            if (nanos > 0) {
                Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
            }
        }

        @Override
        public void close() {
            done = true;
        }
    }

    private Step next() {
        int at = position.getAndIncrement();
        if (at < steps.size()) {
            return steps.get(at);
        }
        if (repeatLast && !steps.isEmpty()) {
            return steps.getLast();
        }
        throw new IllegalStateException("the script of " + steps.size() + " steps is exhausted (call " + (at + 1) + ")");
    }

    /** @return how many steps of the script were played (delays count as steps), from the first */
    public int stepsTaken() {
        return position.get();
    }

    /** @return how many times the model was called */
    public int calls() {
        return calls.get();
    }

    /** @return copies of the requests received, when built with {@link Builder#recordRequests()} */
    public List<ModelRequest> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String provider() {
        return provider;
    }

    /** Builds a {@link ScriptedModel}. */
    public static final class Builder {
        private final List<Step> steps = new ArrayList<>();
        private boolean repeatLast;
        private String name = "scripted";
        private String provider = "scripted";
        private boolean recordRequests;
        private Usage usage = Usage.of(10, 5);
        private Duration pieceGap = Duration.ZERO;
        private int nextCallId = 1;
        private String callIdPrefix = "call_";
        private int startAt;

        private Builder() {}

        /** @param usage the usage every following answer reports (10 in, 5 out by default) @return this builder */
        public Builder usage(Usage usage) {
            this.usage = Preconditions.notNull(usage, "usage");
            return this;
        }

        /**
         * @param prefix what the ids of the following tool calls start with, before their number ({@code call_} by
         *     default): models whose calls meet in one transcript (agents that hand a run to each other) need
         *     different ones, as a provider's ids are unique
         * @return this builder
         */
        public Builder callIdPrefix(String prefix) {
            this.callIdPrefix = Preconditions.notNull(prefix, "prefix");
            return this;
        }

        /** @param step a step @return this builder */
        public Builder step(Step step) {
            steps.add(Preconditions.notNull(step, "step"));
            return this;
        }

        /** @param response an answer @return this builder */
        public Builder respond(ModelResponse response) {
            return step(new Respond(response));
        }

        /** @param text a text answer, finished normally @return this builder */
        public Builder text(String text) {
            return respond(new ModelResponse(Message.Assistant.of(text), usage, FinishReason.STOP));
        }

        /** @param text a text answer @param finish why the model stopped @return this builder */
        public Builder text(String text, FinishReason finish) {
            return respond(new ModelResponse(Message.Assistant.of(text), usage, finish));
        }

        /** @param tool a tool's name @param arguments its arguments @return this builder */
        public Builder toolCall(String tool, Map<String, ? extends @Nullable Object> arguments) {
            return toolCalls(List.of(Map.entry(tool, arguments)));
        }

        /** @param calls several calls in one answer, as (tool, arguments) pairs @return this builder */
        public Builder toolCalls(List<? extends Map.Entry<String, ? extends Map<String, ? extends @Nullable Object>>> calls) {
            List<ToolCall> toolCalls = new ArrayList<>();
            for (var call : calls) {
                @SuppressWarnings("unchecked")
                Map<String, @Nullable Object> arguments = (Map<String, @Nullable Object>) call.getValue();
                toolCalls.add(new ToolCall(callIdPrefix + nextCallId++, call.getKey(), arguments));
            }
            return respond(new ModelResponse(new Message.Assistant("", toolCalls), usage, FinishReason.TOOL_CALLS));
        }

        /** @param error the exception the call fails with @return this builder */
        public Builder fail(Exception error) {
            return step(new Fail(error));
        }

        /** @return this builder, with a 429 step */
        public Builder rateLimited() {
            return fail(new ModelException.RateLimited("429 Too Many Requests", null));
        }

        /** @param status a 5xx status @return this builder, with a server error step */
        public Builder serverError(int status) {
            return fail(new ModelException.ServerError(status, status + " from the provider", null));
        }

        /** @param status 401 or 403 @return this builder, with an authentication failure step */
        public Builder authFailure(int status) {
            return fail(new ModelException.AuthenticationFailed(status, status + " invalid api key", null));
        }

        /**
         * @param gap how long before each piece of the streamed steps added after this (none by default)
         * @return this builder
         */
        public Builder pieceGap(Duration gap) {
            this.pieceGap = Preconditions.nonNegative(gap, "pieceGap");
            return this;
        }

        /** @param pieces a text answer streamed in these pieces, finished normally @return this builder */
        public Builder streamed(String... pieces) {
            return streamedThen(FinishReason.STOP, pieces);
        }

        /**
         * @param finish why the model stopped ({@code LENGTH}, {@code CONTENT_FILTER}...)
         * @param pieces the pieces that arrived before
         * @return this builder, with a streamed answer that finishes so
         */
        public Builder streamedThen(FinishReason finish, String... pieces) {
            return step(new Streamed(List.of(pieces), pieceGap,
                    new ModelResponse(Message.Assistant.of(String.join("", pieces)), usage, finish), null));
        }

        /** @param pieces the pieces that arrive before the stream goes silent, its connection open @return this builder */
        public Builder streamedThenStall(String... pieces) {
            return step(new Streamed(List.of(pieces), pieceGap, null, null));
        }

        /**
         * @param failure what the stream fails with (a reset connection: {@code ModelException.Timeout})
         * @param pieces the pieces that arrive before
         * @return this builder, with a stream cut by a failure
         */
        public Builder streamedThenFail(Exception failure, String... pieces) {
            return step(new Streamed(List.of(pieces), pieceGap, null, Preconditions.notNull(failure, "failure")));
        }

        /** @return this builder, with a step that never answers until interrupted */
        public Builder hang() {
            return step(new Hang());
        }

        /** @param delay how long the next step waits @return this builder */
        public Builder delay(Duration delay) {
            return step(new Delay(delay));
        }

        /** Repeat the last step forever once the script runs out. @return this builder */
        public Builder thenRepeatLast() {
            this.repeatLast = true;
            return this;
        }

        /** @param name the model's name (for prices) @return this builder */
        public Builder name(String name) {
            this.name = Preconditions.notBlank(name, "name");
            return this;
        }

        /** @param provider the provider's name @return this builder */
        public Builder provider(String provider) {
            this.provider = Preconditions.notBlank(provider, "provider");
            return this;
        }

        /**
         * Starts the script at a later step, e.g. to continue a run resumed from a checkpoint with the model answering
         * where it left off (see {@link ScriptedModel#stepsTaken()}).
         *
         * @param step the index of the first step to play (>= 0)
         * @return this builder
         */
        public Builder startAt(int step) {
            this.startAt = Preconditions.nonNegative(step, "startAt");
            return this;
        }

        /** Keep a copy of every request, for assertions. @return this builder */
        public Builder recordRequests() {
            this.recordRequests = true;
            return this;
        }

        /** @return the model */
        public ScriptedModel build() {
            return new ScriptedModel(this);
        }
    }
}
