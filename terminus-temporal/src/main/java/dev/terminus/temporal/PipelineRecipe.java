package dev.terminus.temporal;

import dev.terminus.pipeline.Pipeline;

/**
 * How to build a pipeline inside its {@link dev.terminus.temporal.wire.PipelineWorkflow}: its agent stages are the
 * materials' ({@link PipelineMaterials#agent}, {@link PipelineMaterials#definedAgent}), each attempt a child
 * {@link AgentWorkflow}, and the pipeline is built on the materials' builder (the workflow's clock, stages on the
 * workflow's thread; a pipeline built on another clock or executor fails its workflow, {@code terminus.configuration}).
 * A recipe sets everything else: retries, skip policies, success conditions, failure
 * dispositions, phases and token budgets.
 *
 * {@snippet :
 * PipelineRecipe recipe = materials -> materials.builder("weekly-report")
 *         .stage(materials.agent("research", "researcher", ctx -> "Find sources on " + ctx.input())
 *                 .retryPolicy(RetryPolicy.ofDefaults()))
 *         .stage(materials.agent("summarize", "writer", ctx -> "Summarize:\n" + ctx.previousAnswer().orElse("")))
 *         .build();
 * }
 *
 * <p>A recipe must be deterministic: it runs again whenever Temporal replays the workflow. The code of its stages
 * (task functions, skip policies, completion callbacks, {@code Stage.of} functions) runs on the workflow's thread and
 * must follow Temporal's rules for workflow code: no I/O, no threads, no clock or randomness of its own. A stage that
 * runs an agent in this process ({@code Stage.agent}, {@code Stage.budgetedAgent}) does not belong in a recipe.
 */
@FunctionalInterface
public interface PipelineRecipe {

    /**
     * @param materials the agent stages and the builder to build on
     * @return the pipeline
     */
    Pipeline build(PipelineMaterials materials);
}
