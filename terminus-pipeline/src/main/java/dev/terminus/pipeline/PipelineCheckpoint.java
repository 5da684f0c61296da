package dev.terminus.pipeline;

import dev.terminus.Outcome;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything needed to continue a pipeline that paused at a stage's human gate: its name and input, the stages that
 * ended before, the paused stage so far, and the paused agent run's {@link Checkpoint}. It comes from
 * {@link PipelineResult#checkpoint()}, serializes with {@link PipelineCheckpointJson}, and resumes with
 * {@link Pipeline#resume(PipelineCheckpoint, dev.terminus.agent.GateDecision)}, in this process or another, on a pipeline of the same
 * name and stages. Budgets count on from its figures: the tokens the ended stages and the paused stage used so far
 * stay charged.
 *
 * {@snippet :
 * // given: Pipeline pipeline; Path file
 * PipelineResult paused = pipeline.run("Refund order 42");
 * PipelineCheckpointJson json = PipelineCheckpointJson.ofDefaults();
 * Files.writeString(file, json.write(paused.checkpoint().orElseThrow()));
 * // ... later, maybe in another process, when a person said yes:
 * PipelineResult done = pipeline.approve(json.read(Files.readString(file)));
 * }
 *
 * <p><b>What is kept of the stages.</b> Every field of each ended stage's {@link StageResult} is kept, but of its
 * agent run ({@link StageResult#lastRun()}) only what later stages read: its termination, outcome, usage, cost, tool
 * calls, duration, final answer and agent name, so that {@link PipelineContext#answer(String)} and
 * {@link PipelineContext#previousAnswer()} work after the resume. Its transcript, iterations, structured output,
 * checkpoint and children are not kept (the constructor drops them). The paused stage is kept as a result without
 * an agent run (its termination the gate, its outcome {@code SUSPENDED}): its run is the checkpoint.
 *
 * @param pipelineName the pipeline's name
 * @param input what the pipeline was run with
 * @param ended the results of the stages that ended before the paused one, in order, their agent runs reduced as
 *     above
 * @param paused the paused stage so far: its name, phase, the gate as termination, outcome {@code SUSPENDED}, its
 *     attempts (the paused one included), the tokens and money its attempts used (the paused run's so far included),
 *     its time up to the pause; no agent run
 * @param elapsed the pipeline's time up to the pause; the resumed pipeline's duration counts on from it
 * @param checkpoint the paused agent run's checkpoint, at the paused stage's gate
 */
public record PipelineCheckpoint(String pipelineName, String input, List<StageResult> ended, StageResult paused,
        Duration elapsed, Checkpoint checkpoint) {

    /** Validates every component, naming a bad one; reduces the agent runs and copies the list immutably. */
    public PipelineCheckpoint {
        Preconditions.notBlank(pipelineName, "PipelineCheckpoint.pipelineName");
        Preconditions.notNull(input, "PipelineCheckpoint.input");
        List<StageResult> stages = Preconditions.immutableList(ended, "PipelineCheckpoint.ended");
        Preconditions.notNull(paused, "PipelineCheckpoint.paused");
        Preconditions.nonNegative(elapsed, "PipelineCheckpoint.elapsed");
        Preconditions.notNull(checkpoint, "PipelineCheckpoint.checkpoint");
        Set<String> names = new HashSet<>();
        List<StageResult> reduced = new ArrayList<>(stages.size());
        for (StageResult stage : stages) {
            if (!names.add(stage.name())) {
                throw new IllegalArgumentException("PipelineCheckpoint.ended names stage \"" + stage.name()
                        + "\" twice");
            }
            reduced.add(stage.toBuilder().lastRun(stage.lastRun().map(PipelineCheckpoint::reduce).orElse(null))
                    .build());
        }
        if (names.contains(paused.name())) {
            throw new IllegalArgumentException("PipelineCheckpoint.paused names stage \"" + paused.name()
                    + "\", which is among the ended stages");
        }
        if (!(paused.termination() instanceof Termination.HitlGatePending gate)
                || !gate.gateId().equals(checkpoint.gateId())) {
            throw new IllegalArgumentException("PipelineCheckpoint.paused.termination must be the checkpoint's gate"
                    + " (HitlGatePending \"" + checkpoint.gateId() + "\"), was " + paused.termination());
        }
        if (paused.outcome() != Outcome.SUSPENDED) {
            throw new IllegalArgumentException("PipelineCheckpoint.paused.outcome must be SUSPENDED, was "
                    + paused.outcome());
        }
        if (paused.attempts() < 1) {
            throw new IllegalArgumentException("PipelineCheckpoint.paused.attempts must be at least 1 (the paused"
                    + " one), was " + paused.attempts());
        }
        if (paused.lastRun().isPresent()) {
            paused = paused.toBuilder().lastRun(null).build();
        }
        ended = List.copyOf(reduced);
    }

    /**
     * What is kept of an ended stage's agent run: what later stages and a dashboard read.
     *
     * @param run the run
     * @return its termination, outcome, usage, cost, tool calls, duration, final answer and agent name
     */
    static RunResult reduce(RunResult run) {
        return RunResult.builder().termination(run.termination()).outcome(run.outcome()).usage(run.usage())
                .costUsd(run.costUsd()).toolCalls(run.toolCalls()).duration(run.duration())
                .finalAnswer(run.finalAnswer().orElse(null)).agentName(run.agentName().orElse(null)).build();
    }

    /** @return the paused stage's name */
    public String stageName() {
        return paused.name();
    }

    /** @return the paused stage's attempts so far, the paused one included */
    public int attempts() {
        return paused.attempts();
    }

    /** @return the gate the paused run waits at: a decision must name it */
    public String gateId() {
        return checkpoint.gateId();
    }

    /** @return the tokens the pipeline used so far: the ended stages' and the paused stage's */
    public Usage usage() {
        Usage total = paused.usage();
        for (StageResult stage : ended) {
            total = total.plus(stage.usage());
        }
        return total;
    }

    /** @return the money the pipeline spent so far, in US dollars */
    public BigDecimal costUsd() {
        BigDecimal total = paused.costUsd();
        for (StageResult stage : ended) {
            total = total.add(stage.costUsd());
        }
        return total;
    }
}
