package dev.terminus.agent.spi;

import org.jspecify.annotations.Nullable;

/**
 * One streamed answer of a {@link StreamingModel}, read by one thread: text pieces, then exactly one
 * {@link StreamPart.Finished} with the whole answer, or an exception. Closing it before its end cancels the call on the
 * wire (the provider's connection is closed); closing it again does nothing.
 *
 * <p>Implementations that receive the answer through a provider's callbacks use {@link ModelStreams#feed}.
 */
public interface ModelStream extends AutoCloseable {

    /**
     * Waits for the next piece of the answer.
     *
     * @param timeoutNanos how long to wait at most; {@code Long.MAX_VALUE} for as long as it takes
     * @return the next piece, or null when none arrived within the timeout (the stream is still open)
     * @throws ModelException when the provider failed, before or after some pieces (a reset connection, a malformed
     *     chunk, an error event)
     * @throws InterruptedException when the reading thread is interrupted
     * @throws IllegalStateException when called after the stream finished or was closed
     * @throws Exception for anything else
     */
    @Nullable StreamPart next(long timeoutNanos) throws Exception;

    /** Ends the stream; before its end, this cancels the call on the wire. Never throws. */
    @Override
    void close();
}
