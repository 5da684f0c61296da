package dev.terminus.pipeline.internal;

import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * One run of a stage's body.
 *
 * @param termination how it ended
 * @param usage the tokens its agent run consumed
 * @param costUsd the money its agent run spent
 * @param run its agent run, or null
 * @param cancelled whether the pipeline's cancellation ended it
 */
record Attempt(Termination termination, Usage usage, BigDecimal costUsd, @Nullable RunResult run, boolean cancelled) {

    /** An attempt that ended without an agent run. */
    static Attempt of(Termination termination) {
        return new Attempt(termination, Usage.ZERO, BigDecimal.ZERO, null, false);
    }

    /** An attempt the cancellation ended before it started, or abandoned. */
    static Attempt cancelled(Termination.Cancelled termination) {
        return new Attempt(termination, Usage.ZERO, BigDecimal.ZERO, null, true);
    }

    /** The same attempt with another termination (from the completion callback). */
    Attempt withTermination(Termination replacement, boolean byCancellation) {
        return new Attempt(replacement, usage, costUsd, run, byCancellation);
    }
}
