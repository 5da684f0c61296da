package dev.terminus.agent.control;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

/**
 * A run between two of its iterations, as a value another execution continues it from: everything the loop's next
 * iteration reads (the transcript, the counters, usage, cost and time so far, the mistake streak, the structured-output
 * repairs used, the budget-pressure finalization and the progress guard's window). A durable engine suspends a long
 * run to one and continues it in a fresh execution (Temporal's continue-as-new) with
 * {@link AgentEngine#proceed(Continuation, RunControl, java.util.function.Predicate)}; the
 * continued run makes the decisions the uninterrupted one would have made, and ends with the same termination.
 *
 * {@snippet :
 * AgentEngine engine = AgentEngine.of(agent);
 * RunStep step = engine.run(task, engine.newControl(), run -> run.transcript().size() > 2_000);
 * while (step instanceof RunStep.Suspended(Continuation continuation, var children)) {
 *     step = engine.proceed(continuation, engine.newControl(continuation), run -> run.transcript().size() > 2_000);
 * }
 * RunResult result = ((RunStep.Ended) step).result();
 * }
 *
 * @param agentName the agent's name
 * @param modelName the agent's model
 * @param configFingerprint a digest of the agent's settings and tools; continuing on a different one is refused
 * @param transcript the transcript so far
 * @param iterations the iterations finished
 * @param toolCalls the tool calls executed so far
 * @param usage the tokens consumed so far
 * @param costUsd the money spent so far
 * @param records the records of the finished iterations
 * @param elapsed the run's time so far; the time budget counts on from it
 * @param consecutiveMistakes the mistake streak
 * @param repairsUsed the structured-output repairs used so far
 * @param finalizing whether the budget-pressure finalization iteration comes next
 * @param progress the progress guard's memory
 */
public record Continuation(String agentName, String modelName, String configFingerprint, List<Message> transcript,
        int iterations, int toolCalls, Usage usage, BigDecimal costUsd, List<IterationRecord> records,
        Duration elapsed, int consecutiveMistakes, int repairsUsed, boolean finalizing, Progress progress) {

    /**
     * What the progress guard remembers: the fingerprints of recent results in its window, and its streaks.
     *
     * @param seen the window's fingerprints, in the window's slots
     * @param nextSlot the slot the next new fingerprint replaces once the window is full
     * @param previousIteration the fingerprint of the last iteration, when {@code hasPrevious}
     * @param hasPrevious whether an iteration was fingerprinted
     * @param identicalStreak identical iterations in a row
     * @param stallStreak iterations with nothing new in a row
     */
    public record Progress(List<Long> seen, int nextSlot, long previousIteration, boolean hasPrevious,
            int identicalStreak, int stallStreak) {
        /** Validates and copies the window. */
        public Progress {
            seen = Preconditions.immutableList(seen, "Progress.seen");
            Preconditions.nonNegative(nextSlot, "Progress.nextSlot");
            Preconditions.nonNegative(identicalStreak, "Progress.identicalStreak");
            Preconditions.nonNegative(stallStreak, "Progress.stallStreak");
        }
    }

    /** Validates every component and copies the lists. */
    public Continuation {
        Preconditions.notNull(agentName, "Continuation.agentName");
        Preconditions.notNull(modelName, "Continuation.modelName");
        Preconditions.notNull(configFingerprint, "Continuation.configFingerprint");
        transcript = Preconditions.immutableList(transcript, "Continuation.transcript");
        if (iterations < 1) {
            throw new IllegalArgumentException("Continuation.iterations must be >= 1, was " + iterations);
        }
        Preconditions.nonNegative(toolCalls, "Continuation.toolCalls");
        Preconditions.notNull(usage, "Continuation.usage");
        Preconditions.nonNegative(costUsd, "Continuation.costUsd");
        records = Preconditions.immutableList(records, "Continuation.records");
        if (records.size() != iterations) {
            throw new IllegalArgumentException("Continuation.records must hold one record per finished iteration ("
                    + iterations + "), held " + records.size());
        }
        Preconditions.notNull(elapsed, "Continuation.elapsed");
        if (elapsed.isNegative()) {
            throw new IllegalArgumentException("Continuation.elapsed must not be negative, was " + elapsed);
        }
        Preconditions.nonNegative(consecutiveMistakes, "Continuation.consecutiveMistakes");
        Preconditions.nonNegative(repairsUsed, "Continuation.repairsUsed");
        Preconditions.notNull(progress, "Continuation.progress");
    }
}
