package dev.terminus.cli.demo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.agent.AgentListener;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.output.PipelineReport;
import dev.terminus.cli.output.Wire;
import dev.terminus.cli.pipeline.PipelineFile;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.temporal.PipelineOutputs;
import dev.terminus.cli.temporal.PipelineWorkflowRuns;
import dev.terminus.cli.temporal.TemporalConnection;
import dev.terminus.pipeline.PipelineResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The pipelines' part of {@code terminus run --demo}: the built-in pipeline files ({@link PipelineFile#DEMO}) run in
 * this process, or each as a pipeline workflow with {@code --temporal}, each shown as its stages' table under a line
 * saying how it ended, or as one JSON object among the demo's results.
 *
 * @param name the pipeline file's name
 * @param expected the termination kind it is meant to end with
 * @param result how it ended
 */
public record PipelineDemo(String name, @Nullable String expected, PipelineResult result) {

    /**
     * @param listeners listeners of the stages' agent runs
     * @return every built-in pipeline's run, in order
     */
    public static List<PipelineDemo> run(List<AgentListener> listeners) {
        List<PipelineDemo> rows = new ArrayList<>();
        for (String name : PipelineFile.DEMO) {
            PipelineFile file = PipelineFile.demo(name);
            try {
                PipelineResult result = file.pipeline(new PipelineFile.Materials(null, listeners, List.of(), Map.of()))
                        .run(file.task());
                rows.add(new PipelineDemo(name, file.expect(), result));
            } catch (ScenarioException e) {
                throw new IllegalStateException("the demo pipeline " + name + " is broken: " + e.getMessage(), e);
            }
        }
        return rows;
    }

    /**
     * @param connection where the workflows run
     * @return every built-in pipeline's run, each as a pipeline workflow of the file's text, in order
     * @throws BadInputException when Temporal refused a run
     */
    public static List<PipelineDemo> run(TemporalConnection connection) throws BadInputException {
        PipelineWorkflowRuns runs = new PipelineWorkflowRuns(connection.client(), connection.taskQueue());
        List<PipelineDemo> rows = new ArrayList<>();
        for (String name : PipelineFile.DEMO) {
            PipelineFile file = PipelineFile.demo(name);
            String text = PipelineFile.demoText(name);
            PipelineWorkflowRuns.Progress progress = TemporalConnection.call("the demo pipeline " + name,
                    () -> runs.run(file.name(), file.task(), text));
            if (!(progress instanceof PipelineWorkflowRuns.Progress.Ended ended)) {
                throw new IllegalStateException("the demo pipeline " + name + " has no approval gate, yet its workflow"
                        + " waits at one: " + progress);
            }
            rows.add(new PipelineDemo(name, file.expect(), PipelineOutputs.result(ended.output())));
        }
        return rows;
    }

    /** @return whether it ended with the kind it expects */
    public boolean asExpected() {
        return expected == null || expected.equals(result.termination().tag());
    }

    /** The section of the text output: a title, then each pipeline's line and its stages' table. */
    public static List<String> lines(List<PipelineDemo> pipelines) {
        List<String> lines = new ArrayList<>();
        lines.add("Pipelines: stages run in order, each taking the previous stage's answer; a skipped stage passes it"
                + " on, a RETRYABLE attempt is run again, a failure stops the pipeline with the stage's termination.");
        for (PipelineDemo pipeline : pipelines) {
            lines.add("");
            String stopper = PipelineReport.stoppedBy(pipeline.result()).map(stage -> ", stopped by stage "
                    + stage.name()).orElse("");
            lines.add(pipeline.name() + ".json: " + pipeline.result().termination().tag() + " ("
                    + pipeline.result().outcome() + stopper + ")  "
                    + (pipeline.asExpected() ? "ok" : "EXPECTED " + pipeline.expected()));
            PipelineReport.table(pipeline.result()).forEach(line -> lines.add("  " + line));
        }
        return lines;
    }

    /** The pipeline's result as JSON, as {@code terminus run --json PIPELINE} prints it, named as a demo row. */
    public ObjectNode json() {
        ObjectNode node = Wire.MAPPER.createObjectNode();
        node.put("scenario", name);
        node.put("engine", "pipeline");
        node.setAll(PipelineReport.json(result));
        return node;
    }
}
