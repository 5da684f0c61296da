package dev.terminus.checkpoint.faults;

import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One generated run of the agent loop on a manual clock: what the model answers call after call, which faults it
 * and its tools meet, the limits, and what the caller does meanwhile (cancels, answers approval gates). Its times are
 * milliseconds of the run's clock. {@link FaultSchedules} generates them.
 *
 * <p>A streamed schedule ({@code streaming} not null) has a model that streams its answers, some of them in several
 * pieces ({@link Streamed}), and a consumer that reads the run through {@code Agent.stream} ({@link Streaming}).
 *
 * @param steps the model's answers, one per call; an exhausted script answers "done"
 * @param limits the run's caps and budgets
 * @param caller what the caller does during the run
 * @param features the optional parts of the agent
 * @param streaming how the run is streamed to its consumer, or not at all (the model does not stream)
 */
record FaultSchedule(List<Step> steps, Limits limits, Caller caller, Features features,
        @Nullable Streaming streaming) {

    /** A schedule whose model does not stream, run by its caller with {@code run} or {@code start}. */
    FaultSchedule(List<Step> steps, Limits limits, Caller caller, Features features) {
        this(steps, limits, caller, features, null);
    }

    /** One answer of the model. */
    sealed interface Step {}

    /** A final text. */
    record Answer(String text, FinishReason finish, Usage usage) implements Step {}

    /** A round of tool calls. */
    record Calls(List<Call> calls, Usage usage) implements Step {}

    /** One tool call of a round. */
    record Call(String tool, Map<String, Object> arguments) {}

    /** A provider error of one kind, or a plain bug of the model's. */
    record Failure(ModelFault kind) implements Step {}

    /** The model takes this long (on the run's clock), then goes on with the next step. */
    record Pause(int millis) implements Step {}

    /** The model never answers: an interrupt ends its wait ({@code deaf = false}), or nothing does until the run is
     * over ({@code deaf = true}). */
    record Hang(boolean deaf) implements Step {}

    /**
     * An answer streamed in pieces by {@code ScriptedModel}, each piece after a gap of real time, then an ending.
     *
     * @param pieces the text pieces, in order
     * @param gapMs how long before each piece, in milliseconds of real time
     * @param ending how the stream ends after its pieces
     * @param usage the usage the answer reports when it finishes
     */
    record Streamed(List<String> pieces, int gapMs, Ending ending, Usage usage) implements Step {

        /** @return a model whose one answer is this one, streamed by {@code ScriptedModel}'s streaming steps */
        ScriptedModel model() {
            ScriptedModel.Builder script = ScriptedModel.builder().usage(usage).pieceGap(Duration.ofMillis(gapMs));
            String[] text = pieces.toArray(String[]::new);
            return switch (ending) {
                case Finish finish -> script.streamedThen(finish.reason(), text).build();
                case Stall stall -> script.streamedThenStall(text).build();
                case Cut cut -> script.streamedThenFail(cut.fault().exception(), text).build();
            };
        }
    }

    /** How a streamed answer ends. */
    sealed interface Ending {}

    /** The answer finishes, for this reason ({@code STOP}, {@code LENGTH}, {@code CONTENT_FILTER}). */
    record Finish(FinishReason reason) implements Ending {}

    /** The stream goes silent with its connection open: the idle timeout, the deadline or a cancel ends it. */
    record Stall() implements Ending {}

    /** The stream fails mid-answer with a provider error (retryable or not) or a bug. */
    record Cut(ModelFault fault) implements Ending {}

    /**
     * How a streamed run is read.
     *
     * @param idleTimeoutMs the agent's stream idle timeout in milliseconds of real time; 0 for none, null for the
     *     default (60 s, which never fires here)
     * @param buffer how many unread events the stream holds
     * @param consumer what its consumer does
     */
    record Streaming(@Nullable Integer idleTimeoutMs, int buffer, Consumer consumer) {

        /** @param config the agent's configuration, given this stream idle timeout */
        void idleTimeout(AgentConfig.Builder config) {
            if (idleTimeoutMs != null && idleTimeoutMs == 0) {
                config.withoutStreamIdleTimeout();
            } else if (idleTimeoutMs != null) {
                config.streamIdleTimeout(Duration.ofMillis(idleTimeoutMs));
            }
        }
    }

    /**
     * A consumer that reads the run's events at its own pace and may quit before the end.
     *
     * @param paceEvery after how many events read it pauses
     * @param paceMs how long it pauses, on the run's clock
     * @param quitAfter after how many events read it quits, or never (it reads to the last event)
     * @param quit how it quits
     */
    record Consumer(int paceEvery, int paceMs, @Nullable Integer quitAfter, Quit quit) {}

    /** How a consumer quits before the last event. */
    enum Quit {
        /** It closes the stream, which cancels the run ({@code Cancelled("stream-consumer")}). */
        CLOSE,
        /** It waits a moment, at most, for the run to wait for room in the buffer, then closes the stream. */
        CLOSE_WHILE_THE_RUN_WAITS,
        /** It cancels the run by its own name, then reads on to the last event. */
        CANCEL,
        /** It stops reading and waits for the result, which drops the events it did not read. */
        STOP_READING;

        /** @return whether the consumer quits by closing the stream */
        boolean closes() {
            return this == CLOSE || this == CLOSE_WHILE_THE_RUN_WAITS;
        }
    }

    /** The provider errors the loop classifies, and a model bug. */
    enum ModelFault {
        AUTH_401, AUTH_403, RATE_LIMITED, SERVER_500, SERVER_503, CLIENT_400, TIMEOUT, CONTEXT_LENGTH, REFUSED, BUG;

        Exception exception() {
            return switch (this) {
                case AUTH_401 -> new ModelException.AuthenticationFailed(401, "bad key", null);
                case AUTH_403 -> new ModelException.AuthenticationFailed(403, "forbidden", null);
                case RATE_LIMITED -> new ModelException.RateLimited("429", null);
                case SERVER_500 -> new ModelException.ServerError(500, "500", null);
                case SERVER_503 -> new ModelException.ServerError(503, "503", null);
                case CLIENT_400 -> new ModelException.ClientError(400, "bad request", null);
                case TIMEOUT -> new ModelException.Timeout("timed out", null);
                case CONTEXT_LENGTH -> new ModelException.ContextLengthExceeded(9_000L, 8_000L, "too long", null);
                case REFUSED -> new ModelException.Refused("refusal", "no", null);
                case BUG -> new IllegalStateException("model bug");
            };
        }
    }

    /**
     * @param maxIterations the iteration cap
     * @param maxToolCalls the tool-call cap, or none
     * @param tokenTotal the total token budget, or none
     * @param costMicros the cost budget in millionths of a dollar (prices are 1 $ per million tokens each way), or none
     * @param timeBudgetMs the time budget, or none
     * @param guards whether the progress guards (no progress, stall, consecutive mistakes) are on
     * @param parallel whether a round's tool calls run in parallel
     * @param toolTimeoutMs the per-call tool timeout, or none
     * @param maxRetries the retries of a retryable provider error
     * @param backoffMs the first backoff of a retry
     * @param graceMs how long an interrupted call is waited for
     * @param enforcement how the time budget is enforced
     */
    record Limits(int maxIterations, @Nullable Integer maxToolCalls, @Nullable Long tokenTotal,
            @Nullable Integer costMicros, @Nullable Integer timeBudgetMs, boolean guards, boolean parallel,
            @Nullable Integer toolTimeoutMs, int maxRetries, int backoffMs, int graceMs,
            TimeBudgetEnforcement enforcement) {}

    /**
     * @param cancelAtMs when (on the run's clock) the caller cancels, or never
     * @param cancelAtEvent at which listener event (counted from 1) the caller cancels, or never
     * @param started whether the caller starts the run on its own thread ({@code Agent.start}) or runs it on its own
     * @param decisions how the caller answers successive approval gates: 0 approves, 1 rejects, 2 approves with other
     *     arguments; a gate past the list is left pending
     */
    record Caller(@Nullable Integer cancelAtMs, @Nullable Integer cancelAtEvent, boolean started,
            List<Integer> decisions) {}

    /**
     * @param pressure the budget-pressure threshold, or none
     * @param finalAnswerTool whether {@code submit} submits the answer
     * @param completion when the "three tool calls" completion is checked, or no completion
     * @param stubbornDeclared whether the tool that ignores interrupts for a while says so
     * @param modelDeclaredUninterruptible whether the model says it ignores interrupts
     * @param approval whether {@code guarded} needs approval
     * @param compaction 0 none, 1 drop the oldest turns, 2 summarize with a model, 3 summarize with a failing model
     * @param contextWindow the context window compaction works against
     * @param structuredRepairs the structured-output repairs, or no structured output (answers must be digits)
     * @param userReplies how many times a simulated user replies before it is satisfied, -1 one that fails, or no user
     */
    record Features(@Nullable Double pressure, boolean finalAnswerTool, @Nullable CompletionCheck completion,
            boolean stubbornDeclared, boolean modelDeclaredUninterruptible, boolean approval, int compaction,
            int contextWindow, @Nullable Integer structuredRepairs, @Nullable Integer userReplies) {}

    /**
     * @return whether something other than the model ends a wait that answers interrupts: a deadline, or a cancel when
     *     no resume may come after it (the one cancel lands once)
     */
    boolean waitsEnd() {
        return limits.timeBudgetMs() != null || caller.cancelAtMs() != null && noResumes();
    }

    /** @return whether a stream that goes silent ends: at the idle timeout, or where any other wait ends */
    boolean stallsEnd() {
        return streaming != null && streaming.idleTimeoutMs() != null && streaming.idleTimeoutMs() > 0 || waitsEnd();
    }

    private boolean noResumes() {
        return caller.decisions().isEmpty() || !features.approval();
    }

    /**
     * @return whether the run is left while a tool declared uninterruptible ignores its interrupt: at its deadline, or
     *     when it runs on a thread of its own, which its handle leaves after a cancel
     */
    boolean deafToolIsLeft() {
        return limits.timeBudgetMs() != null || cancelLeavesIt();
    }

    /** @return whether a cancel leaves a call that ignores it: on the run's own thread, which resumes do not have */
    private boolean cancelLeavesIt() {
        return caller.cancelAtMs() != null && caller.started() && noResumes();
    }

    /** @return whether the run is left while its model ignores its interrupt */
    boolean deafModelIsLeft() {
        boolean atTheDeadline = features.modelDeclaredUninterruptible()
                || limits.enforcement() == TimeBudgetEnforcement.SUPERVISED_THREAD;
        return limits.timeBudgetMs() != null && atTheDeadline || cancelLeavesIt();
    }
}
