package dev.terminus.pipeline.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunControl;
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
 */
public final class PipelineRun {
    private final PipelineSpec spec;
    private final String input;
    private final RunControl control;
    private final EventPublisher events;
    private final StageDispatch dispatch;
    private final StageRun stages;

    private PipelineRun(PipelineSpec spec, String input, RunControl control) {
        this.spec = spec;
        this.input = input;
        this.control = control;
        this.events = new EventPublisher(spec.listeners());
        this.dispatch = new StageDispatch(spec.executor(), spec.interruptGrace(), control);
        this.stages = new StageRun(new TokenLedger(spec.tokenBudget(), spec.phaseBudgets()), dispatch, control);
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
        PipelineRun run = new PipelineRun(spec, input, RunControl.start(spec.clock(), null));
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
        return new PipelineRun(spec, input, control).execute();
    }

    private PipelineResult execute() {
        long start = control.clock().nanoTime();
        List<String> names = spec.plans().stream().map(plan -> plan.stage().name()).toList();
        events.publish(new PipelineEvent.PipelineStarted(spec.name(), names));
        List<StageResult> results = new ArrayList<>();
        Termination end = null;
        Outcome outcome = null;
        try {
            for (PipelineSpec.StagePlan plan : spec.plans()) {
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
                    ended = stages.run(plan, new PipelineContext(spec.name(), input, results));
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
                .duration(duration).build();
    }
}
