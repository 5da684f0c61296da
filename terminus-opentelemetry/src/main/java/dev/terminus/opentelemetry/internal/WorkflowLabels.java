package dev.terminus.opentelemetry.internal;

import dev.terminus.Outcome;
import dev.terminus.opentelemetry.TelemetryNames;
import io.opentelemetry.api.common.Attributes;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One pipeline's bounded name, its {@code invoke_workflow} span's name, the attributes of its run metrics, and the
 * labels of its stages, each built once: bounded, since the pipeline name, the stage names and every part of a
 * {@link RunKey} are.
 */
final class WorkflowLabels {
    final String name;
    final String spanName;
    private final RunAttributes runAttributes;
    private final ConcurrentHashMap<String, StageLabels> stages = new ConcurrentHashMap<>();

    WorkflowLabels(String name) {
        this.name = name;
        this.spanName = TelemetryNames.INVOKE_WORKFLOW + " " + name;
        this.runAttributes = new RunAttributes(Attributes.of(Keys.WORKFLOW_NAME, name));
    }

    /**
     * @param stageName an already bounded stage name
     * @return that stage's labels in this pipeline
     */
    StageLabels stage(String stageName) {
        return stages.computeIfAbsent(stageName, stage -> new StageLabels(name, stage));
    }

    /** @return the attributes of the pipeline's {@code terminus.run.completed} and {@code terminus.run.duration} */
    Attributes runAttributes(String tag, String category, Outcome outcome) {
        return runAttributes.of(tag, category, outcome);
    }

    /** One stage's bounded name in one pipeline, its span's name, and the attributes of its run metrics. */
    static final class StageLabels {
        final String workflow;
        final String name;
        final String spanName;
        private final RunAttributes runAttributes;

        StageLabels(String workflow, String name) {
            this.workflow = workflow;
            this.name = name;
            this.spanName = TelemetryNames.STAGE + " " + name;
            this.runAttributes = new RunAttributes(Attributes.of(Keys.WORKFLOW_NAME, workflow, Keys.STAGE_NAME, name));
        }

        /** @return the attributes of the stage's {@code terminus.run.completed} and {@code terminus.run.duration} */
        Attributes runAttributes(String tag, String category, Outcome outcome) {
            return runAttributes.of(tag, category, outcome);
        }
    }
}
