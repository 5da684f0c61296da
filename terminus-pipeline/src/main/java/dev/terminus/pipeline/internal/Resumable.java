package dev.terminus.pipeline.internal;

import dev.terminus.agent.GateDecision;
import dev.terminus.pipeline.PipelineCheckpoint;
import dev.terminus.pipeline.StageResult;
import java.util.List;

/** Whether a {@link PipelineCheckpoint} and a decision fit the pipeline asked to resume them (ADR 0031). */
final class Resumable {
    private Resumable() {}

    /**
     * Refuses a checkpoint of another pipeline, one paused at a stage the pipeline does not have (or with other
     * stages before it), one paused at a stage that cannot resume here, and a decision for another gate.
     *
     * @param spec the pipeline
     * @param checkpoint the checkpoint
     * @param decision the decision
     * @throws IllegalArgumentException naming what does not fit, and both values
     */
    static void check(PipelineSpec spec, PipelineCheckpoint checkpoint, GateDecision decision) {
        if (!checkpoint.pipelineName().equals(spec.name())) {
            throw new IllegalArgumentException("the checkpoint is of pipeline \"" + checkpoint.pipelineName()
                    + "\", not of this pipeline \"" + spec.name() + "\"");
        }
        List<String> names = spec.plans().stream().map(plan -> plan.stage().name()).toList();
        int index = names.indexOf(checkpoint.stageName());
        if (index < 0) {
            throw new IllegalArgumentException("the checkpoint paused at stage \"" + checkpoint.stageName()
                    + "\", which pipeline \"" + spec.name() + "\" does not have (its stages: " + names + ")");
        }
        List<String> ended = checkpoint.ended().stream().map(StageResult::name).toList();
        if (!ended.equals(names.subList(0, index))) {
            throw new IllegalArgumentException("the checkpoint's stages ended before \"" + checkpoint.stageName()
                    + "\" are " + ended + ", but pipeline \"" + spec.name() + "\" has " + names.subList(0, index)
                    + " before it");
        }
        switch (spec.plans().get(index).stage().body()) {
            case StageBody.AgentBody agent -> { }
            case StageBody.BudgetedAgentBody budgeted -> { }
            case StageBody.RunnerBody runner -> throw new IllegalArgumentException("stage \""
                    + checkpoint.stageName() + "\" runs its agent through an AgentStageRunner, which resumes a"
                    + " paused run on its own side: Pipeline.resume cannot resume it");
            case StageBody.FunctionBody function -> throw new IllegalArgumentException("stage \""
                    + checkpoint.stageName() + "\" of pipeline \"" + spec.name() + "\" runs a function, which never"
                    + " pauses at a gate: the checkpoint is not of this pipeline's stages");
        }
        if (!decision.gateId().equals(checkpoint.gateId())) {
            throw new IllegalArgumentException("the decision is for gate \"" + decision.gateId()
                    + "\" but the pipeline is waiting at gate \"" + checkpoint.gateId() + "\"");
        }
    }
}
