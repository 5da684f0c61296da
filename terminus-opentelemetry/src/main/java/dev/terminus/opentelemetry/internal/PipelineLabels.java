package dev.terminus.opentelemetry.internal;

import dev.terminus.Termination;
import dev.terminus.opentelemetry.TelemetryNames;

/**
 * Turns what pipeline events carry into bounded attribute values: pipeline, stage and phase names through
 * {@link BoundedValues}, terminations through {@link Labels#tag} and {@link Labels#category} (the same bounding as
 * agent runs: {@code Custom} for every custom termination, extension tags bounded).
 */
final class PipelineLabels {
    private final BoundedValues<WorkflowLabels> workflows =
            new BoundedValues<>(Bounds.PIPELINES, new WorkflowLabels(TelemetryNames.OTHER), WorkflowLabels::new);
    private final BoundedValues<String> stageNames = Labels.identity(Bounds.STAGES);
    private final BoundedValues<String> phases = Labels.identity(Bounds.PHASES);
    /** Only its termination tags are used: its other vocabularies stay empty. */
    private final Labels terminations = new Labels();

    WorkflowLabels workflow(String name) {
        return workflows.get(name);
    }

    WorkflowLabels.StageLabels stage(WorkflowLabels workflow, String stageName) {
        return workflow.stage(stageNames.get(stageName));
    }

    String phase(String phase) {
        return phases.get(phase);
    }

    /** @return the termination's reported tag (see {@link Labels#tag}) */
    String tag(Termination termination) {
        return terminations.tag(termination);
    }

    /** @return the termination's category's name, or {@code _OTHER} */
    static String category(Termination termination) {
        return Labels.category(termination);
    }
}
