package dev.terminus.eval.internal;

import dev.terminus.Message;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunResult;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.StageResult;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A pipeline's result as the harness grades and reports it: as one run (what {@link dev.terminus.eval.PipelineFactory}
 * documents the evaluator sees), and the stage that stopped it.
 */
final class PipelineRuns {
    private PipelineRuns() {}

    /**
     * @param pipeline how the pipeline ended
     * @return the pipeline as one run: its termination, outcome, usage, cost and duration; the final answer (and
     *     structured output) of the last stage that ran and answered; the stages' last attempts' transcripts and
     *     iterations one after the other, their tool calls added up; the agent of the last stage reached
     */
    static RunResult asRun(PipelineResult pipeline) {
        List<Message> transcript = new ArrayList<>();
        List<IterationRecord> iterations = new ArrayList<>();
        int toolCalls = 0;
        RunResult answering = null;
        for (StageResult stage : pipeline.stages()) {
            RunResult run = stage.lastRun().orElse(null);
            if (run == null) {
                continue;
            }
            transcript.addAll(run.transcript());
            iterations.addAll(run.iterations());
            toolCalls += run.toolCalls();
            if (run.finalAnswer().isPresent()) {
                answering = run;
            }
        }
        String agent = pipeline.stages().isEmpty() ? null
                : pipeline.stages().getLast().lastRun().flatMap(RunResult::agentName).orElse(null);
        return RunResult.builder().termination(pipeline.termination()).outcome(pipeline.outcome())
                .transcript(transcript).iterations(iterations).usage(pipeline.usage()).costUsd(pipeline.costUsd())
                .toolCalls(toolCalls).duration(pipeline.duration())
                .finalAnswer(answering == null ? null : answering.finalAnswer().orElseThrow())
                .structuredOutput(answering == null ? null : answering.structuredOutput().orElse(null))
                .agentName(agent).build();
    }

    /**
     * @param pipeline how the pipeline ended
     * @return the name of the stage that stopped it: the last stage reached, when the pipeline did not complete and
     *     ended with that stage's termination; null when it completed or was cancelled between stages
     */
    static @Nullable String stoppedByStage(PipelineResult pipeline) {
        if (pipeline.completed() || pipeline.stages().isEmpty()) {
            return null;
        }
        StageResult last = pipeline.stages().getLast();
        return last.termination().equals(pipeline.termination()) ? last.name() : null;
    }
}
