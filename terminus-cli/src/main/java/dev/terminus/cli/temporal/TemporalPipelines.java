package dev.terminus.cli.temporal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.input.ScenarioFiles;
import dev.terminus.cli.output.PipelineReport;
import dev.terminus.cli.output.Wire;
import dev.terminus.cli.pipeline.PipelineFile;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.temporal.PipelineOutputs;
import dev.terminus.cli.temporal.PipelineWorkflowRuns;
import dev.terminus.cli.temporal.ScenarioRuns;
import dev.terminus.temporal.GateAnswer;
import dev.terminus.temporal.StageGate;
import dev.terminus.temporal.WorkflowInputs;
import dev.terminus.temporal.wire.PipelineRunInput;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code terminus run PIPELINE --temporal ...} and {@code terminus resume --temporal ... PIPELINE_WORKFLOW_ID}: a
 * pipeline file runs as a {@code PipelineWorkflow} on the connection's task queue, each stage's attempt a child agent
 * workflow, and is printed as a pipeline run in this process is ({@link PipelineReport#print}); a stage that waits at an
 * approval gate pauses the pipeline, which {@code resume} answers in the stage's child workflow.
 */
public final class TemporalPipelines {

    private TemporalPipelines() {}

    /**
     * Runs a pipeline file as a workflow and prints how it ended, or the gate it waits at.
     *
     * @return the exit status: 0
     * @throws BadInputException naming the field of the file that cannot work, or what Temporal refused
     */
    public static int run(PrintStream out, PrintStream err, byte[] text, String source, TemporalConnection connection,
            TemporalOptions temporal, boolean json) throws BadInputException {
        PipelineFile file;
        try {
            file = PipelineFile.read(text, source);
            // built here as in one process, so that a stage that cannot work is refused before anything is sent
            file.pipeline(PipelineFile.Materials.scripted());
        } catch (ScenarioException e) {
            throw ScenarioFiles.badInput(e, source);
        }
        PipelineWorkflowRuns runs = runs(connection);
        PipelineWorkflowRuns.Progress progress = TemporalConnection.call("the run of pipeline " + file.name(),
                () -> runs.run(file.name(), file.task(), new String(text, StandardCharsets.UTF_8)));
        print(out, err, file.name(), progress, temporal, json);
        return 0;
    }

    /**
     * Answers the gate a pipeline's workflow waits at (in the child workflow of the stage that waits) and prints how
     * the pipeline then ended, or the next gate it waits at.
     *
     * @return the exit status: 0
     * @throws BadInputException when it waits at no gate, or the gate does not take the answer
     */
    static int resume(PrintStream out, PrintStream err, TemporalConnection connection, TemporalOptions temporal,
            String workflowId, WorkflowResume.Answer answer, boolean json) throws BadInputException {
        PipelineWorkflowRuns runs = runs(connection);
        StageGate gate = TemporalConnection.call("the gate query of workflow " + workflowId,
                () -> runs.pendingGate(workflowId));
        if (gate == null) {
            throw new BadInputException("workflow " + workflowId + " waits at no gate");
        }
        GateAnswer sent = WorkflowResume.sent(answer, gate.gate());
        try {
            gate.gate().check(sent); // as the child's update validator would, before anything is sent
        } catch (IllegalArgumentException e) {
            throw new BadInputException("workflow " + workflowId + " (stage " + gate.stage() + "): "
                    + e.getMessage());
        }
        PipelineRunInput input = TemporalConnection.call("the input of workflow " + workflowId,
                () -> WorkflowInputs.of(connection.client(), workflowId, "", PipelineRunInput.class));
        PipelineWorkflowRuns.Progress progress = TemporalConnection.call("the answer to workflow " + workflowId,
                () -> runs.answer(workflowId, sent));
        print(out, err, input.pipelineName(), progress, temporal, json);
        return 0;
    }

    private static PipelineWorkflowRuns runs(TemporalConnection connection) {
        return new PipelineWorkflowRuns(connection.client(), connection.taskQueue());
    }

    private static void print(PrintStream out, PrintStream err, String pipeline, PipelineWorkflowRuns.Progress progress,
            TemporalOptions temporal, boolean json) {
        switch (progress) {
            case PipelineWorkflowRuns.Progress.Ended ended ->
                    PipelineReport.print(out, PipelineOutputs.result(ended.output()), json);
            case PipelineWorkflowRuns.Progress.Paused paused -> {
                StageGate gate = paused.gate();
                if (json) {
                    out.print(Wire.pretty(waiting(pipeline, paused)));
                } else {
                    out.println("  Pipeline      " + pipeline);
                    out.println("  Waiting       stage " + gate.stage() + " (attempt " + gate.attempt()
                            + ") waits at gate " + gate.gate().gateId() + " in its workflow "
                            + gate.childWorkflowId());
                }
                PrintStream to = json ? err : out;
                WorkflowResume.printWaiting(new ScenarioRuns.Progress.Paused(paused.workflowId(), gate.gate()), temporal, to);
                out.flush();
            }
        }
    }

    /** A waiting pipeline as JSON: its name and workflow, the stage that waits, its child workflow and its gate. */
    private static ObjectNode waiting(String pipeline, PipelineWorkflowRuns.Progress.Paused paused) {
        ObjectNode node = Wire.MAPPER.createObjectNode();
        node.put("pipeline", pipeline);
        node.put("workflowId", paused.workflowId());
        node.put("waitingStage", paused.gate().stage());
        node.put("attempt", paused.gate().attempt());
        node.put("childWorkflowId", paused.gate().childWorkflowId());
        node.put("gateId", paused.gate().gate().gateId());
        node.put("gate", paused.gate().gate().summary());
        return node;
    }
}
