package dev.terminus.agent.spi;

/**
 * A {@link Model} whose answer arrives in pieces as it is written. The loop calls {@link #stream} for every call it
 * makes, hands each text piece to the run's listeners as an {@code AgentEvent.TextDelta}, keeps the text that
 * arrived when the stream is cut, and closes the stream when it is done with it: at its end, or at the run's deadline,
 * on a cancel, or when it has been silent for the agent's {@code streamIdleTimeout}.
 *
 * <p>{@link #chat} is the same call collected whole: the default reads the stream to its end. A model that does not
 * stream is a plain {@code Model}: its runs are streamed too, as one piece holding the whole text (ADR 0027).
 *
 * {@snippet :
 * StreamingModel model = request -> ModelStreams.of(
 *         ModelResponse.text("Hello, world", Usage.of(5, 3)), "Hello", ", world");
 * }
 */
@FunctionalInterface
public interface StreamingModel extends Model {

    /**
     * Starts a call whose answer is read piece by piece. The call starts here; its answer arrives through the
     * returned stream, which the caller always closes.
     *
     * @param request the transcript and the tools on offer
     * @return the answer's stream
     * @throws ModelException for a classified provider failure before the first piece
     * @throws InterruptedException when the loop interrupts the call
     * @throws Exception for anything else
     */
    ModelStream stream(ModelRequest request) throws Exception;

    /**
     * Calls the model and waits for the whole answer: the stream read to its end.
     *
     * @param request the transcript and the tools on offer
     * @return the model's answer
     * @throws Exception as {@link #stream} and {@link ModelStream#next} do
     */
    @Override
    default ModelResponse chat(ModelRequest request) throws Exception {
        return ModelStreams.whole(this, request, null);
    }
}
