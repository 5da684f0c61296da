package dev.terminus.temporal.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.control.Continuation;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.ChildRunOutput;
import io.temporal.common.converter.JacksonJsonPayloadConverter;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInfo;
import java.util.List;

/**
 * When a run goes on in a fresh execution of its workflow (continue-as-new), and when it cannot. A run continues as new
 * once its history reaches {@link AgentRecipes#continueAsNewAfter()} events or the server suggests it. Runs recorded
 * before ADR 0042 (replayed on the old branch of {@link LoopChanges#CARRY_BY_REFERENCE}) carried their transcript in
 * the fresh execution's input; a transcript over the payload limit could not be carried (the server would
 * refuse the input), so such a run goes on where it is until its history nears what a server accepts (four times
 * {@code continueAsNewAfter} events, or 40 MB), and then ends {@code Failed} ({@code RESOURCE}) naming the sizes,
 * instead of being terminated by the server without an output. The input carries the run's iteration records too,
 * one per iteration, which the check counts from its version 2. Both checks are the {@link LoopChanges#CARRY_CHECK}.
 * A run that refers to what earlier executions recorded ({@link CarriedInputs}) carries only what its execution added
 * (as a recorded part): that is what the checks measure, and the run continues as new once its messages reach half the
 * payload limit.
 */
final class FreshExecutions {
    /** The history size past which a run that cannot continue as new ends: under a server's 50 MB limit. */
    static final long LAST_BYTES = 40L * 1024 * 1024;
    /** The type of the error a run ends with when it can neither continue as new nor go on. */
    static final String TYPE = "dev.terminus.temporal.HistoryFull";
    /** Room left in a payload for a fresh execution's input besides its transcript. */
    private static final int INPUT_MARGIN = 16 * 1024;
    /** Writes iteration records as the data converter does. */
    private static final ObjectMapper RECORDS = JacksonJsonPayloadConverter.newDefaultObjectMapper()
            .registerModule(new TerminusModule());
    /**
     * The most bytes one iteration record takes in the wire format (its numbers at their longest, a finish reason and a
     * duration), for the check made after each iteration, which sees no records.
     */
    static final int RECORD_BYTES = 320;

    private final AgentRecipes recipes;
    private final ActivityCalls calls;
    private final CarriedInputs carried;
    private final boolean carryCheck;
    /** Whether the check counts the iteration records, which the input carries beside the transcript. */
    private final boolean countsRecords;
    /** The transcript size from which the run cannot continue as new (0 until one was found too large). */
    private int tooLargeToCarry;

    /**
     * @param recipes the worker's recipes: the threshold and the payload limit
     * @param calls the run's calls, whose local activities count towards the history
     * @param carried what the next execution's input carries of the transcript
     */
    FreshExecutions(AgentRecipes recipes, ActivityCalls calls, CarriedInputs carried) {
        this.recipes = recipes;
        this.calls = calls;
        this.carried = carried;
        int version = LoopChanges.carryCheckVersion();
        this.carryCheck = version >= 1;
        this.countsRecords = version >= 2;
    }

    /**
     * Asked after every iteration.
     *
     * @param run the run
     * @return whether the run stops here: to continue as new, or, when it cannot, to end
     */
    boolean due(RunContext run) {
        WorkflowInfo info = Workflow.getInfo();
        // local activities run inside one workflow task, whose markers the length counts only once it completes:
        // counting them again may continue a little early, never late
        long length = info.getHistoryLength() + calls.localCalls();
        boolean full = length >= recipes.continueAsNewAfter() || info.isContinueAsNewSuggested();
        List<Message> carrying = carried.carried(run.transcript());
        if (!full && carried.byReference()) {
            // what the next input carries stays well under one payload, however long the execution's history is
            full = chars(carrying) >= recipes.payloadLimit() / 2;
        }
        // the records are not in the run's view: each is counted at the most one may take
        long records = countsRecords ? (long) (run.iteration() - carried.recordsHeld()) * RECORD_BYTES : 0;
        if (!full || !carryCheck || carriable(carrying, records)) {
            return full;
        }
        return length >= 4L * recipes.continueAsNewAfter() || info.getHistorySize() >= LAST_BYTES;
    }

    /**
     * @param continuation where the run stopped
     * @param children the run's children so far, which the fresh execution's input carries too
     * @return whether it can go on in a fresh execution; when not, it ends with {@link #cannotGoOn}
     */
    boolean canCarry(Continuation continuation, List<ChildRunOutput> children) {
        long records = countsRecords ? recordBytes(carried.carriedRecords(continuation.records())) : 0;
        return !carryCheck || carriable(carried.carried(continuation.transcript()),
                TranscriptLedger.bytes(children) + records);
    }

    /**
     * @param continuation where the run stopped
     * @return its output: {@code Failed} ({@code RESOURCE}) naming the history's and the transcript's sizes and the
     *     payload limit, with the run's figures and transcript
     */
    AgentRunOutput cannotGoOn(Continuation continuation) {
        WorkflowInfo info = Workflow.getInfo();
        String message = "the run's history reached " + info.getHistoryLength() + " events (" + info.getHistorySize()
                + " bytes) and its transcript (" + TranscriptLedger.bytes(continuation.transcript()) + " bytes)"
                + (countsRecords ? " with its iteration records (" + recordBytes(continuation.records())
                        + " bytes)" : "") + " is"
                + " over the " + recipes.payloadLimit() + "-byte payload limit, too large to go on in a fresh"
                + " execution: compact the transcript (AgentBuilder.compaction), or raise AgentRecipes.payloadLimit"
                + " with the server's limit.blobSize.error";
        return new AgentRunOutput(new Termination.Failed(new ErrorInfo(TYPE, message, ErrorCategory.RESOURCE)),
                Outcome.FAILED, null, continuation.iterations(), continuation.toolCalls(), continuation.usage(),
                continuation.costUsd(), continuation.elapsed(), continuation.transcript(), null);
    }

    /** @return the bytes of the records in the wire format, as the data converter writes them (durations and all) */
    static long recordBytes(List<IterationRecord> records) {
        return wireBytes(records);
    }

    /** @return the bytes of the value in the wire format, as the data converter writes it */
    static long wireBytes(Object value) {
        try {
            return RECORDS.writeValueAsBytes(value).length;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(value.getClass().getSimpleName() + " could not be written in the wire"
                    + " format: " + e, e);
        }
    }

    /** @return about how many characters the messages hold */
    private static long chars(List<Message> messages) {
        long chars = 0;
        for (Message message : messages) {
            chars += TranscriptLedger.chars(message);
        }
        return chars;
    }

    /**
     * Whether the transcript fits in a fresh execution's input beside {@code others} bytes; one found too large is not
     * measured until it shrinks.
     */
    private boolean carriable(List<Message> transcript, long others) {
        // one found too large is not measured again until it shrinks: a run whose records alone are too large stays so
        if (tooLargeToCarry > 0 && transcript.size() >= tooLargeToCarry) {
            return false;
        }
        if (TranscriptLedger.bytes(transcript) + others <= recipes.payloadLimit() - INPUT_MARGIN) {
            return true;
        }
        tooLargeToCarry = transcript.size();
        return false;
    }
}
