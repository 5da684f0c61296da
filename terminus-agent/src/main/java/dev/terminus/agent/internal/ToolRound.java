package dev.terminus.agent.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.HumanInputNeeded;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.Tool;
import dev.terminus.agent.ToolArgumentException;
import dev.terminus.agent.control.SupervisedCall;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Executes the tool calls of one assistant message, in order (or in parallel), applying the tool-call cap, the
 * final-answer tool, hooks, mistakes and the early-completion check. Every call the model made gets exactly one
 * result in the transcript, including calls refused by the cap, calls stopped or skipped because the run ended.
 * Cancellation and the deadline are checked before every call, so a tool that swallows its interrupt does not let
 * the round go on.
 */
final class ToolRound {
    private static final String TOOL_ERROR = "tool_error";
    private static final String INVALID_ARGUMENTS = "invalid_arguments";
    private static final String UNKNOWN_TOOL = "unknown_tool";
    private static final String TIMEOUT = "timeout";
    private static final String REFUSED = "refused";
    static final String REJECTED = "rejected";

    private final AgentRun run;
    private final AgentSpec spec;
    private final RunState state;
    private final @Nullable String finalAnswerTool;
    private final int toolCallCap;
    private final int maxMistakes;
    private final long toolTimeoutNanos;
    /** Whether a listener gets the tool events, hence whether calls are timed. */
    private final boolean timed;
    private final Hooks hooks;

    /** Whether a call of this round was refused by the tool-call cap. */
    boolean capReached;
    /** The last tool this round executed, or null. */
    @Nullable String lastTool;
    /** Calls admitted to run in parallel but not yet concluded; they count against the cap. */
    int reserved;
    /** The last decision to run a tool. */
    private @Nullable Prepared toRun;
    /** The name last looked up among the tools, and what was found (possibly nothing). */
    private @Nullable String lastLookedUp;
    private ArgumentCheck.@Nullable Compiled lastFound;
    /** The tools that need a person's approval, with when. */
    private final Map<String, Predicate<Map<String, @Nullable Object>>> approvals;
    /** A person's decision on the call a paused run resumes at, and which call that is while it runs again. */
    private final GateDecisions gates;

    ToolRound(AgentRun run, AgentSpec spec, RunState state) {
        this.run = run;
        this.spec = spec;
        this.state = state;
        this.finalAnswerTool = spec.config().finalAnswerTool().orElse(null);
        this.toolCallCap = spec.config().maxToolCalls().orElse(Integer.MAX_VALUE);
        this.maxMistakes = spec.config().maxConsecutiveMistakes().orElse(0);
        this.toolTimeoutNanos = spec.config().toolTimeout().map(d -> d.toNanos()).orElse(0L);
        this.timed = run.events().active();
        this.hooks = run.hooks();
        this.approvals = spec.rules().approvals();
        this.gates = new GateDecisions(this, run, state);
    }

    /**
     * Runs the calls. Returns the termination one of them caused, or null when the run goes on.
     *
     * @param offered whether tools were offered in this iteration (not during the finalization iteration)
     */
    @Nullable Termination execute(List<ToolCall> calls, boolean offered) {
        capReached = false;
        lastTool = null;
        reserved = 0;
        if (spec.config().parallelToolCalls() && calls.size() > 1 && run.startsThreads()) {
            return new ParallelToolRound(this).execute(calls, offered);
        }
        for (int i = 0; i < calls.size(); i++) {
            ToolCall call = calls.get(i);
            Termination end = run.control().interruption();
            if (end != null) {
                skipRest(calls, i, end);
                return end;
            }
            int answeredBefore = state.transcriptSize();
            try {
                Prepared prepared = prepare(call, offered);
                if (prepared.tool() == null) {
                    end = prepared.give();
                } else {
                    Outcome outcome = invoke(prepared.tool(), call);
                    end = outcome.end != null ? ended(call, outcome.end) : conclude(call, outcome);
                }
            } catch (RuntimeException e) {
                // A hook or the completion predicate failed: the run fails, and every call still gets its result.
                Termination outside = run.interruption(e);
                end = outside != null ? outside : Termination.Failed.of(e, ErrorCategory.INTERNAL);
                skipRest(calls, state.transcriptSize() > answeredBefore ? i + 1 : i, end);
                return end;
            }
            if (end != null) {
                skipRest(calls, i + 1, end);
                return end;
            }
        }
        return null;
    }

