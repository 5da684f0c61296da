package dev.terminus.agent;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

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
 * // given: GateStore<Checkpoint> store
 * RunResult paused = agent.run("Refund order 42");
 * paused.checkpoint().ifPresent(store::save);
 * // ... later, maybe in another process:
 * RunResult done = agent.approve(store.load(gateId).orElseThrow());
 * }
 *
 * <p>A gate that waits for a person's input instead of an approval ({@link HumanInputNeeded}) keeps the tool's
 * request in {@link #inputRequest()} and the answers already given to the same call in {@link #inputAnswers()}; such
 * a checkpoint has format {@value #INPUT_FORMAT_VERSION}, so a version of Terminus that cannot answer it refuses it by
 * its version.
 *
 * <p>A run whose pending call runs an agent ({@link Tools#agent}) that paused at a gate of its own keeps that agent's
 * checkpoint in {@link #child()} (format {@value #CHILD_FORMAT_VERSION}): the gate, its id and its summary are the
 * child's, and one decision resumes the child, then the run that called it.
 *
 * <p>The runs of the agents the run called as tools that ended before the pause are kept in {@link #children()}, so
 * the resumed run's {@link RunResult#children()} lists them first, before those that end after the resume; a paused
 * child's checkpoint holds its own ended children likewise.
 *
 * @param formatVersion the checkpoint format's version: {@value #FORMAT_VERSION} at an approval gate,
 *     {@value #INPUT_FORMAT_VERSION} at a gate that waits for input
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
 * @param inputRequest what the pending call asks a person, or null at an approval gate
 * @param inputAnswers the answers a person already gave to the pending call's earlier requests (it asked again),
 *     empty at an approval gate
 * @param child the checkpoint of the agent the pending call runs ({@link Tools#agent}), paused at a gate of its own
 *     (or of its own child), which the decision answers; null when the pending call itself waits
 * @param children the runs of the agents the run called as tools ({@link Tools#agent}) that ended before the pause,
 *     in the order they ended; never null, empty when there are none
 */
public record Checkpoint(int formatVersion, Termination.HitlGatePending gate, String agentName, String modelName,
        String configFingerprint, ToolCall pendingCall, List<ToolCall> remainingCalls, List<Message> transcript,
        int iteration, int toolCalls, Usage usage, BigDecimal costUsd, List<IterationRecord> iterations,
        Duration elapsed, int consecutiveMistakes, int repairsUsed, boolean finalizing, Map<String, String> metadata,
        @Nullable HumanInputRequest inputRequest, List<HumanInputAnswer> inputAnswers, @Nullable Checkpoint child,
        List<ChildRun> children) implements PausedRun {

    /** The format version of a checkpoint at an approval gate. */
    public static final int FORMAT_VERSION = 1;
    /** The format version of a checkpoint at a gate that waits for a person's input. */
    public static final int INPUT_FORMAT_VERSION = 2;
    /** The format version of a checkpoint whose pending call runs an agent that paused at a gate of its own. */
    public static final int CHILD_FORMAT_VERSION = 3;

    /** Validates every component and copies the collections immutably. */
    public Checkpoint {
        if (formatVersion != FORMAT_VERSION && formatVersion != INPUT_FORMAT_VERSION
                && formatVersion != CHILD_FORMAT_VERSION) {
            throw new IllegalArgumentException("Checkpoint.formatVersion " + formatVersion
                    + " is not supported: this version of Terminus reads formats " + FORMAT_VERSION + ", "
                    + INPUT_FORMAT_VERSION + " and " + CHILD_FORMAT_VERSION);
        }
        inputAnswers = Preconditions.immutableList(inputAnswers, "Checkpoint.inputAnswers");
        if (child != null && inputRequest != null) {
            throw new IllegalArgumentException("Checkpoint.inputRequest must be null when the pending call's agent"
                    + " waits (Checkpoint.child is set), was " + inputRequest);
        }
        int expected = child != null ? CHILD_FORMAT_VERSION
                : inputRequest == null ? FORMAT_VERSION : INPUT_FORMAT_VERSION;
        if (formatVersion != expected) {
            throw new IllegalArgumentException("Checkpoint.formatVersion " + formatVersion + " does not fit a gate that "
                    + (child != null ? "an agent called as a tool waits at (format "
                            : inputRequest == null ? "waits for approval (format " : "waits for input (format ")
                    + expected + ")");
        }
        children = Preconditions.immutableList(children, "Checkpoint.children");
        for (int i = 0; i < children.size(); i++) {
            if (children.get(i).result().checkpoint().isPresent()) {
                throw new IllegalArgumentException("Checkpoint.children[" + i + "].result holds a checkpoint: the"
                        + " children are runs that ended (a paused one is Checkpoint.child)");
            }
        }
        if (child != null && !child.gateId().equals(gate.gateId())) {
            throw new IllegalArgumentException("Checkpoint.child waits at gate \"" + child.gateId()
                    + "\" but the checkpoint's gate is \"" + gate.gateId() + "\"");
        }
        if (inputRequest == null && !inputAnswers.isEmpty()) {
            throw new IllegalArgumentException("Checkpoint.inputAnswers must be empty at an approval gate, has "
                    + inputAnswers.size());
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
     * A checkpoint at an approval gate (format {@value #FORMAT_VERSION}): no input request, no answers.
     *
     * @param formatVersion {@value #FORMAT_VERSION}
     * @param gate the termination the run paused with
     * @param agentName the agent's name
     * @param modelName the agent's model
     * @param configFingerprint a digest of the agent's settings and tools
     * @param pendingCall the tool call waiting for approval
     * @param remainingCalls the calls of the same assistant message after the pending one
     * @param transcript the transcript up to the pause
     * @param iteration the iteration the run paused in
     * @param toolCalls the tool calls executed so far
     * @param usage the tokens consumed so far
     * @param costUsd the money spent so far
     * @param iterations the records of the iterations finished before the paused one
     * @param elapsed the run's time so far
     * @param consecutiveMistakes the mistake streak at the pause
     * @param repairsUsed the structured-output repairs used so far
     * @param finalizing whether the run was in its finalization iteration
     * @param metadata free text for the application
     */
    public Checkpoint(int formatVersion, Termination.HitlGatePending gate, String agentName, String modelName,
            String configFingerprint, ToolCall pendingCall, List<ToolCall> remainingCalls, List<Message> transcript,
            int iteration, int toolCalls, Usage usage, BigDecimal costUsd, List<IterationRecord> iterations,
            Duration elapsed, int consecutiveMistakes, int repairsUsed, boolean finalizing,
            Map<String, String> metadata) {
        this(formatVersion, gate, agentName, modelName, configFingerprint, pendingCall, remainingCalls, transcript,
                iteration, toolCalls, usage, costUsd, iterations, elapsed, consecutiveMistakes, repairsUsed, finalizing,
                metadata, null, List.of(), null);
    }

    /**
     * A checkpoint without a paused child (formats {@value #FORMAT_VERSION} and {@value #INPUT_FORMAT_VERSION}).
     *
     * @param formatVersion {@value #FORMAT_VERSION} at an approval gate, {@value #INPUT_FORMAT_VERSION} at a gate
     *     that waits for input
     * @param gate the termination the run paused with
     * @param agentName the agent's name
     * @param modelName the agent's model
     * @param configFingerprint a digest of the agent's settings and tools
     * @param pendingCall the tool call waiting
     * @param remainingCalls the calls of the same assistant message after the pending one
     * @param transcript the transcript up to the pause
     * @param iteration the iteration the run paused in
     * @param toolCalls the tool calls executed so far
     * @param usage the tokens consumed so far
     * @param costUsd the money spent so far
     * @param iterations the records of the iterations finished before the paused one
     * @param elapsed the run's time so far
     * @param consecutiveMistakes the mistake streak at the pause
     * @param repairsUsed the structured-output repairs used so far
     * @param finalizing whether the run was in its finalization iteration
     * @param metadata free text for the application
     * @param inputRequest what the pending call asks a person, or null at an approval gate
     * @param inputAnswers the answers a person already gave to the pending call's earlier requests
     */
    public Checkpoint(int formatVersion, Termination.HitlGatePending gate, String agentName, String modelName,
            String configFingerprint, ToolCall pendingCall, List<ToolCall> remainingCalls, List<Message> transcript,
            int iteration, int toolCalls, Usage usage, BigDecimal costUsd, List<IterationRecord> iterations,
            Duration elapsed, int consecutiveMistakes, int repairsUsed, boolean finalizing,
            Map<String, String> metadata, @Nullable HumanInputRequest inputRequest,
            List<HumanInputAnswer> inputAnswers) {
        this(formatVersion, gate, agentName, modelName, configFingerprint, pendingCall, remainingCalls, transcript,
                iteration, toolCalls, usage, costUsd, iterations, elapsed, consecutiveMistakes, repairsUsed, finalizing,
                metadata, inputRequest, inputAnswers, null);
    }

    /**
     * A checkpoint of a run none of whose agent tools ended before the pause ({@link #children()} empty).
     *
     * @param formatVersion {@value #FORMAT_VERSION} at an approval gate, {@value #INPUT_FORMAT_VERSION} at a gate
     *     that waits for input, {@value #CHILD_FORMAT_VERSION} when the pending call's agent waits
     * @param gate the termination the run paused with
     * @param agentName the agent's name
     * @param modelName the agent's model
     * @param configFingerprint a digest of the agent's settings and tools
     * @param pendingCall the tool call waiting
     * @param remainingCalls the calls of the same assistant message after the pending one
     * @param transcript the transcript up to the pause
     * @param iteration the iteration the run paused in
     * @param toolCalls the tool calls executed so far
     * @param usage the tokens consumed so far
     * @param costUsd the money spent so far
     * @param iterations the records of the iterations finished before the paused one
     * @param elapsed the run's time so far
     * @param consecutiveMistakes the mistake streak at the pause
     * @param repairsUsed the structured-output repairs used so far
     * @param finalizing whether the run was in its finalization iteration
     * @param metadata free text for the application
     * @param inputRequest what the pending call asks a person, or null at an approval gate
     * @param inputAnswers the answers a person already gave to the pending call's earlier requests
     * @param child the checkpoint of the agent the pending call runs, paused at a gate of its own, or null
     */
    public Checkpoint(int formatVersion, Termination.HitlGatePending gate, String agentName, String modelName,
            String configFingerprint, ToolCall pendingCall, List<ToolCall> remainingCalls, List<Message> transcript,
            int iteration, int toolCalls, Usage usage, BigDecimal costUsd, List<IterationRecord> iterations,
            Duration elapsed, int consecutiveMistakes, int repairsUsed, boolean finalizing,
            Map<String, String> metadata, @Nullable HumanInputRequest inputRequest,
            List<HumanInputAnswer> inputAnswers, @Nullable Checkpoint child) {
        this(formatVersion, gate, agentName, modelName, configFingerprint, pendingCall, remainingCalls, transcript,
                iteration, toolCalls, usage, costUsd, iterations, elapsed, consecutiveMistakes, repairsUsed, finalizing,
                metadata, inputRequest, inputAnswers, child, List.of());
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
                consecutiveMistakes, repairsUsed, finalizing, more, inputRequest, inputAnswers, child, children);
    }
}
