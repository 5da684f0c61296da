package dev.terminus.agent.spi;

import dev.terminus.Preconditions;

/**
 * A piece of a streamed answer ({@link ModelStream}). New kinds of piece may be added in later versions; a switch over
 * them should have a default branch.
 */
public sealed interface StreamPart {

    /**
     * Text of the answer, in order; the pieces joined are the answer's content.
     *
     * @param text the new text; never empty
     */
    record TextDelta(String text) implements StreamPart {
        /** Validates that the text is not empty. */
        public TextDelta {
            Preconditions.notNull(text, "TextDelta.text");
            if (text.isEmpty()) {
                throw new IllegalArgumentException("TextDelta.text must not be empty");
            }
        }
    }

    /**
     * The end of the answer: the whole response, its text the deltas joined and its tool calls assembled from their
     * pieces.
     *
     * @param response the whole answer
     */
    record Finished(ModelResponse response) implements StreamPart {
        /** Validates that the response is not null. */
        public Finished {
            Preconditions.notNull(response, "Finished.response");
        }
    }

    /**
     * @param text the new text; never empty
     * @return a text piece
     */
    static TextDelta text(String text) {
        return new TextDelta(text);
    }

    /**
     * @param response the whole answer
     * @return the end of the stream
     */
    static Finished finished(ModelResponse response) {
        return new Finished(response);
    }
}
