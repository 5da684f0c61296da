package dev.terminus.converge;

import dev.terminus.Preconditions;

/**
 * Where a run under a durable engine's control stopped: at its end, or between two cycles because the engine asked
 * it to ({@link ConvergenceEngine#run(Context, dev.terminus.agent.control.RunControl,
 * java.util.function.BooleanSupplier)}), to go on elsewhere from a {@link ConvergenceContinuation}.
 */
public sealed interface ConvergenceStep {

    /**
     * The run ended.
     *
     * @param result its result
     */
    record Ended(ConvergenceResult result) implements ConvergenceStep {
        /** Refuses a null result. */
        public Ended {
            Preconditions.notNull(result, "Ended.result");
        }
    }

    /**
     * The run stopped between two cycles, to go on from its continuation.
     *
     * @param continuation what the next cycle reads
     */
    record Suspended(ConvergenceContinuation continuation) implements ConvergenceStep {
        /** Refuses a null continuation. */
        public Suspended {
            Preconditions.notNull(continuation, "Suspended.continuation");
        }
    }
}