    /**
     * The decision about one call before it runs: a tool to run, or an answer given without running one. The answer
     * is a deferred action (transcript, event, mistake count) so a parallel round can give it in the model's order.
     *
     * @param tool the tool to run, or null
     * @param answer the answer to give instead, returning the termination it causes; null when a tool runs
     * @param ends whether the answer certainly ends the run (the final-answer tool, a halting hook)
     */
    record Prepared(@Nullable Tool tool, @Nullable Supplier<@Nullable Termination> answer, boolean ends) {
        @Nullable Termination give() {
            return answer == null ? null : answer.get();
        }
    }

    private static Prepared answered(Supplier<@Nullable Termination> answer, boolean ends) {
        return new Prepared(null, answer, ends);
    }

    /** What running one call gave: a result message (with its error kind) or a termination. */
    record Outcome(Message.@Nullable ToolResult result, @Nullable String error, long nanos, @Nullable Termination end) {}

    Prepared prepare(ToolCall call, boolean offered) {
        if (call.name().equals(finalAnswerTool)) {
            ArgumentCheck.Compiled compiled = spec.compiledTool(call.name());
            if (compiled != null && offered) {
                String problem = checkArguments(compiled, call);
                if (problem != null) {
                    return mistake(call, INVALID_ARGUMENTS, "Error: invalid arguments: " + problem);
                }
            }
            return answered(() -> {
                state.finalAnswer = submittedAnswer(call);
                answer(call, "Submitted.", false);
                return new Termination.Submitted(call.name());
            }, true);
        }
        if (state.toolCalls + reserved >= toolCallCap) {
            capReached = true;
            return answered(() -> {
                answer(call, "Refused: this run's limit of " + toolCallCap + " tool calls is reached; no more tools"
                        + " can run. Answer with what you have.", true);
                run.toolEvent(call.name(), 0, REFUSED);
                return null;
            }, false);
        }
        ArgumentCheck.Compiled compiled = offered ? compiledTool(call.name()) : null;
        if (compiled == null) {
            String why = spec.tools().containsKey(call.name()) ? "is not offered now" : "does not exist";
            return mistake(call, UNKNOWN_TOOL, "Error: tool \"" + call.name() + "\" " + why + ". Available tools: "
                    + (offered ? String.join(", ", spec.tools().keySet()) : "none"));
        }
        String problem = checkArguments(compiled, call);
        if (problem != null) {
            return mistake(call, INVALID_ARGUMENTS, "Error: invalid arguments: " + problem);
        }
        Tool tool = compiled.tool();
        if (!approvals.isEmpty() && needsApproval(call)) {
            return answered(() -> run.pauseAt(call), true);
        }
        Termination vetoed = hooks.none() ? null : hooks.beforeTool(state, call);
        if (vetoed != null) {
            return answered(() -> {
                answer(call, vetoed instanceof Termination.Halted ? "Not run: halted by a hook."
                        : "Not run: a hook ended the run (" + vetoed.tag() + ").", true);
                return vetoed;
            }, true);
        }
        Prepared run = toRun;
        if (run == null || run.tool() != tool) {
            run = new Prepared(tool, null, false); // immutable: kept for the next call of the same tool
            toRun = run;
        }
        return run;
    }

    /** The tool of a name, with its argument check; the last one found is kept, as rounds often call one tool. */
    private ArgumentCheck.@Nullable Compiled compiledTool(String name) {
        if (name.equals(lastLookedUp)) {
            return lastFound;
        }
        ArgumentCheck.Compiled found = spec.compiledTool(name);
        lastLookedUp = name;
        lastFound = found;
        return found;
    }

    private boolean needsApproval(ToolCall call) {
        Predicate<Map<String, @Nullable Object>> when = approvals.get(call.name());
        return when != null && !call.id().equals(gates.approvedCallId) && when.test(call.arguments());
    }

    /**
     * Carries out a person's decision on the call a run paused at ({@link GateDecisions}). Returns the termination it
     * causes, or null when the run goes on.
     */
    @Nullable Termination decide(Checkpoint checkpoint, GateDecision decision, boolean offered) {
        return gates.decide(checkpoint, decision, offered);
    }

