package dev.terminus.temporal.internal;

import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.StreamPart;
import dev.terminus.agent.spi.StreamingModel;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A model's answer as its activity hands it to the workflow: whole. A {@link StreamingModel}'s stream is read to its
 * end on the activity's thread, its pieces kept there, and it fails as the loop fails it in one process: with the
 * provider's exception when the provider fails mid-stream, and with a {@link ModelException.Timeout} worded as the
 * loop's when it is silent for the agent's {@code streamIdleTimeout}; so the workflow's loop classifies and retries
 * the failure exactly as a run in one process does. An interrupt (the activity's cancellation, delivered by its
 * heartbeat) closes the stream, which cancels the call on the wire. A model that does not stream is called as it is.
 */
final class WholeAnswers {
    private WholeAnswers() {}

    /**
     * @param model the agent's real model
     * @param request the call
     * @param idleTimeout how long its stream may be silent ({@code AgentConfig.streamIdleTimeout}); null: for good
     * @return the whole answer
     * @throws Exception what the model or its stream threw, or the timeout of a silent stream
     */
    static ModelResponse of(Model model, ModelRequest request, @Nullable Duration idleTimeout) throws Exception {
        if (!(model instanceof StreamingModel streaming)) {
            return model.chat(request);
        }
        long idleNanos = idleTimeout == null ? Long.MAX_VALUE : idleTimeout.toNanos();
        ModelStream stream = streaming.stream(request);
        if (stream == null) {
            throw new IllegalStateException("model " + model.name() + " returned no stream");
        }
        try (stream) {
            while (true) {
                StreamPart part = stream.next(idleNanos);
                if (part == null) {
                    // the words of the loop's own timeout (StreamedAnswer), so a run fails alike in both places
                    throw new ModelException.Timeout("the stream of model " + model.name() + " was silent for "
                            + idleNanos / 1_000_000 + " ms (streamIdleTimeout)", null);
                }
                if (part instanceof StreamPart.Finished finished) {
                    return finished.response();
                }
                // a text piece: the finished response holds the whole text
            }
        }
    }
}
