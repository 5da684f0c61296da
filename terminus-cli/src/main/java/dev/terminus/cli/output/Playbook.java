package dev.terminus.cli.output;

import dev.terminus.Category;
import dev.terminus.Diagnostic;
import dev.terminus.ErrorInfo;
import dev.terminus.InvariantClass;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.Termination.AgentRefused;
import dev.terminus.Termination.BudgetPressure;
import dev.terminus.Termination.Cancelled;
import dev.terminus.Termination.CompactionFailed;
import dev.terminus.Termination.Completed;
import dev.terminus.Termination.CompletedEarlyAfterToolCall;
import dev.terminus.Termination.ConsecutiveMistakes;
import dev.terminus.Termination.Converged;
import dev.terminus.Termination.CostBudgetExhausted;
import dev.terminus.Termination.CriteriaMet;
import dev.terminus.Termination.Custom;
import dev.terminus.Termination.FactBudgetExhausted;
import dev.terminus.Termination.Failed;
import dev.terminus.Termination.Halted;
import dev.terminus.Termination.HitlGatePending;
import dev.terminus.Termination.HumanInterventionRequired;
import dev.terminus.Termination.InvariantViolated;
import dev.terminus.Termination.MaxIterationsReached;
import dev.terminus.Termination.MaxToolCallsReached;
import dev.terminus.Termination.NaturalCompletion;
import dev.terminus.Termination.NoProgress;
import dev.terminus.Termination.OutputTruncated;
import dev.terminus.Termination.PromotionRejected;
import dev.terminus.Termination.PromptTooLong;
import dev.terminus.Termination.ProviderAuthFailed;
import dev.terminus.Termination.SchemaValidationFailed;
import dev.terminus.Termination.Skipped;
import dev.terminus.Termination.StallDetected;
import dev.terminus.Termination.StructuredOutputRetriesExhausted;
import dev.terminus.Termination.Submitted;
import dev.terminus.Termination.TimeBudgetExhausted;
import dev.terminus.Termination.TokenBudgetExhausted;
import dev.terminus.Termination.UserSatisfied;
import dev.terminus.TokenKind;
import dev.terminus.jackson.UnrecognizedTermination;
import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What to do next after a run ended: a short recovery playbook for every case, written for a person and
 * using the termination's facts (its limits, the amounts used, who refused, which gate waits).
 *
 * <p>The advice is an exhaustive {@code switch} over {@link Termination} with one arm per framework case
 * and one for {@link Termination.Extension}, without a default arm: a new framework case does not compile
 * here until it gets its own advice.
 *
 * {@snippet :
 * List<String> steps = Playbook.nextSteps(new Termination.MaxIterationsReached(25, 25));
 * // [Raise the iteration limit above 25 (25 iterations were used) if the task really needs more turns., ...]
 * }
 */
public final class Playbook {

    private Playbook() {}

    /** What a human gate ({@link HitlGatePending}) waits for, which decides how it is answered. */
    public enum Gate {
        /** The approval of a call: {@code terminus resume --approve} or {@code --reject REASON}. */
        APPROVAL,
        /**
         * A person's input that a tool asked for (an MCP server's elicitation), kept in a checkpoint of format 2:
         * {@code terminus resume --answer JSON} or {@code --reject REASON} (declined).
         */
        INPUT
    }

    /**
     * The meaning of a category, in one line, as {@link dev.terminus.Category} documents it.
     *
     * @param category the category
     * @return what the category tells the caller, e.g. {@code "nothing; the work is done"} for {@code SUCCESS}
     */
    public static String meaning(Category category) {
        return switch (category) {
            case SUCCESS -> "nothing; the work is done";
            case RETRYABLE -> "transient; the same run may succeed if retried";
            case CAPACITY -> "a configured limit was reached; raise it or reduce the scope";
            case FATAL -> "retrying will not help without someone changing something";
            case INTERRUPTED -> "stopped by an outside decision (cancelled, skipped); not an error";
            case SUSPENDED -> "waiting for a person; resume it, do not retry it";
        };
    }

