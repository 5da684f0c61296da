package dev.terminus.agent;

import dev.terminus.Preconditions;

/**
 * The run of an agent that served its parent run as a tool ({@link Tools#agent}): which tool called it, in which of
 * the parent's iterations, and the child's own {@link RunResult} (its termination, transcript, usage and, in turn,
 * its own children). A parent's {@link RunResult#children()} holds one per call of an agent tool, in the order the
 * calls ended.
 *
 * {@snippet :
 * // given: RunResult result
 * for (ChildRun child : result.children()) {
 *     System.out.println(child.toolName() + " ended " + child.result().termination().tag());
 * }
 * }
 *
 * @param toolName the name of the tool that ran the child
 * @param iteration the parent's iteration in which the call was made, from 1
 * @param result the child's result
 */
public record ChildRun(String toolName, int iteration, RunResult result) {

    /** Validates the fields, naming a bad one. */
    public ChildRun {
        Preconditions.notNull(toolName, "ChildRun.toolName");
        Preconditions.notNull(result, "ChildRun.result");
        if (iteration < 0) {
            throw new IllegalArgumentException("ChildRun.iteration must be >= 0, was " + iteration);
        }
    }
}
