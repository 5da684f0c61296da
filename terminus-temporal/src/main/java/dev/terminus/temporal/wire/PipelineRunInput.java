package dev.terminus.temporal.wire;

import dev.terminus.Preconditions;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link PipelineWorkflow} runs: a pipeline registered on the worker by name
 * ({@code PipelineRecipes.Builder.pipeline}), or one a document defines (a pipeline file, say) that the worker's
 * {@code PipelineResolver} builds; and the input every stage sees in its context.
 *
 * @param pipelineName the registered pipeline's name, or the defined pipeline's
 * @param input what the pipeline runs with ({@code Pipeline.run(input)})
 * @param definition the document that defines the pipeline, or null for a registered one
 */
public record PipelineRunInput(String pipelineName, String input, @Nullable String definition) {
    /** Validates that the name is not blank and the input given. */
    public PipelineRunInput {
        Preconditions.notBlank(pipelineName, "PipelineRunInput.pipelineName");
        Preconditions.notNull(input, "PipelineRunInput.input");
    }

    /**
     * A run of a registered pipeline.
     *
     * @param pipelineName the registered pipeline's name
     * @param input what it runs with
     */
    public PipelineRunInput(String pipelineName, String input) {
        this(pipelineName, input, null);
    }
}