    /**
     * The recovery playbook of a termination: two to four imperative steps, most important first,
     * specific to the case and filled in with its facts. A {@link HitlGatePending} is advised as an approval gate:
     * the termination alone does not say what its gate waits for (see {@link #nextSteps(Termination, Gate)}).
     *
     * @param termination how the run ended
     * @return the steps, never empty
     */
    public static List<String> nextSteps(Termination termination) {
        return nextSteps(termination, Gate.APPROVAL);
    }

    /**
     * The recovery playbook of a termination whose run's checkpoint says what its gate waits for.
     *
     * @param termination how the run ended
     * @param gate what a {@link HitlGatePending} waits for (the run's checkpoint says: an input request, or none);
     *     unused for the other cases
     * @return the steps, never empty
     */
    public static List<String> nextSteps(Termination termination, Gate gate) {
        return switch (termination) {
            // ------------------------------------------------------------ success
            case NaturalCompletion() -> List.of(
                    "Use the model's last message as the result: it answered without calling a tool.",
                    "If that answer came too early, require a final-answer tool or a completion predicate"
                            + " so the run cannot stop on plain text.");
            case Completed() -> List.of(
                    "Collect the result: the completion predicate held at the end of an iteration.",
                    "If the result is incomplete, tighten the completion predicate instead of raising limits.");
            case CompletedEarlyAfterToolCall(String tool) -> List.of(
                    "Collect the result from the " + tool + " call: the work was complete right after it.",
                    "Expect no closing model message; the run stopped before the model could answer.");
            case Submitted(String tool) -> List.of(
                    "Read the answer from the arguments of the " + tool + " call: the model submitted it there.",
                    "Validate those arguments against the structure you expect before using them.");
            case CriteriaMet(List<String> criteria) -> List.of(
                    "Collect the result: every required criterion was met (" + list(criteria) + ").",
                    "If the result still misses something, add a criterion for it; the run stops as soon as"
                            + " all of them hold.");
            case Converged(int cycles) -> List.of(
                    "Read the converged facts: the context reached a fixed point after " + cycles + " cycles.",
                    "If it converged too early, add an agent or an invariant that can still propose changes.");
            case UserSatisfied(String stopToken) -> List.of(
                    "Close the conversation: the user said they are done"
                            + (stopToken == null ? "." : " (stop token " + stopToken + ")."),
                    "If a user simulator said so, review the last turns to check it did not stop too early.");

            // ------------------------------------------------------------ capacity: budgets
            case MaxIterationsReached(int limit, int used) -> List.of(
                    "Raise the iteration limit above " + limit + " (" + used + " iterations were used) if the task"
                            + " really needs more turns.",
                    "Otherwise read the transcript for a loop: the model may be repeating itself instead of finishing.",
                    "Split the task into smaller stages, or state more clearly when it is done.");
            case MaxToolCallsReached(int limit, int used) -> List.of(
                    "Raise the tool-call limit above " + limit + " (" + used + " calls were made) if the task needs"
                            + " more tool use.",
                    "Look in the transcript for repeated calls to the same tool; batch them or cache their results.",
                    "Make tool results richer so that fewer calls are needed.");
            case TokenBudgetExhausted(long consumed, long limit, TokenKind kind) -> List.of(
                    "Raise the " + kind + " token budget above " + limit + " (" + consumed + " were consumed)"
                            + " or reduce the task's scope.",
                    switch (kind) {
                        case TOTAL, INPUT -> "Compact the context earlier and trim large tool results to spend"
                                + " fewer input tokens per turn.";
                        case OUTPUT -> "Ask for shorter answers, or lower the output cap of each model call.";
                    },
                    "Check the transcript for a loop that burns tokens without making progress.");
            case BudgetPressure(Double threshold) -> List.of(
                    "Review the result: one finalization iteration wrapped the run up after "
                            + (threshold == null ? "its budget passed the pressure threshold"
                                    : percent(threshold) + " of its budget was used") + ".",
                    "If the wrap-up is too thin, raise the budget"
                            + (threshold == null ? "" : " or the pressure threshold above " + threshold) + ".");
            case CostBudgetExhausted(BigDecimal spent, BigDecimal limit) -> List.of(
                    "Raise the cost ceiling above $" + limit.toPlainString() + " ($" + spent.toPlainString()
                            + " was spent) or reduce the task's scope.",
                    "Use a cheaper model for routine turns, or cache repeated prompts, to spend less per run.");
            case TimeBudgetExhausted(long elapsedMs, long limitMs) -> List.of(
                    "Raise the time budget above " + limitMs + " ms (the run took " + elapsedMs + " ms) or reduce"
                            + " the task's scope.",
                    "Find the slow step, a hanging tool or a slow model call, and give it a timeout of its own.",
                    "Run independent tool calls in parallel to finish within the deadline.");
            case FactBudgetExhausted(long facts, long limit) -> List.of(
                    "Raise the fact cap above " + limit + " (the context held " + facts + " facts) if the problem"
                            + " really needs that many.",
                    "Otherwise find the agent that floods the context and deduplicate or restrict its proposals.");
            case PromptTooLong(Long promptTokens, Long window) -> List.of(
                    "Shrink the prompt: " + (promptTokens == null || window == null
                            ? "it did not fit the model's context window"
                            : "it needed " + promptTokens + " tokens but the context window holds " + window)
                            + ", even after compaction.",
                    "Compact earlier (lower the compaction threshold) and trim large tool results before they"
                            + " enter the transcript.",
                    "Or switch to a model with a larger context window"
                            + (window == null ? "." : " than " + window + " tokens."));
            case OutputTruncated(Integer maxOutputTokens) -> List.of(
                    "Raise the output cap " + (maxOutputTokens == null ? "of the model call"
                            : "above " + maxOutputTokens + " tokens") + " so the final answer fits.",
                    "Or ask for a shorter answer, or have the answer produced in parts.");

            // ------------------------------------------------------------ capacity: stuck
            case StallDetected(Integer threshold) -> List.of(
                    "Read the last " + (threshold == null ? "" : threshold + " ") + "iterations: they changed"
                            + " nothing, so running it again as is will stall again.",
                    "Give the model what it lacks to move on: a clearer next step, a missing tool or document.",
                    "Raise the stall threshold only if slow progress is expected.");
            case NoProgress(int iterations, List<Message> snapshot) -> noProgress(iterations, snapshot);
            case ConsecutiveMistakes(int threshold) -> List.of(
                    "Read the last " + threshold + " tool errors in the transcript: the model made that many"
                            + " mistakes in a row.",
                    "Fix the tool descriptions and argument schemas it misused, or offer the tool it tried to call.",
                    "Raise the mistake threshold only if the tools legitimately fail now and then.");
            case StructuredOutputRetriesExhausted(int limit, Diagnostic diagnostic) -> List.of(
                    "Fix the output schema or the prompt: after " + limit + " repairs the output still failed "
                            + firstViolation(diagnostic) + ".",
                    "Simplify the required structure, or show an example of valid output in the prompt.",
                    "Use a model with native structured output, or raise the repair limit above " + limit + ".");

            // ------------------------------------------------------------ interrupted and suspended
            case Cancelled(String requestedBy) -> List.of(
                    "Nothing failed: " + (requestedBy == null ? "the caller" : requestedBy) + " cancelled the run;"
                            + " run it again if that was a mistake.",
                    "Keep the partial result and the transcript if you need what was done so far.");
            case Skipped(String reason) -> List.of(
                    "Nothing failed: a skip policy said not to run" + (reason == null ? "." : " (" + reason + ")."),
                    "Provide what was missing, or change the skip policy, if the work is still needed.");
            case HitlGatePending pending -> gate(pending, gate);
            case HumanInterventionRequired(List<String> criteria, List<String> approvalRefs) -> List.of(
                    "Get " + (approvalRefs.isEmpty() ? "the requested approvals"
                            : (approvalRefs.size() == 1 ? "the approval " : "the approvals ") + list(approvalRefs))
                            + " decided: " + (criteria.isEmpty() ? "success criteria are"
                            : criteria.size() == 1 ? "the criterion " + criteria.get(0) + " is"
                            : "the criteria " + list(criteria) + " are") + " blocked on a person.",
                    "Resume the run once the decision is made; do not retry it.");

            // ------------------------------------------------------------ errors
            case Failed failed -> failed(failed.error());
            case ProviderAuthFailed(String provider, int status) -> List.of(
                    "Fix the " + provider + " credentials (HTTP " + status + "); do not retry until they are fixed.",
                    status == 403
                            ? "Check that the key may use this model and operation: 403 means it is valid but not allowed."
                            : "Check that the API key is set, current, and belongs to the right organization or project.",
                    "Then run again; the run did no model work before the provider refused it.");
            case Halted(String source, String reason) -> List.of(
                    "Resolve why " + source + " halted the run: " + reason,
                    "Change the task or the agent's tools so it does not attempt that again, then run it again.",
                    "If the halt was wrong, fix the rule in " + source + "; retrying unchanged halts again.");
            case SchemaValidationFailed(Diagnostic diagnostic) -> List.of(
                    "Retry: the output did not match the required structure " + firstViolation(diagnostic)
                            + "; another attempt may.",
                    "Turn on structured-output repair so the violations are sent back to the model.",
                    "If it keeps failing, show an example of valid output in the prompt.");
            case CompactionFailed(String reason) -> List.of(
                    "Fix context compaction: " + reason,
                    "Check the summarizer's model and prompt, or compact by truncation until it works again.");
            case InvariantViolated(InvariantClass invariantClass, String name, String reason) -> List.of(
                    "Fix what broke the " + invariantClass + " invariant " + name + ": " + reason,
                    switch (invariantClass) {
                        case STRUCTURAL -> "It is checked on every message or merge: find the output that broke it.";
                        case SEMANTIC -> "It is checked at the end of every iteration or cycle: find the step that"
                                + " left the state inconsistent.";
                        case ACCEPTANCE -> "It is checked when completion is claimed: the result is not acceptable"
                                + " yet; improve the work or the criteria.";
                    },
                    "If the invariant itself is wrong, correct its declaration; retrying unchanged fails again.");
            case PromotionRejected(String proposal, String reason) -> List.of(
                    "Fix proposal " + proposal + " so the promotion gate accepts it: " + reason,
                    "Make the proposing agent supply what the gate checks; retrying unchanged is rejected again.");
            case AgentRefused(String agent, String reason) -> List.of(
                    "Rephrase the request: " + agent + " refused it (" + reason + ").",
                    "Check the prompt and the inputs for content the provider's policy blocks; do not retry unchanged.",
                    "If the refusal is wrong, try another model or provider.");

            // ------------------------------------------------------------ open cases
            case Custom custom -> custom(custom);
            case Termination.Extension extension -> extension(extension);
        };
    }

