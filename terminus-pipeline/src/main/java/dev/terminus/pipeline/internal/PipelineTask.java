package dev.terminus.pipeline.internal;

import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.control.SupervisedRun;
import dev.terminus.pipeline.PipelineHandle;
import dev.terminus.pipeline.PipelineResult;

/**
 * A pipeline coordinated on a virtual thread of its own, cancellable through its handle. A cancellation stops the
 * running stage through the pipeline's control (its agent run is cancelled, its thread interrupted); the coordinating
 * thread then ends the pipeline, so it is never abandoned.
 */
public final class PipelineTask extends SupervisedRun<PipelineResult> implements PipelineHandle {

    private PipelineTask(RunControl control, PipelineSpec spec) {
        super(control, spec.interruptGrace());
    }

    /**
     * Starts a pipeline on a new virtual thread.
     *
     * @param spec the pipeline
     * @param input what it runs with
     * @return its handle
     */
    public static PipelineTask start(PipelineSpec spec, String input) {
        RunControl control = RunControl.start(spec.clock(), null);
        PipelineTask task = new PipelineTask(control, spec);
        task.start("terminus-pipeline-" + spec.name(), () -> PipelineRun.runOwned(spec, input, control));
        return task;
    }

    @Override
    protected void onStop(Thread worker) {
        // the stage running is stopped by the hooks it registered with the control
    }
}
