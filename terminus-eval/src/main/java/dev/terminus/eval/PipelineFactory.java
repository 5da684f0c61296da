package dev.terminus.eval;

import dev.terminus.Preconditions;
import dev.terminus.eval.internal.SharedPipeline;
import dev.terminus.pipeline.Pipeline;

/**
 * Makes the pipeline of one attempt of a task, when a benchmark's subject is a {@link Pipeline} rather than an agent
 * ({@link Benchmark.Builder#pipelineFactory}). Called once per attempt, on the task's thread, within its timeout; it
 * must be thread-safe when the benchmark runs tasks in parallel. Build the stages' agents from
 * {@link TaskContext#agentBuilder} to give them the environment's tools and the user simulator of the task.
 *
 * {@snippet :
 * // given: Model writerModel; Model reviewerModel
 * PipelineFactory factory = context -> Pipeline.builder()
 *         .name("draft-and-review")
 *         .stage(Stage.agent("draft", context.agentBuilder(writerModel).name("writer").build(),
 *                 ctx -> ctx.input()))
 *         .stage(Stage.agent("review", context.agentBuilder(reviewerModel).name("reviewer").build(),
 *                 ctx -> "Correct this answer, reply with the answer only:\n" + ctx.previousAnswer().orElse("")))
 *         .build();
 * }
 *
 * <p><b>A pipeline's row.</b> The pipeline runs on the task's input. The row's termination and outcome are the
 * pipeline's ({@code Completed} when every stage was reached and none stopped it, else the stopping stage's: see
 * {@link dev.terminus.pipeline.PipelineResult#termination()}), and {@link ReportRow#stoppedByStage()} names the stage
 * that stopped it. Its usage and cost are the pipeline's totals, every stage and stage retry included (summed over the
 * task's attempts, as for an agent); {@code durationMs} is, as for an agent, the harness's time of the attempts, the
 * pipeline's run within it; {@code iterations} and {@code toolCalls} add up the stages' last attempts; {@code agent}
 * is the agent of the last stage reached, when that stage ran one. Statuses, retries of the task, the task timeout (which cancels the pipeline
 * through {@link dev.terminus.pipeline.PipelineHandle#cancel}) and concurrency work as for an agent's row.
 *
 * <p><b>What the evaluator sees.</b> The {@link dev.terminus.agent.RunResult} handed to the
 * {@link dev.terminus.eval.spi.Evaluator} carries the pipeline's termination, outcome, usage, cost and duration, and
 * the final answer of the <em>last stage that ran and answered</em> (its structured output too): a stage after it that
 * is a function, was skipped or ended without an answer does not hide it, so a pipeline stopped by its second stage
 * shows its first stage's answer. Its transcript and iterations are the stages' last attempts', one after the other;
 * its agent name is that of the row.
 *
 * <p>A factory that throws (or returns null) ends the attempt {@link Status#SETUP_FAILED}.
 */
@FunctionalInterface
public interface PipelineFactory {

    /**
     * @param context the task, its repeat and attempt, the environment's tools and the user simulator
     * @return a new pipeline, or a shared one
     * @throws Exception when the pipeline cannot be made
     */
    Pipeline create(TaskContext context) throws Exception;

    /**
     * One pipeline for every task: pipelines are immutable and thread-safe, so this is the cheapest way to run a
     * benchmark that needs no environment and no user simulator (a benchmark refuses a shared pipeline with either,
     * which it could not give its stages' agents).
     *
     * @param pipeline the pipeline
     * @return a factory returning it
     */
    static PipelineFactory shared(Pipeline pipeline) {
        return new SharedPipeline(Preconditions.notNull(pipeline, "pipeline"));
    }
}
