package dev.terminus.temporal.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.control.Continuation;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.ChildRunOutput;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInfo;
import java.util.List;

/**
 * When a run goes on in a fresh execution of its workflow (continue-as-new), and when it cannot. A run continues as new
 * once its history reaches {@link AgentRecipes#continueAsNewAfter()} events or the server suggests it, carrying its
 * transcript in the fresh execution's input; a transcript over the payload limit cannot be carried (the server would
 * refuse the input), so such a run goes on where it is until its history nears what a server accepts (four times
 * {@code continueAsNewAfter} events, or 40 MB), and then ends {@code Failed} ({@code RESOURCE}) naming the sizes,
 * instead of being terminated by the server without an output. Both checks are the {@link LoopChanges#CARRY_CHECK}.
 */
final class FreshExecutions {
    /** The history size past which a run that cannot continue as new ends: under a server's 50 MB limit. */
    static final long LAST_BYTES = 40L * 1024 * 1024;
    /** The type of the error a run ends with when it can neither continue as new nor go on. */
    static final String TYPE = "dev.terminus.temporal.HistoryFull";
    /** Room left in a payload for a fresh execution's input besides its transcript. */
    private static final int INPUT_MARGIN = 16 * 1024;

    private final AgentRecipes recipes;
    private final ActivityCalls calls;
    private final boolean carryCheck;
    /** The transcript size from which the run cannot continue as new (0 until one was found too large). */
    private int tooLargeToCarry;

    /**
     * @param recipes the worker's recipes: the threshold and the payload limit
     * @param calls the run's calls, whose local activities count towards the history
     */
    FreshExecutions(AgentRecipes recipes, ActivityCalls calls) {
        this.recipes = recipes;
        this.calls = calls;
        this.carryCheck = LoopChanges.carryCheck();
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
        if (!full || !carryCheck || carriable(run.transcript(), 0)) {
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
        return !carryCheck || carriable(continuation.transcript(), TranscriptLedger.bytes(children));
    }

    /**
     * @param continuation where the run stopped
     * @return its output: {@code Failed} ({@code RESOURCE}) naming the history's and the transcript's sizes and the
     *     payload limit, with the run's figures and transcript
     */
    AgentRunOutput cannotGoOn(Continuation continuation) {
        WorkflowInfo info = Workflow.getInfo();
        String message = "the run's history reached " + info.getHistoryLength() + " events (" + info.getHistorySize()
                + " bytes) and its transcript (" + TranscriptLedger.bytes(continuation.transcript()) + " bytes) is"
                + " over the " + recipes.payloadLimit() + "-byte payload limit, too large to go on in a fresh"
                + " execution: compact the transcript (AgentBuilder.compaction), or raise AgentRecipes.payloadLimit"
                + " with the server's limit.blobSize.error";
        return new AgentRunOutput(new Termination.Failed(new ErrorInfo(TYPE, message, ErrorCategory.RESOURCE)),
                Outcome.FAILED, null, continuation.iterations(), continuation.toolCalls(), continuation.usage(),
                continuation.costUsd(), continuation.elapsed(), continuation.transcript(), null);
    }

    /**
     * Whether the transcript fits in a fresh execution's input beside {@code others} bytes; one found too large is not
     * measured until it shrinks.
     */
    private boolean carriable(List<Message> transcript, long others) {
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