    /** The argument check of the tool's schema, compiled when the agent was built (unless the schema changed). */
    private @Nullable String checkArguments(ArgumentCheck.Compiled compiled, ToolCall call) {
        java.util.Map<String, @Nullable Object> schema = compiled.tool().spec().parameters();
        ArgumentCheck.Schema check = compiled.check();
        if (check.source() != schema) {
            check = ArgumentCheck.compile(schema);
        }
        return check.problem(call.arguments());
    }

    private Prepared mistake(ToolCall call, String kind, String message) {
        String text = gates.edited(call) ? edited(call, message) : message;
        return answered(() -> {
            Message.ToolResult result = new Message.ToolResult(call.id(), call.name(), text, true);
            state.append(result);
            run.toolEvent(call.name(), 0, kind);
            run.progress().observeToolResult(call, result);
            return countMistake();
        }, false);
    }

    private @Nullable Termination countMistake() {
        state.consecutiveMistakes++;
        if (maxMistakes > 0 && state.consecutiveMistakes >= maxMistakes) {
            return new Termination.ConsecutiveMistakes(maxMistakes);
        }
        return null;
    }

    /**
     * Runs one tool on this thread, or on its own virtual thread when a per-tool timeout applies or the tool does not
     * answer interrupts (and the run has no supervisor of its own).
     */
    Outcome invoke(Tool tool, ToolCall call) {
        run.toolStarted(call);
        // the duration only feeds the ToolCalled event: no clock reads when no listener will get one
        long start = timed ? run.clock().nanoTime() : 0;
        try {
            boolean supervised = run.superviseCalls() && !tool.interruptible();
            // an agent's call keeps the per-tool timeout as its own deadline (ParentRun): it ends with its own result
            boolean timedOut = toolTimeoutNanos > 0 && run.startsThreads() && !(tool instanceof SubAgentTool);
            Object value = timedOut || supervised
                    // the grace is waited only for a call supervised for itself: a supervised run waits its own
                    ? SupervisedCall.of(run.control(), "terminus-tool-" + call.name())
                            .timeout(toolTimeoutNanos > 0 ? toolTimeoutNanos : SupervisedCall.NO_TIMEOUT)
                            .grace(supervised ? run.graceNanos() : 0)
                            .call(() -> tool.call(call.arguments(), state))
                    : tool.call(call.arguments(), state);
            return success(call, value, timed ? run.clock().nanoTime() - start : 0);
        } catch (Exception e) {
            return failure(call, e, timed ? run.clock().nanoTime() - start : 0);
        }
    }

    Outcome success(ToolCall call, @Nullable Object value, long nanos) {
        try {
            return new Outcome(new Message.ToolResult(call.id(), call.name(), JsonText.resultText(value), false),
                    null, nanos, null);
        } catch (RuntimeException e) {
            return failure(call, e, nanos);
        }
    }

    long toolTimeoutNanos() {
        return toolTimeoutNanos;
    }

    RunState state() {
        return state;
    }

