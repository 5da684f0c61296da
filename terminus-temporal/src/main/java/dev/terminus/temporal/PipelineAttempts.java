package dev.terminus.temporal;

import dev.terminus.Message;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunResult;
import dev.terminus.temporal.wire.PipelineRunOutput;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A suite attempt's pipeline, run as a {@code PipelineWorkflow}, as the one run a benchmark grades: what the harness
 * makes of a pipeline it runs itself. The termination, outcome, usage, cost and duration are the pipeline's; the
 * transcripts, iteration records and tool calls are those of each reached stage's last attempt, read from its child
 * workflow, one after the other; the answer is that of the last stage that answered, and the agent that of the last
 * stage reached.
 */
final class PipelineAttempts {

    private PipelineAttempts() {}

    /**
     * @param client a client using the workers' {@link TerminusDataConverter}
     * @param output the pipeline workflow's output
     * @return the pipeline as one run
     */
    static RunResult asRun(WorkflowClient client, PipelineRunOutput output) {
        List<Message> transcript = new ArrayList<>();
        List<IterationRecord> iterations = new ArrayList<>();
        int toolCalls = 0;
        RunResult answering = null;
        String agent = null;
        for (PipelineRunOutput.StageOutput stage : output.stages()) {
            RunResult run = lastRun(client, stage);
            agent = run == null ? null : run.agentName().orElse(null);
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
        return RunResult.builder().termination(output.termination()).outcome(output.outcome())
                .transcript(transcript).iterations(iterations).usage(output.usage()).costUsd(output.costUsd())
                .toolCalls(toolCalls).duration(output.duration())
                .finalAnswer(answering == null ? null : answering.finalAnswer().orElseThrow())
                .agentName(agent).build();
    }

    /** The run of the stage's last attempt, read from its child; null when it started none or it has no output. */
    private static @Nullable RunResult lastRun(WorkflowClient client,
            PipelineRunOutput.StageOutput stage) {
        if (stage.childWorkflowIds().isEmpty()) {
            return null;
        }
        try {
            return AgentWorkflows.output(client.newUntypedWorkflowStub(stage.childWorkflowIds().getLast())).toRunResult();
        } catch (WorkflowFailedException e) { // its child ended without a run: the stage's own ending stands
            return null;
        }
    }
}
