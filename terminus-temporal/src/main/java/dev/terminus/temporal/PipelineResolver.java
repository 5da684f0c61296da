package dev.terminus.temporal;

/**
 * Builds the recipe of a pipeline a document defines (a pipeline file, say), for runs whose
 * {@link dev.terminus.temporal.wire.PipelineRunInput} carries a definition instead of naming a registered pipeline.
 * The workflow resolves its definition at the start of each execution and on every replay.
 *
 * <p>A resolver must be deterministic: the same name and document give the same recipe on every worker and on every
 * replay. The agents its stages name must be known to the worker's {@link AgentRecipes} (registered, or defined by a
 * document its {@link AgentResolver} builds).
 */
@FunctionalInterface
public interface PipelineResolver {

    /**
     * @param name the pipeline's name ({@link dev.terminus.temporal.wire.PipelineRunInput#pipelineName()})
     * @param definition the document ({@link dev.terminus.temporal.wire.PipelineRunInput#definition()})
     * @return the recipe it defines
     * @throws IllegalArgumentException naming what in the document is wrong
     */
    PipelineRecipe resolve(String name, String definition);
}