    /**
     * The outcome of a call that threw: a result the model reads, or a termination.
     *
     * @throws Error what the tool threw when it is an {@code Error} (unwrapped from a parallel call's failure)
     */
    Outcome failure(ToolCall call, Throwable thrown, long nanos) {
        Throwable e = thrown instanceof ExecutionException ee && ee.getCause() != null ? ee.getCause() : thrown;
        if (e instanceof Error error) {
            throw error;
        }
        Termination interruption = run.interruption(e);
        if (interruption != null) {
            return new Outcome(null, null, nanos, interruption);
        }
        if (e instanceof HumanInputNeeded needed) {
            return new Outcome(null, null, nanos, run.askPerson(call, needed.request()));
        }
        if (e instanceof ChildPaused paused) {
            return new Outcome(null, null, nanos, run.childPaused(call, paused.checkpoint()));
        }
        if (e instanceof HaltException halt) {
            return new Outcome(null, null, nanos, new Termination.Halted("tool:" + call.name(), String.valueOf(halt.getMessage())));
        }
        String kind = e instanceof ToolArgumentException ? INVALID_ARGUMENTS
                : e instanceof TimeoutException ? TIMEOUT : TOOL_ERROR;
        String text = switch (kind) {
            case INVALID_ARGUMENTS -> "Error: invalid arguments: " + e.getMessage();
            case TIMEOUT -> "Error: the tool did not answer within " + TimeUnit.NANOSECONDS.toMillis(toolTimeoutNanos) + " ms";
            default -> "Error: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        };
        return new Outcome(new Message.ToolResult(call.id(), call.name(), text, true), kind, nanos, null);
    }

    /** Records a call's outcome: transcript, events, hooks, mistakes and the early-completion check. */
    @Nullable Termination conclude(ToolCall call, Outcome outcome) {
        Message.ToolResult result = outcome.result;
        if (gates.edited(call)) {
            result = new Message.ToolResult(result.toolCallId(), result.toolName(), edited(call, result.content()),
                    result.error());
        }
        state.recordToolResult(result);
        lastTool = call.name();
        run.toolEvent(call.name(), outcome.nanos, outcome.error);
        run.progress().observeToolResult(call, result);
        if (!hooks.none()) {
            Termination vetoed = hooks.afterTool(state, call, result);
            if (vetoed != null) {
                return vetoed;
            }
        }
        Termination mistakes = null;
        if (outcome.error != null) {
            mistakes = countMistake();
        } else {
            state.consecutiveMistakes = 0;
        }
        // a completion reached by this very call wins over the mistake that it also was (ADR 0007)
        if (spec.completionCheck() == CompletionCheck.AFTER_EACH_TOOL_CALL && run.completionHolds()) {
            return new Termination.CompletedEarlyAfterToolCall(call.name());
        }
        return mistakes;
    }

    /**
     * The answer to a call a person approved with other arguments than the model's: the model is told which ran (or
     * were refused), as its own message in the transcript still shows the arguments it proposed.
     */
    private static String edited(ToolCall call, String answer) {
        return "A person approved this call with edited arguments: " + JsonText.write(call.arguments()) + ". Result:\n"
                + answer;
    }

    /**
     * Records a call of a parallel round that finished before the run ended but is concluded after: it ran, so it is
     * counted and its real result kept; no hook, mistake count or completion check runs for it, the run having ended.
     */
    void late(ToolCall call, Outcome outcome, Termination end) {
        Message.ToolResult result = outcome.result;
        if (result == null) {
            stopped(call, end);
            return;
        }
        state.recordToolResult(result);
        run.toolEvent(call.name(), outcome.nanos, outcome.error);
    }

    /**
     * Answers the calls the run will not get to, so every call in the transcript has its result; when the run paused
     * at an approval gate they are kept for the resume instead.
     */
    void skipRest(List<ToolCall> calls, int from, Termination end) {
        if (end instanceof Termination.HitlGatePending) {
            run.pausedBefore(List.copyOf(calls.subList(Math.min(from, calls.size()), calls.size())));
            return;
        }
        for (int i = from; i < calls.size(); i++) {
            skip(calls.get(i), end);
        }
    }

    /** Answers one call the run will not get to. */
    void skip(ToolCall call, Termination end) {
        answer(call, "Not run: the run ended (" + end.tag() + ").", true);
    }

    /**
     * Ends the run at a call that did not complete: answered as not completed, unless the run paused because this call
     * asked a person for input (its result comes when the run resumes).
     */
    Termination ended(ToolCall call, Termination end) {
        return run.pausedAt(call) ? end : stopped(call, end);
    }

    /** Answers a call that was running when the run ended (interrupted, or halted by the tool itself). */
    Termination stopped(ToolCall call, Termination end) {
        state.append(notCompleted(call, end));
        return end;
    }

    /** @return the result of a call that was running when the run ended */
    static Message.ToolResult notCompleted(ToolCall call, Termination end) {
        return new Message.ToolResult(call.id(), call.name(), "Not completed: the run ended (" + end.tag() + ").", true);
    }

    void answer(ToolCall call, String text, boolean error) {
        state.append(new Message.ToolResult(call.id(), call.name(), text, error));
    }

    private static String submittedAnswer(ToolCall call) {
        if (call.arguments().size() == 1 && call.arguments().values().iterator().next() instanceof String only) {
            return only;
        }
        return JsonText.write(call.arguments());
    }

    AgentRun run() {
        return run;
    }

}
