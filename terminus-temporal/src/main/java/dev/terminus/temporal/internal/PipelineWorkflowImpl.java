package dev.terminus.temporal.internal;

import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.StageExecutor;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.temporal.PipelineMaterials;
import dev.terminus.temporal.PipelineRecipe;
import dev.terminus.temporal.PipelineRecipes;
import dev.terminus.temporal.wire.PipelineRunInput;
import dev.terminus.temporal.wire.PipelineRunOutput;
import dev.terminus.temporal.wire.PipelineWorkflow;
import dev.terminus.temporal.wire.RunningStage;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import org.jspecify.annotations.Nullable;

/**
 * One pipeline run in one workflow execution. The pipeline runs on the workflow's thread in a detached cancellation
 * scope, as an agent's loop does in its workflow, so that Temporal's cancellation never throws into its code: a
 * watcher in the workflow's scope turns that cancellation into a stop of the stage children ({@link StageChildren}),
 * whose running child's run then ends {@code Cancelled}, which ends the stage and the pipeline {@code Cancelled}.
 */
public final class PipelineWorkflowImpl implements PipelineWorkflow {
    private final PipelineRecipes recipes;
    private @Nullable PipelineRunOutput output;
    private @Nullable StageChildren children;
    private boolean ended;

    /** @param recipes the pipelines the worker runs */
    public PipelineWorkflowImpl(PipelineRecipes recipes) {
        this.recipes = recipes;
    }

    @Override
    public PipelineRunOutput run(PipelineRunInput input) {
        WireVersions.check(input.wireVersion(), "the run of pipeline \"" + input.pipelineName() + "\"");
        StageChildren stages = new StageChildren(Workflow.getInfo().getWorkflowId());
        children = stages;
        Pipeline pipeline = pipeline(input, new PipelineMaterials(new WorkflowClock(), stages::runner));
        CancellationScope workflowScope = CancellationScope.current();
        Async.procedure(() -> watchCancellation(workflowScope, stages));
        PipelineResult[] result = new PipelineResult[1];
        Workflow.newDetachedCancellationScope(() -> result[0] = pipeline.run(input.input())).run();
        ended = true;
        // Temporal closes a workflow whose cancellation was requested as cancelled, without a value, whatever this
        // returns: the output stays readable through the output query
        PipelineRunOutput ran = PipelineRunOutput.of(result[0], stages.started(), stages.tasks());
        new Findable(recipes.searchAttributes()).ended(ran.termination(), ran.outcome());
        output = ran;
        return ran;
    }

    @Override
    public @Nullable PipelineRunOutput output() {
        return output;
    }

    @Override
    public @Nullable RunningStage runningStage() {
        StageChildren stages = children;
        return stages == null ? null : stages.running();
    }

    private void watchCancellation(CancellationScope workflowScope, StageChildren stages) {
        try {
            Workflow.await(() -> ended || workflowScope.isCancelRequested());
        } catch (CanceledFailure e) {
            // the workflow was cancelled while this watcher waited
        }
        if (!ended) {
            stages.stop(CANCELLED_BY_WORKFLOW);
        }
    }

    /** The pipeline built by its recipe on the materials; a workflow failure when it cannot be. */
    private Pipeline pipeline(PipelineRunInput input, PipelineMaterials materials) {
        try {
            PipelineRecipe recipe = recipes.recipe(input);
            Pipeline pipeline = recipe.build(materials);
            if (pipeline == null) {
                throw new IllegalArgumentException("the recipe of pipeline \"" + input.pipelineName()
                        + "\" returned no pipeline");
            }
            if (pipeline.clock() != materials.clock() || pipeline.executor() != StageExecutor.callerThread()) {
                // its stages would wait on another clock or run off the workflow's thread: neither replays
                throw new IllegalArgumentException("the recipe of pipeline \"" + input.pipelineName() + "\" must build"
                        + " it with PipelineMaterials.builder(name), whose clock is the workflow's and whose stages run on"
                        + " the workflow's thread; it built it on " + pipeline.clock() + " with " + pipeline.executor());
            }
            return pipeline;
        } catch (RuntimeException e) {
            throw ApplicationFailure.newNonRetryableFailureWithCause(String.valueOf(e.getMessage()),
                    "terminus.configuration", e);
        }
    }
}