    private static List<String> gate(HitlGatePending pending, Gate gate) {
        String retry = "Do not retry the run: that would redo the work up to the gate and ask again.";
        return switch (gate) {
            case APPROVAL -> List.of(
                    "Review proposal " + pending.proposalId() + " from agent " + pending.agentId() + " (cycle "
                            + pending.cycle() + "): " + pending.summary(),
                    "Approve or reject gate " + pending.gateId() + " with `terminus resume`; the run continues from"
                            + " its checkpoint.",
                    retry);
            case INPUT -> List.of(
                    "Read what the tool of call " + pending.proposalId() + " asks (agent " + pending.agentId()
                            + ", cycle " + pending.cycle() + "): " + pending.summary(),
                    "Answer gate " + pending.gateId() + " with `terminus resume --answer JSON` (a JSON object of the"
                            + " schema the tool asked for), or decline with `--reject REASON`; the call is made again"
                            + " with the answer and the run continues from its checkpoint.",
                    retry);
        };
    }

    private static List<String> noProgress(int iterations, List<Message> snapshot) {
        Set<String> tools = new LinkedHashSet<>();
        @Nullable String lastResult = null;
        for (Message message : snapshot) {
            switch (message) {
                case Message.Assistant assistant -> assistant.toolCalls().forEach(call -> tools.add(call.name()));
                case Message.ToolResult result -> lastResult = result.content();
                case Message.System system -> { }
                case Message.User user -> { }
            }
        }
        String repeated = tools.isEmpty() ? "the same messages" : "the same calls to " + list(List.copyOf(tools));
        return List.of(
                "Break the loop: " + iterations + " iterations repeated " + repeated + " with the same results.",
                lastResult == null
                        ? "Make the tools' answers actionable, or say in errors what the model should change."
                        : "Make the tool's answer actionable: it said \"" + shorten(lastResult) + "\" every time;"
                                + " say what to try instead.",
                "Tell the model in the prompt what to do when a tool gives nothing useful.");
    }

