package dev.terminus.agent.control;

import dev.terminus.Preconditions;
import dev.terminus.agent.RunResult;

/**
 * How a part of a run under an engine's control ended: the run {@link Ended}, or the engine asked it to stop between
 * two iterations and it {@link Suspended} there, to be continued from its {@link Continuation}.
 *
 * {@snippet :
 * // given: void report(RunResult result); void continueAsNew(Continuation continuation)
 * switch (AgentEngine.of(agent).run(task, control, run -> run.iteration() % 500 == 0)) {
 *     case RunStep.Ended(RunResult result) -> report(result);
 *     case RunStep.Suspended(Continuation continuation) -> continueAsNew(continuation);
 * }
 * }
 *
 * <p>New cases are not expected; a switch over this interface may be exhaustive.
 */
public sealed interface RunStep {

    /**
     * The run ended.
     *
     * @param result its one result
     */
    record Ended(RunResult result) implements RunStep {
        /** Refuses a null result. */
        public Ended {
            Preconditions.notNull(result, "Ended.result");
        }
    }

    /**
     * The run stopped between two iterations because its engine asked it to; it has no termination yet.
     *
     * @param continuation what it continues from
     */
    record Suspended(Continuation continuation) implements RunStep {
        /** Refuses a null continuation. */
        public Suspended {
            Preconditions.notNull(continuation, "Suspended.continuation");
        }
    }
}
