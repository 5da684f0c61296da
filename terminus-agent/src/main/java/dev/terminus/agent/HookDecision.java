package dev.terminus.agent;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.internal.ApplicationCases;

/**
 * What an {@link AgentHook} decides: let the run go on, halt it with a reason, or end it with the application's own
 * termination.
 *
 * <p>New cases may be added in later releases; like a new {@link Termination} case, that is a soft break for code
 * that switches over a decision without a default arm.
 */
public sealed interface HookDecision {

    /** Go on. */
    record Proceed() implements HookDecision {}

    /**
     * Stop the run: it ends {@code Halted} with the hook's position as the source.
     *
     * @param reason why
     */
    record Halt(String reason) implements HookDecision {
        /** Validates the reason. */
        public Halt {
            Preconditions.notNull(reason, "Halt.reason");
        }
    }

    /**
     * Stop the run with the application's own termination: it ends with exactly this case, at the hook's position,
     * without the review of a completion claim. Only an application's own case is taken: a
     * {@link Termination.Extension} (with a valid tag) or a {@link Termination.Custom}; the framework's cases state
     * facts only the loop establishes (use {@link #halt(String)} for {@code Halted}).
     *
     * {@snippet :
     * // given: int quotaLeft(String tenant)
     * record QuotaExceeded(String tenant) implements Termination.Extension {
     *     @Override public String tag() { return "QuotaExceeded"; }
     *     @Override public Category category() { return Category.CAPACITY; }
     * }
     * AgentHook quota = new AgentHook() {
     *     @Override public HookDecision beforeIteration(RunContext run, int iteration) {
     *         return quotaLeft("acme") > 0 ? HookDecision.proceed() : HookDecision.end(new QuotaExceeded("acme"));
     *     }
     * };
     * }
     *
     * @param termination how the run ends
     */
    record End(Termination termination) implements HookDecision {
        /**
         * Validates the termination.
         *
         * @throws IllegalArgumentException naming the case when it is a framework case, or an extension whose tag is
         *     malformed or a framework case's name
         */
        public End {
            ApplicationCases.require(termination, "End.termination");
        }
    }

    /** @return the decision to go on */
    static HookDecision proceed() {
        return Holder.PROCEED;
    }

    /**
     * @param reason why the run must stop
     * @return the decision to halt
     */
    static HookDecision halt(String reason) {
        return new Halt(reason);
    }

    /**
     * @param termination the application's own case the run ends with (see {@link End})
     * @return the decision to end the run with it
     * @throws IllegalArgumentException when the termination is not an application's own case
     */
    static HookDecision end(Termination termination) {
        return new End(termination);
    }

    /** Holds the shared {@code Proceed}. */
    final class Holder {
        private static final HookDecision PROCEED = new Proceed();

        private Holder() {}
    }
}