    private static List<String> failed(ErrorInfo error) {
        String what = error.type() + (error.message().isEmpty() ? "" : " (" + error.message() + ")");
        return switch (error.category()) {
            case INTERNAL -> List.of(
                    "Fix the defect: " + what + " is a bug in the framework or the application.",
                    "Report it with the error type and message; retrying fails the same way.");
            case CONFIGURATION -> List.of(
                    "Fix the configuration: " + what + " says it cannot work as set up.",
                    "Run again only after changing it; retrying unchanged fails the same way.");
            case EXTERNAL -> List.of(
                    "Retry the run: " + what + " is a transient failure of something outside it.",
                    "If it keeps failing, check that service's status and raise its timeouts or retries.");
            case RESOURCE -> List.of(
                    "Wait, then retry: " + what + " means a resource outside the run ran out (rate limit, quota).",
                    "Lower the concurrency, or ask the provider for a higher quota.");
            case UNKNOWN -> List.of(
                    "Retry once: " + what + " was not classified.",
                    "If it fails again, classify the error (INTERNAL, CONFIGURATION, EXTERNAL, RESOURCE) where it is"
                            + " raised so it gets the right advice.");
        };
    }

    private static List<String> custom(Custom custom) {
        String cause = "\"" + custom.reason() + "\"";
        String facts = custom.properties().isEmpty() ? ""
                : " Its properties: " + list(List.copyOf(custom.properties().keySet())) + ".";
        return List.of(
                byCategory(custom.category(), cause) + facts,
                "If " + cause + " recurs, model it as a Termination.Extension so callers can switch on it.");
    }

