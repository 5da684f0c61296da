package dev.terminus.opentelemetry.internal;

import dev.terminus.Outcome;
import dev.terminus.agent.Usage;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;

/** What the span of a run (an agent run, a pipeline, a stage) says of how it ended, set just before it ends. */
final class RunSpans {
    private RunSpans() {}

    /**
     * Sets the token usage, the termination tag, its category and the outcome; on a {@code FAILED} outcome also the
     * status {@code ERROR} and {@code error.type} = the tag.
     *
     * @param tag the bounded termination tag
     * @param category the bounded category
     */
    static void setEnd(Span span, Usage usage, String tag, String category, Outcome outcome) {
        span.setAttribute(Keys.INPUT_TOKENS, usage.inputTokens());
        span.setAttribute(Keys.OUTPUT_TOKENS, usage.outputTokens());
        span.setAttribute(Keys.TERMINATION, tag);
        span.setAttribute(Keys.CATEGORY, category);
        span.setAttribute(Keys.OUTCOME, outcome.name());
        if (outcome == Outcome.FAILED) {
            span.setAttribute(Keys.ERROR_TYPE, tag);
            span.setStatus(StatusCode.ERROR);
        }
    }

    /**
     * What the span of a tool call still in progress when its run ended says: the run's termination tag; on a
     * {@code FAILED} outcome also the status {@code ERROR} and {@code error.type} = the tag.
     *
     * @param tag the run's bounded termination tag
     */
    static void setEnd(Span span, String tag, Outcome outcome) {
        span.setAttribute(Keys.TERMINATION, tag);
        if (outcome == Outcome.FAILED) {
            span.setAttribute(Keys.ERROR_TYPE, tag);
            span.setStatus(StatusCode.ERROR);
        }
    }
}
