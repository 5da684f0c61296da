package dev.terminus.temporal.wire;

import dev.terminus.Outcome;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.StageResult;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link PipelineWorkflow}'s pipeline ended: the parts of its {@code PipelineResult} that cross the wire, and
 * the child workflows its stages ran. No transcripts: each child's output holds its own.
 *
 * @param pipelineName the pipeline's name
 * @param termination why the pipeline stopped
 * @param outcome the dashboard outcome
 * @param stoppedBy the stage whose ending stopped the pipeline before its end (the last stage reached, when the
 *     pipeline's termination is that stage's and not {@code Completed}); null when it ran to its end
 * @param stages the stages reached, in order
 * @param notRun the stages not reached, in order
 * @param usage the tokens every stage used
 * @param costUsd the money every stage spent, in US dollars
 * @param duration how long the pipeline took, in workflow time
 */
public record PipelineRunOutput(String pipelineName, Termination termination, Outcome outcome,
        @Nullable String stoppedBy, List<StageOutput> stages, List<String> notRun, Usage usage, BigDecimal costUsd,
        Duration duration) {

    /**
     * How one stage ended.
     *
     * @param name the stage's name
     * @param phase its phase, or null when it is in none
     * @param termination its termination
     * @param outcome its outcome
     * @param attempts how many attempts it ran (0 when it was skipped or could not start)
     * @param iterations the iterations of its last attempt's run; 0 without a run
     * @param usage the tokens all its attempts used
     * @param costUsd the money all its attempts spent
     * @param task the task of its last attempt that ran an agent, or null when none did
     * @param finalAnswer its last attempt's answer, or null when none
     * @param skipReason why it was skipped, or null when it was not
     * @param childWorkflowIds the child workflow of each attempt that started one, in order
     * @param duration how long it took, in workflow time
     */
    public record StageOutput(String name, @Nullable String phase, Termination termination, Outcome outcome,
            int attempts, int iterations, Usage usage, BigDecimal costUsd, @Nullable String task,
            @Nullable String finalAnswer,
            @Nullable String skipReason, List<String> childWorkflowIds, Duration duration) {
        /** Validates the components and copies the child ids. */
        public StageOutput {
            Preconditions.notBlank(name, "StageOutput.name");
            Preconditions.notNull(termination, "StageOutput.termination");
            Preconditions.notNull(outcome, "StageOutput.outcome");
            Preconditions.nonNegative(attempts, "StageOutput.attempts");
            Preconditions.nonNegative(iterations, "StageOutput.iterations");
            Preconditions.notNull(usage, "StageOutput.usage");
            Preconditions.notNull(costUsd, "StageOutput.costUsd");
            childWorkflowIds = Preconditions.immutableList(childWorkflowIds, "StageOutput.childWorkflowIds");
            Preconditions.notNull(duration, "StageOutput.duration");
        }

        /**
         * @param stage a stage's result
         * @param children the child workflow of each attempt that started one
         * @param task the task of its last attempt that ran an agent, or null
         * @return its output
         */
        static StageOutput of(StageResult stage, List<String> children, @Nullable String task) {
            RunResult run = stage.lastRun().orElse(null);
            String skipped = stage.termination() instanceof Termination.Skipped(String reason) ? reason : null;
            return new StageOutput(stage.name(), stage.phase().orElse(null), stage.termination(), stage.outcome(),
                    stage.attempts(), run == null ? 0 : run.iterations().size(), stage.usage(), stage.costUsd(), task,
                    run == null ? null : run.finalAnswer().orElse(null), skipped, children, stage.duration());
        }
    }

    /** Validates the components and copies the lists. */
    public PipelineRunOutput {
        Preconditions.notBlank(pipelineName, "PipelineRunOutput.pipelineName");
        Preconditions.notNull(termination, "PipelineRunOutput.termination");
        Preconditions.notNull(outcome, "PipelineRunOutput.outcome");
        stages = Preconditions.immutableList(stages, "PipelineRunOutput.stages");
        notRun = Preconditions.immutableList(notRun, "PipelineRunOutput.notRun");
        Preconditions.notNull(usage, "PipelineRunOutput.usage");
        Preconditions.notNull(costUsd, "PipelineRunOutput.costUsd");
        Preconditions.notNull(duration, "PipelineRunOutput.duration");
    }

    /**
     * @param result the pipeline's result
     * @param children the child workflows each stage's attempts started, by stage name
     * @param tasks the task of each stage's last attempt that ran an agent, by stage name
     * @return its output
     */
    public static PipelineRunOutput of(PipelineResult result, Map<String, List<String>> children,
            Map<String, String> tasks) {
        Preconditions.notNull(result, "result");
        Preconditions.notNull(children, "children");
        Preconditions.notNull(tasks, "tasks");
        List<StageOutput> stages = new ArrayList<>(result.stages().size());
        for (StageResult stage : result.stages()) {
            stages.add(StageOutput.of(stage, children.getOrDefault(stage.name(), List.of()), tasks.get(stage.name())));
        }
        return new PipelineRunOutput(result.pipelineName(), result.termination(), result.outcome(),
                stoppedBy(result), stages, result.notRun(), result.usage(), result.costUsd(), result.duration());
    }

    /** @return the stage that stopped the pipeline before its end, or null */
    private static @Nullable String stoppedBy(PipelineResult result) {
        if (result.termination() instanceof Termination.Completed || result.stages().isEmpty()) {
            return null;
        }
        StageResult last = result.stages().get(result.stages().size() - 1);
        return last.termination().equals(result.termination()) ? last.name() : null;
    }

    /**
     * @param stageName a stage's name
     * @return its output, or null when the pipeline did not reach it
     */
    public @Nullable StageOutput stage(String stageName) {
        for (StageOutput stage : stages) {
            if (stage.name().equals(stageName)) {
                return stage;
            }
        }
        return null;
    }
}
