package dev.terminus.eval.internal;

import dev.terminus.eval.PipelineFactory;
import dev.terminus.eval.TaskContext;
import dev.terminus.pipeline.Pipeline;

/**
 * The factory of one pipeline for every task; the benchmark's builder recognizes it to refuse it with an environment
 * or a user simulator, which it could not give the stages' agents.
 *
 * @param pipeline the pipeline
 */
public record SharedPipeline(Pipeline pipeline) implements PipelineFactory {
    @Override
    public Pipeline create(TaskContext context) {
        return pipeline;
    }
}
