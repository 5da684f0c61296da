package dev.terminus.temporal.internal;

import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStreams;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A model call made in its activity and read whole, as {@code ModelStreams.whole} reads it, keeping the text that
 * arrived: when the stream is cut (it fails mid-way, is silent past the idle timeout, or its thread is interrupted
 * because Temporal cancelled the activity), that text goes back to the workflow with the failure (ADR 0041), whose
 * loop keeps it as a run in one process keeps the text of a call cut short. One per call, on the activity's thread.
 */
final class StreamedText {
    private final StringBuilder text = new StringBuilder();

    /**
     * @param model the real model
     * @param request the call
     * @param idleTimeout how long the stream may be silent; null for as long as it takes
     * @return the whole answer
     * @throws Exception what the model or its stream threw, or the timeout of a silent stream
     */
    ModelResponse whole(Model model, ModelRequest request, @Nullable Duration idleTimeout) throws Exception {
        return ModelStreams.whole(model, request, idleTimeout, text::append);
    }

    /** @return the text that arrived before the stream ended or was cut; null when none did */
    @Nullable String arrived() {
        return text.isEmpty() ? null : text.toString();
    }
}
