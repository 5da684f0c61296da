package dev.terminus.cli.temporal;

import dev.terminus.Message;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.StageResult;
import dev.terminus.temporal.wire.PipelineRunOutput;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A pipeline workflow's output as the {@link PipelineResult} the command line prints for a pipeline run in one
 * process: each stage that ran an agent has a last run with what the output keeps of it (its task as its first
 * message, its iterations by number, its answer, its stage's termination and figures).
 */
public final class PipelineOutputs {
    private PipelineOutputs() {}

    /**
     * @param output a pipeline workflow's output
     * @return the result to print
     */
    public static PipelineResult result(PipelineRunOutput output) {
        List<StageResult> stages = new ArrayList<>(output.stages().size());
        for (PipelineRunOutput.StageOutput stage : output.stages()) {
            stages.add(StageResult.builder().name(stage.name()).phase(stage.phase()).termination(stage.termination())
                    .outcome(stage.outcome()).attempts(stage.attempts()).usage(stage.usage())
                    .costUsd(stage.costUsd()).duration(stage.duration())
                    .lastRun(stage.childWorkflowIds().isEmpty() ? null : lastRun(stage)).build());
        }
        return PipelineResult.builder().pipelineName(output.pipelineName()).termination(output.termination())
                .outcome(output.outcome()).stages(stages).notRun(output.notRun()).usage(output.usage())
                .costUsd(output.costUsd()).duration(output.duration()).build();
    }

    private static RunResult lastRun(PipelineRunOutput.StageOutput stage) {
        List<IterationRecord> iterations = new ArrayList<>(stage.iterations());
        for (int i = 1; i <= stage.iterations(); i++) {
            iterations.add(new IterationRecord(i, Usage.ZERO, 0, null, Duration.ZERO));
        }
        List<Message> transcript = stage.task() == null ? List.of() : List.of(new Message.User(stage.task()));
        return RunResult.builder().termination(stage.termination()).outcome(stage.outcome())
                .finalAnswer(stage.finalAnswer()).iterations(iterations).usage(stage.usage())
                .costUsd(stage.costUsd()).transcript(transcript).build();
    }
}
