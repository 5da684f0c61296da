package dev.terminus.temporal.wire;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.Continuation;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

/**
 * What one execution of a long run's workflow records, once, as it continues as new (a side effect's marker in its
 * history, ADR 0042): the messages and the iteration records it added, and where the run stood. The fresh execution's
 * input refers to the executions that recorded one, and reads their parts back to rebuild its {@link Continuation}.
 *
 * @param messages the messages added in the execution, or the whole transcript when {@code restart}
 * @param restart whether {@code messages} replace every earlier part's (the transcript was compacted, or the
 *     execution started without earlier parts)
 * @param records the iteration records added in the execution
 * @param agentName as the continuation's
 * @param modelName as the continuation's
 * @param configFingerprint as the continuation's
 * @param iterations as the continuation's
 * @param toolCalls as the continuation's
 * @param usage as the continuation's
 * @param costUsd as the continuation's
 * @param elapsed as the continuation's
 * @param consecutiveMistakes as the continuation's
 * @param repairsUsed as the continuation's
 * @param finalizing as the continuation's
 * @param progress as the continuation's
 */
public record CarriedPart(List<Message> messages, boolean restart, List<IterationRecord> records, String agentName,
        String modelName, String configFingerprint, int iterations, int toolCalls, Usage usage, BigDecimal costUsd,
        Duration elapsed, int consecutiveMistakes, int repairsUsed, boolean finalizing,
        Continuation.Progress progress) {
    /** Copies the lists. */
    public CarriedPart {
        messages = Preconditions.immutableList(messages, "CarriedPart.messages");
        records = Preconditions.immutableList(records, "CarriedPart.records");
    }

    /**
     * @param from where the run stands
     * @param messages the messages the part holds
     * @param restart whether they are the whole transcript
     * @param records the records the part holds
     * @return the part
     */
    public static CarriedPart of(Continuation from, List<Message> messages, boolean restart,
            List<IterationRecord> records) {
        return new CarriedPart(messages, restart, records, from.agentName(), from.modelName(),
                from.configFingerprint(), from.iterations(), from.toolCalls(), from.usage(), from.costUsd(),
                from.elapsed(), from.consecutiveMistakes(), from.repairsUsed(), from.finalizing(), from.progress());
    }

    /**
     * @param transcript the whole transcript, rebuilt from the parts
     * @param allRecords every record, rebuilt from the parts
     * @return the continuation where the run stood
     */
    public Continuation continuation(List<Message> transcript, List<IterationRecord> allRecords) {
        return new Continuation(agentName, modelName, configFingerprint, transcript, iterations, toolCalls, usage,
                costUsd, allRecords, elapsed, consecutiveMistakes, repairsUsed, finalizing, progress);
    }
}
