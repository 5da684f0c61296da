package dev.terminus.agent.control;

import dev.terminus.Preconditions;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.RunResult;
import java.util.List;

/**
 * How a part of a run under an engine's control ended: the run {@link Ended}, or the engine asked it to stop between
 * two iterations and it {@link Suspended} there, to be continued from its {@link Continuation}.
 *
 * {@snippet :
 * // given: void report(RunResult result); void continueAsNew(Continuation continuation)
 * switch (AgentEngine.of(agent).run(task, control, run -> run.iteration() % 500 == 0)) {
 *     case RunStep.Ended(RunResult result) -> report(result);
 *     case RunStep.Suspended(Continuation continuation, List<ChildRun> children) -> continueAsNew(continuation);
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
     * <p>The continuation holds what the loop reads to go on, not the results of the agents this part called as tools
     * ({@link dev.terminus.agent.Tools#agent}): those are {@code children}, and the result of a later part holds only
     * its own, so an engine that wants the whole run's keeps them and puts them first
     * ({@code result.toBuilder().children(...)}). A durable engine keeps what it needs of them without carrying their
     * transcripts into the next execution.
     *
     * @param continuation what it continues from
     * @param children the runs of the agents this part of the run called as tools, in the order they ended
     */
    record Suspended(Continuation continuation, List<ChildRun> children) implements RunStep {
        /** Refuses a null continuation or child, and copies the children. */
        public Suspended {
            Preconditions.notNull(continuation, "Suspended.continuation");
            children = Preconditions.immutableList(children, "Suspended.children");
        }

        /**
         * A part that called no agent.
         *
         * @param continuation what it continues from
         */
        public Suspended(Continuation continuation) {
            this(continuation, List.of());
        }
    }
}
