package dev.terminus.agent;

import dev.terminus.Preconditions;
import org.jspecify.annotations.Nullable;

/** What a {@link UserSimulator} says after the model answers: a reply, or that it is satisfied. */
public sealed interface UserTurn {

    /**
     * The user answers; the run goes on with this message.
     *
     * @param text the user's message
     */
    record Reply(String text) implements UserTurn {
        /** Validates the text. */
        public Reply {
            Preconditions.notNull(text, "Reply.text");
        }
    }

    /**
     * The user is done; the run ends {@code UserSatisfied}.
     *
     * @param stopToken the token the user said so with, if any
     */
    record Satisfied(@Nullable String stopToken) implements UserTurn {}

    /**
     * @param text the user's message
     * @return a reply
     */
    static UserTurn reply(String text) {
        return new Reply(text);
    }

    /**
     * @param stopToken the token the user said so with, if any
     * @return satisfaction
     */
    static UserTurn satisfied(@Nullable String stopToken) {
        return new Satisfied(stopToken);
    }
}
