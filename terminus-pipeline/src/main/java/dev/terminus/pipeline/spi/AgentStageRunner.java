package dev.terminus.pipeline.spi;

import dev.terminus.agent.RunResult;

/**
 * Runs a stage's agent somewhere else than this JVM's threads: e.g. as a durable workflow. A stage made with
 * {@link dev.terminus.pipeline.Stage#runner(String, AgentStageRunner, java.util.function.Function)} calls it once per
 * attempt, on the thread the pipeline runs the stage's body on, and takes the returned run as the attempt's: its
 * termination, usage, cost and the run itself.
 *
 * <p>The runner gives the agent at most the call's {@link AgentStageCall#allowance()}; the usage of the run it returns
 * is charged to the pipeline's budgets even when it is more. An exception ends the attempt {@code Failed} with
 * {@link dev.terminus.ErrorCategory#INTERNAL}; an {@link InterruptedException} (let it propagate) is the pipeline's
 * cancellation; an {@link Error} propagates out of the pipeline.
 *
 * {@snippet :
 * // given: Agent writer
 * AgentStageRunner local = call -> writer.run(call.task());
 * Stage draft = Stage.runner("draft", local, ctx -> "Draft a reply to: " + ctx.input());
 * }
 */
@FunctionalInterface
public interface AgentStageRunner {

    /**
     * Runs one attempt of a stage's agent to its end.
     *
     * @param call the pipeline, the stage, the attempt, the task and the token allowance
     * @return the agent's run; never null
     * @throws InterruptedException when the pipeline is cancelled while the runner waits
     */
    RunResult run(AgentStageCall call) throws InterruptedException;
}
