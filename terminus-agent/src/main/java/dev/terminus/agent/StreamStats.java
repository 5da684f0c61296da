package dev.terminus.agent;

/**
 * How one streamed model call went, on its {@link AgentEvent.ModelCalled} event: what telemetry reports as time to
 * first token, time per output token and the stream's end.
 *
 * @param timeToFirstTextNanos from the call's start to its first text piece; -1 when no text arrived
 * @param deltas how many text pieces arrived
 * @param characters how many characters of text arrived
 * @param end how the stream ended
 */
public record StreamStats(long timeToFirstTextNanos, int deltas, int characters, End end) {

    /** Validates the counts. */
    public StreamStats {
        if (deltas < 0 || characters < 0 || timeToFirstTextNanos < -1) {
            throw new IllegalArgumentException("StreamStats counts must not be negative: timeToFirstTextNanos="
                    + timeToFirstTextNanos + ", deltas=" + deltas + ", characters=" + characters);
        }
        dev.terminus.Preconditions.notNull(end, "StreamStats.end");
    }

    /** How a stream ended: a bounded value, for metrics and span attributes ({@link #tag()}). */
    public enum End {
        /** The answer arrived whole. */
        FINISHED("finished"),
        /** The model stopped at its output cap; the answer is cut short. */
        LENGTH("length"),
        /** The provider's content filter stopped the answer. */
        CONTENT_FILTER("content_filter"),
        /** No piece arrived within the agent's {@code streamIdleTimeout}. */
        IDLE_TIMEOUT("idle_timeout"),
        /** The provider failed mid-stream: a reset connection, a malformed chunk, an error event. */
        FAILED("failed"),
        /** The run cut it: its deadline passed, or it was cancelled. */
        CUT("cut");

        private final String tag;

        End(String tag) {
            this.tag = tag;
        }

        /** @return the lowercase name used on spans and metrics */
        public String tag() {
            return tag;
        }
    }
}
