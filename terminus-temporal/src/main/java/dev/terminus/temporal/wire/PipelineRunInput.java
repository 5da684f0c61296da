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
 * @param wireVersion the {@link WireVersion} the input was written in; absent (read as 1) from inputs written before
 *     inputs carried one
 */
public record PipelineRunInput(String pipelineName, String input, @Nullable String definition, int wireVersion) {
    /** Validates that the name is not blank and the input given. */
    public PipelineRunInput {
        Preconditions.notBlank(pipelineName, "PipelineRunInput.pipelineName");
        Preconditions.notNull(input, "PipelineRunInput.input");
        wireVersion = WireVersion.read(wireVersion, "PipelineRunInput.wireVersion");
    }

    /**
     * An input of this build's {@link WireVersion}.
     *
     * @param pipelineName the registered pipeline's name, or the defined pipeline's
     * @param input what the pipeline runs with
     * @param definition the document that defines the pipeline, or null for a registered one
     */
    public PipelineRunInput(String pipelineName, String input, @Nullable String definition) {
        this(pipelineName, input, definition, WireVersion.CURRENT);
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
