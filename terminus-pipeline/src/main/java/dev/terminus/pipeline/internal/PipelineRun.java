package dev.terminus.pipeline.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunControl;
import dev.terminus.pipeline.PipelineCheckpoint;
import dev.terminus.pipeline.PipelineContext;
import dev.terminus.pipeline.PipelineEvent;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.StageResult;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Coordinates one run of a pipeline on the calling thread: reaches the stages in order, publishes the events, and
 * ends with exactly one termination (ADR 0011). Never throws an exception: a defect of its own ends the pipeline
 * {@code Failed} ({@link ErrorCategory#INTERNAL}) with the stages reached so far. An {@link Error} (of a stage, a
 * listener, or the pipeline's own code) propagates as it was, without the pipeline's last events: a workflow's thread
 * must let its own errors pass.
 *
 * <p>A run may start from a {@link PipelineCheckpoint} (ADR 0031): the stages ended before the pause are its first
 * results, their tokens and the paused stage's are charged already, and the paused stage resumes its agent run with
 * the person's decision before the stages after it run.
 */
public final class PipelineRun {
    private final PipelineSpec spec;
    private final String input;
    private final RunControl control;
    private final EventPublisher events;
    private final StageDispatch dispatch;
    private final TokenLedger ledger;
    private final StageRun stages;
    private final @Nullable Resuming resuming;

    /**
     * A checkpoint to resume from, checked against the pipeline.
     *
     * @param checkpoint the paused pipeline
     * @param decision the person's decision at its gate
     */
    private record Resuming(PipelineCheckpoint checkpoint, GateDecision decision) {}

    private PipelineRun(PipelineSpec spec, String input, RunControl control, @Nullable Resuming resuming) {
        this.spec = spec;
        this.input = input;
        this.control = control;
        this.resuming = resuming;
        this.events = new EventPublisher(spec.listeners());
        this.dispatch = new StageDispatch(spec.executor(), spec.interruptGrace(), control);
        this.ledger = new TokenLedger(spec.tokenBudget(), spec.phaseBudgets());
        this.stages = new StageRun(ledger, dispatch, control);
        if (resuming != null) {
            PipelineCheckpoint checkpoint = resuming.checkpoint();
            List<StageResult> ended = checkpoint.ended();
            for (int i = 0; i < ended.size(); i++) {
                ledger.charge(spec.plans().get(i).phaseIndex(), ended.get(i).usage());
            }
            ledger.charge(spec.plans().get(ended.size()).phaseIndex(), checkpoint.paused().usage());
        }
    }

    /**
     * Runs a pipeline on the caller's thread. An interrupt of the caller cancels it ({@code Cancelled("thread-interrupt")})
     * and is restored on return.
     *
     * @param spec the pipeline
     * @param input what it runs with
     * @return the result
     */
    public static PipelineResult runOnCaller(PipelineSpec spec, String input) {
        return onCaller(new PipelineRun(spec, input, RunControl.start(spec.clock(), null), null));
    }

    /**
     * Resumes a paused pipeline on the caller's thread, as {@link #runOnCaller}.
     *
     * @param spec the pipeline
     * @param checkpoint where it paused
     * @param decision the person's decision at the paused stage's gate
     * @return the result: the stages ended before the pause first, then the paused one and those after it
     * @throws IllegalArgumentException when the checkpoint does not fit the pipeline, or the decision its gate
     */
    public static PipelineResult resumeOnCaller(PipelineSpec spec, PipelineCheckpoint checkpoint,
            GateDecision decision) {
        Resumable.check(spec, checkpoint, decision);
        return onCaller(new PipelineRun(spec, checkpoint.input(), RunControl.start(spec.clock(), null),
                new Resuming(checkpoint, decision)));
    }

    private static PipelineResult onCaller(PipelineRun run) {
        PipelineResult result = run.execute();
        if (run.dispatch.interruptSeen()) {
            Thread.currentThread().interrupt();
        }
        return result;
    }

    /**
     * Runs a pipeline on a thread of its own, cancelled through {@code control}.
     *
     * @param spec the pipeline
     * @param input what it runs with
     * @param control the handle's control
     * @return the result
     */
    static PipelineResult runOwned(PipelineSpec spec, String input, RunControl control) {
        return new PipelineRun(spec, input, control, null).execute();
    }

    private PipelineResult execute() {
        long start = control.clock().nanoTime() - (resuming == null ? 0 : resuming.checkpoint().elapsed().toNanos());
        List<String> names = spec.plans().stream().map(plan -> plan.stage().name()).toList();
        events.publish(new PipelineEvent.PipelineStarted(spec.name(), names));
        List<StageResult> results = new ArrayList<>(resuming == null ? List.of() : resuming.checkpoint().ended());
        Termination end = null;
        Outcome outcome = null;
        try {
            for (PipelineSpec.StagePlan plan : spec.plans().subList(results.size(), names.size())) {
                dispatch.noteInterrupt();
                if (control.isCancelled()) {
                    end = control.cancellation();
                    outcome = Outcome.CANCELLED;
                    break;
                }
                events.publish(new PipelineEvent.StageStarted(spec.name(), plan.stage().name(), plan.phase(),
                        results.size()));
                long stageStart = control.clock().nanoTime();
                StageRun.Ended ended;
                try {
                    ended = runStage(plan, new PipelineContext(spec.name(), input, results));
                } catch (RuntimeException defect) {
                    // a defect of the pipeline's own code: the stage still gets its one result and StageFinished
                    StageResult failed = StageResult.builder().name(plan.stage().name()).phase(plan.phase())
                            .termination(Termination.Failed.of(defect, ErrorCategory.INTERNAL)).outcome(Outcome.FAILED)
                            .duration(Duration.ofNanos(Math.max(0, control.clock().nanoTime() - stageStart))).build();
                    results.add(failed);
                    events.publish(new PipelineEvent.StageFinished(spec.name(), failed));
                    throw defect;
                }
                results.add(ended.result());
                events.publish(new PipelineEvent.StageFinished(spec.name(), ended.result()));
                if (ended.stopsPipeline()) {
                    end = ended.result().termination();
                    outcome = ended.result().outcome();
                    break;
                }
            }
        } catch (RuntimeException e) {
            end = Termination.Failed.of(e, ErrorCategory.INTERNAL);
            outcome = Outcome.FAILED;
        }
        dispatch.noteInterrupt();
        PipelineResult result = result(start, names, results, end, outcome);
        events.publish(new PipelineEvent.PipelineFinished(spec.name(), result));
        return result;
    }

    /** Runs a stage, or resumes it when it is the one the pipeline paused at (the first one run, then). */
    private StageRun.Ended runStage(PipelineSpec.StagePlan plan, PipelineContext context) {
        Resuming paused = resuming;
        if (paused != null && plan.stage().name().equals(paused.checkpoint().stageName())) {
            return stages.resume(plan, context, paused.checkpoint().paused(),
                    new AttemptBody.Resume(paused.checkpoint().checkpoint(), paused.decision()));
        }
        return stages.run(plan, context);
    }

    private PipelineResult result(long start, List<String> names, List<StageResult> results,
            @Nullable Termination end, @Nullable Outcome outcome) {
        Usage usage = Usage.ZERO;
        BigDecimal cost = BigDecimal.ZERO;
        for (StageResult stage : results) {
            usage = usage.plus(stage.usage());
            cost = cost.add(stage.costUsd());
        }
        Termination termination = end != null ? end : new Termination.Completed();
        Outcome rollup = outcome != null ? outcome : Outcome.SUCCEEDED;
        Duration duration = Duration.ofNanos(Math.max(0, control.clock().nanoTime() - start));
        return PipelineResult.builder().pipelineName(spec.name()).termination(termination).outcome(rollup)
                .stages(results).notRun(names.subList(results.size(), names.size())).usage(usage).costUsd(cost)
                .duration(duration).checkpoint(checkpoint(termination, rollup, results, duration)).build();
    }

    /** @return where to resume the pipeline, when it ended at a stage's gate and that stage's run has a checkpoint */
    private @Nullable PipelineCheckpoint checkpoint(Termination termination, Outcome outcome,
            List<StageResult> results, Duration elapsed) {
        if (!(termination instanceof Termination.HitlGatePending) || outcome != Outcome.SUSPENDED
                || results.isEmpty()) {
            return null;
        }
        StageResult paused = results.getLast();
        return paused.lastRun().flatMap(RunResult::checkpoint)
                .filter(checkpoint -> termination instanceof Termination.HitlGatePending gate
                        && gate.gateId().equals(checkpoint.gateId()))
                .map(checkpoint -> new PipelineCheckpoint(spec.name(), input, results.subList(0, results.size() - 1),
                        paused, elapsed, checkpoint))
                .orElse(null);
    }
}
