package dev.terminus.pipeline;

import dev.terminus.Preconditions;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a pipeline tells its {@link PipelineListener}s, in this order: {@link PipelineStarted}, then for each stage
 * it reaches {@link StageStarted} and {@link StageFinished} (skipped stages too), then {@link PipelineFinished}.
 * The events carry what a tracer needs to build a span per pipeline and per stage: names, termination, outcome,
 * duration and usage.
 *
 * {@snippet :
 * PipelineListener log = event -> {
 *     switch (event) {
 *         case PipelineEvent.StageFinished(String pipeline, StageResult stage) ->
 *                 System.out.println(stage.name() + " " + stage.termination().tag() + " " + stage.outcome()
 *                         + " in " + stage.duration().toMillis() + " ms");
 *         default -> { }
 *     }
 * };
 * }
 */
public sealed interface PipelineEvent {

    /** @return the name of the pipeline the event is about */
    String pipelineName();

    /**
     * The pipeline started.
     *
     * @param pipelineName the pipeline
     * @param stageNames its stages, in order
     */
    record PipelineStarted(String pipelineName, List<String> stageNames) implements PipelineEvent {
        /** Copies the names immutably. */
        public PipelineStarted {
            stageNames = Preconditions.immutableList(stageNames, "PipelineStarted.stageNames");
        }
    }

    /**
     * The pipeline reached a stage.
     *
     * @param pipelineName the pipeline
     * @param stageName the stage
     * @param phase the stage's phase, or null
     * @param index the stage's position in the pipeline, from 0
     */
    record StageStarted(String pipelineName, String stageName, @Nullable String phase, int index)
            implements PipelineEvent {}

    /**
     * A stage ended.
     *
     * @param pipelineName the pipeline
     * @param result how the stage ended: termination, outcome, attempts, usage, cost, duration
     */
    record StageFinished(String pipelineName, StageResult result) implements PipelineEvent {}

    /**
     * The pipeline ended; the last event.
     *
     * @param pipelineName the pipeline
     * @param result how it ended
     */
    record PipelineFinished(String pipelineName, PipelineResult result) implements PipelineEvent {}
}
