package dev.terminus.agent;

import dev.terminus.Preconditions;

/**
 * What an {@link AgentHook} decides: let the run go on, or halt it with a reason.
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

    /** Holds the shared {@code Proceed}. */
    final class Holder {
        private static final HookDecision PROCEED = new Proceed();

        private Holder() {}
    }
}
