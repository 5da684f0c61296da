/**
 * The stage pipeline: named stages, agent runs or plain functions, run in order (optionally grouped in phases with
 * their own token budgets) by a {@link dev.terminus.pipeline.Pipeline}. Every stage ends with a
 * {@link dev.terminus.pipeline.StageResult} holding its {@link dev.terminus.Termination} and its
 * {@link dev.terminus.Outcome}, kept apart, and the pipeline ends with exactly one termination of its own, in a
 * {@link dev.terminus.pipeline.PipelineResult}. See ADR 0011 for how a pipeline ends.
 *
 * <p>Where to start: {@link dev.terminus.pipeline.Pipeline#builder()} with {@link dev.terminus.pipeline.Stage}s
 * (an agent's run, or a function of the {@link dev.terminus.pipeline.PipelineContext}), then {@code run(input)}. A
 * pipeline paused at a stage's human gate gives a {@link dev.terminus.pipeline.PipelineCheckpoint}, which
 * {@link dev.terminus.pipeline.Pipeline#resume} continues, in this process or another
 * ({@link dev.terminus.pipeline.PipelineCheckpointJson}); see ADR 0031. A stage's agent may also run elsewhere, through
 * an {@link dev.terminus.pipeline.spi.AgentStageRunner}.
 */
@NullMarked
package dev.terminus.pipeline;

import org.jspecify.annotations.NullMarked;