    private static List<String> extension(Termination.Extension extension) {
        if (extension instanceof UnrecognizedTermination unrecognized) {
            return List.of(
                    "Upgrade this reader, or register the extension kind " + unrecognized.kind()
                            + ": it cannot tell how to recover from a case it does not know.",
                    "Until then treat it as FATAL; its raw fields are kept unchanged.");
        }
        return List.of(
                byCategory(extension.category(), "the " + extension.tag() + " extension"),
                "See the documentation of " + extension.tag() + " for what its facts mean.");
    }

    /** The first step for a case whose only guide is its category. */
    private static String byCategory(Category category, String cause) {
        return switch (category) {
            case SUCCESS -> "Collect the result: " + cause + " reports success.";
            case RETRYABLE -> "Retry: " + cause + " reports a transient failure.";
            case CAPACITY -> "Raise the limit behind " + cause + ", or reduce the task's scope.";
            case FATAL -> "Fix what " + cause + " reports before running again; retrying will not help.";
            case INTERRUPTED -> "Nothing failed: " + cause + " stopped the run by an outside decision; run it again"
                    + " if needed.";
            case SUSPENDED -> "Give the person " + cause + " waits for what they need, then resume the run.";
        };
    }

    private static String firstViolation(Diagnostic diagnostic) {
        if (diagnostic.violations().isEmpty()) {
            return "(it could not be read at all)";
        }
        Diagnostic.Violation first = diagnostic.violations().get(0);
        int more = diagnostic.violations().size() - 1;
        return "at " + first.path() + " (" + first.message() + ")"
                + (more == 0 ? "" : " and " + more + " more place" + (more == 1 ? "" : "s"));
    }

    private static String list(List<String> items) {
        return items.isEmpty() ? "none" : String.join(", ", items);
    }

    private static String percent(double fraction) {
        double percent = fraction * 100;
        return (percent == Math.rint(percent) ? String.valueOf((long) percent) : String.valueOf(percent)) + "%";
    }

    private static String shorten(@Nullable String text) {
        String flat = text == null ? "" : text.strip().replaceAll("\\s+", " ");
        return flat.length() <= 60 ? flat : flat.substring(0, 57) + "...";
    }
}
