package dev.terminus.agent;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.Preconditions;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything needed to continue a run that stopped at a human-approval gate ({@link Termination.HitlGatePending}):
 * the transcript, the counters, usage, cost and elapsed time, and the call waiting for a decision together with the
 * calls of the same round not yet run. Budgets count on from these figures when the run resumes; nothing is reset.
 *
 * <p>A checkpoint is a plain value: it serializes to JSON with {@code CheckpointJson} of the {@code terminus-checkpoint} module (through
 * {@code TerminusModule}, so messages and the gate use the wire format) and may be resumed in another process with
 * {@link Agent#resume(Checkpoint, GateDecision)} on an agent of the same configuration. A store of paused runs
 * ({@link dev.terminus.agent.spi.GateStore}) keeps it by its gate id ({@link #gateId()}).
 *
 * {@snippet :
 * RunResult paused = agent.run("Refund order 42");
 * if (paused.termination() instanceof Termination.HitlGatePending gate) {
 *     Checkpoint checkpoint = paused.checkpoint().orElseThrow();
 *     store.save(checkpoint);
 *     // ... later, maybe in another process:
 *     RunResult done = agent.resume(store.load(gate.gateId()).orElseThrow(), GateDecision.approve(gate.gateId()));
 * }
 * }
 *
 * @param formatVersion the checkpoint format's version ({@link #FORMAT_VERSION} when written by this version)
 * @param gate the termination the run paused with; its {@code gateId} is the checkpoint's id
 * @param agentName the agent's name
 * @param modelName the agent's model
 * @param configFingerprint a digest of the agent's settings and tools; resuming on a different one is refused
 * @param pendingCall the tool call waiting for approval
 * @param remainingCalls the calls of the same assistant message after the pending one, not run yet
 * @param transcript the transcript up to the pause (the pending call has no result yet)
 * @param iteration the iteration the run paused in
 * @param toolCalls the tool calls executed so far
 * @param usage the tokens consumed so far
 * @param costUsd the money spent so far
 * @param iterations the records of the iterations finished before the paused one
 * @param elapsed the run's time so far; the time budget counts on from it
 * @param consecutiveMistakes the mistake streak at the pause
 * @param repairsUsed the structured-output repairs used so far
 * @param finalizing whether the run was in its budget-pressure finalization iteration
 * @param metadata free text for the application (e.g. where the agent's configuration comes from), kept sorted by key
 */
public record Checkpoint(int formatVersion, Termination.HitlGatePending gate, String agentName, String modelName,
        String configFingerprint, ToolCall pendingCall, List<ToolCall> remainingCalls, List<Message> transcript,
        int iteration, int toolCalls, Usage usage, BigDecimal costUsd, List<IterationRecord> iterations,
        Duration elapsed, int consecutiveMistakes, int repairsUsed, boolean finalizing, Map<String, String> metadata)
        implements PausedRun {

    /** The format version this version of Terminus writes and reads. */
    public static final int FORMAT_VERSION = 1;

    /** Validates every component and copies the collections immutably. */
    public Checkpoint {
        if (formatVersion != FORMAT_VERSION) {
            throw new IllegalArgumentException("Checkpoint.formatVersion " + formatVersion
                    + " is not supported: this version of Terminus reads format " + FORMAT_VERSION);
        }
        Preconditions.notNull(gate, "Checkpoint.gate");
        Preconditions.notNull(agentName, "Checkpoint.agentName");
        Preconditions.notNull(modelName, "Checkpoint.modelName");
        Preconditions.notNull(configFingerprint, "Checkpoint.configFingerprint");
        Preconditions.notNull(pendingCall, "Checkpoint.pendingCall");
        remainingCalls = Preconditions.immutableList(remainingCalls, "Checkpoint.remainingCalls");
        transcript = Preconditions.immutableList(transcript, "Checkpoint.transcript");
        if (iteration < 1) {
            throw new IllegalArgumentException("Checkpoint.iteration must be >= 1, was " + iteration);
        }
        Preconditions.nonNegative(toolCalls, "Checkpoint.toolCalls");
        Preconditions.notNull(usage, "Checkpoint.usage");
        Preconditions.nonNegative(costUsd, "Checkpoint.costUsd");
        iterations = Preconditions.immutableList(iterations, "Checkpoint.iterations");
        Preconditions.notNull(elapsed, "Checkpoint.elapsed");
        if (elapsed.isNegative()) {
            throw new IllegalArgumentException("Checkpoint.elapsed must not be negative, was " + elapsed);
        }
        Preconditions.nonNegative(consecutiveMistakes, "Checkpoint.consecutiveMistakes");
        Preconditions.nonNegative(repairsUsed, "Checkpoint.repairsUsed");
        Preconditions.notNull(metadata, "Checkpoint.metadata");
        metadata.forEach((key, value) -> {
            Preconditions.notNull(key, "Checkpoint.metadata key");
            Preconditions.notNull(value, "Checkpoint.metadata[" + key + "]");
        });
        metadata = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(metadata));
        if (!pendingCall.id().equals(gate.proposalId())) {
            throw new IllegalArgumentException("Checkpoint.pendingCall.id \"" + pendingCall.id()
                    + "\" is not the gate's proposalId \"" + gate.proposalId() + "\"");
        }
    }

    /**
     * @param key a metadata key
     * @param value its value
     * @return this checkpoint with one more metadata entry (replacing one of the same key)
     */
    public Checkpoint withMetadata(String key, String value) {
        Map<String, String> more = new java.util.LinkedHashMap<>(metadata);
        more.put(Preconditions.notNull(key, "key"), Preconditions.notNull(value, "value"));
        return new Checkpoint(formatVersion, gate, agentName, modelName, configFingerprint, pendingCall,
                remainingCalls, transcript, iteration, toolCalls, usage, costUsd, iterations, elapsed,
                consecutiveMistakes, repairsUsed, finalizing, more);
    }
}
