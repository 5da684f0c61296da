package dev.terminus.agent;

import dev.terminus.Preconditions;

/**
 * A change to the model's text as a streamed run writes it, from {@link RunStream#text()}: text added at the end
 * ({@link Append}), or the end of the text taken back ({@link Retract}) because the model call that wrote it failed
 * and is made again. Applied in order to an empty text, the pieces of a run give every text its model calls wrote
 * and kept; for a run of one iteration that ends on an answer, its {@link RunResult#finalAnswer()}.
 *
 * {@snippet :
 * try (RunStream stream = agent.stream("Write a haiku about the sea")) {
 *     StringBuilder shown = new StringBuilder();
 *     for (TextPiece piece : stream.text()) {
 *         switch (piece) {
 *             case TextPiece.Append append -> System.out.print(append.text());
 *             case TextPiece.Retract retract -> System.out.print("\b".repeat(retract.characters()));
 *         }
 *         piece.applyTo(shown); // shown: the text so far, as the transcript will hold it
 *     }
 * }
 * }
 */
public sealed interface TextPiece {

    /**
     * Applies this piece to the text built from the pieces before it.
     *
     * @param text the text so far; changed in place
     * @throws IllegalStateException when a {@link Retract} takes back more characters than the text holds (not every
     *     piece before it was applied)
     */
    void applyTo(StringBuilder text);

    /**
     * Text the model wrote, added at the end.
     *
     * @param text the new text; never empty
     */
    record Append(String text) implements TextPiece {
        /** @throws IllegalArgumentException when the text is null or empty */
        public Append {
            if (Preconditions.notNull(text, "text").isEmpty()) {
                throw new IllegalArgumentException("text must not be empty");
            }
        }

        @Override
        public void applyTo(StringBuilder text) {
            text.append(this.text);
        }
    }

    /**
     * The last {@code characters} of the text are void: the model call that wrote them failed and is made again; the
     * {@link Append}s that follow are the new call's. A retract never reaches back past the call's own text.
     *
     * @param characters how many characters (UTF-16 units, as {@link String#length()} counts) to take back, at least 1
     * @param reason the failed call's exception type (a class name)
     */
    record Retract(int characters, String reason) implements TextPiece {
        /** @throws IllegalArgumentException when {@code characters} is below 1 or the reason is blank */
        public Retract {
            if (characters < 1) {
                throw new IllegalArgumentException("characters must be at least 1, was " + characters);
            }
            Preconditions.notBlank(reason, "reason");
        }

        @Override
        public void applyTo(StringBuilder text) {
            if (characters > text.length()) {
                throw new IllegalStateException("cannot take back " + characters + " characters from a text of "
                        + text.length() + ": apply every piece of the run's text to it, in order");
            }
            text.setLength(text.length() - characters);
        }
    }
}
