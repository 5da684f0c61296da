/**
 * Extension points of the stage pipeline: {@link dev.terminus.pipeline.spi.AgentStageRunner} runs a stage's agent
 * somewhere else than the pipeline's own threads, such as a durable workflow, for
 * {@link dev.terminus.pipeline.Stage#runner(String, AgentStageRunner, java.util.function.Function)}.
 */
@NullMarked
package dev.terminus.pipeline.spi;

import org.jspecify.annotations.NullMarked;
