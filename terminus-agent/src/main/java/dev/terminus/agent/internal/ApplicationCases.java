package dev.terminus.agent.internal;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import org.jspecify.annotations.Nullable;

/**
 * The terminations user code (a hook, an invariant, a promotion gate) may end a run with besides the framework case
 * made for it: an application's own case, a {@link Termination.Extension} with a valid tag or a
 * {@link Termination.Custom}. Every other framework case states a fact the loop itself establishes (a cap reached, a
 * budget spent, a claim reviewed, a cancellation), which user code could only claim falsely.
 */
public final class ApplicationCases {
    private ApplicationCases() {}

    /**
     * Returns the termination when it is an application's own case.
     *
     * @param termination the termination user code gave
     * @param field what gave it, named in the message, e.g. {@code "HookDecision.End.termination"}
     * @return termination
     * @throws NullPointerException naming the field when it is null
     * @throws IllegalArgumentException naming the field and the case when it is a framework case, or an extension
     *     whose tag is malformed or a framework case's name
     */
    public static Termination require(@Nullable Termination termination, String field) {
        Preconditions.notNull(termination, field);
        if (termination instanceof Termination.Extension extension) {
            try {
                Termination.Extension.requireValidTag(extension.tag());
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new IllegalArgumentException(field + " is refused: " + e.getMessage(), e);
            }
            return termination;
        }
        if (termination instanceof Termination.Custom) {
            return termination;
        }
        throw new IllegalArgumentException(field + " must be an application's own case (a Termination.Extension or"
                + " a Termination.Custom), was " + termination + ": the framework's cases are the loop's to report");
    }
}
