package dev.terminus.cli.output;

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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * {@link Playbook}'s advice as data: each framework case of {@link Termination} (but {@link HitlGatePending}, whose
 * advice depends on what its gate waits for) with the function that writes its steps from the case's facts, in the
 * catalogue's groups: success, budgets, stuck, interrupted and suspended, errors.
 *
 * <p>The table is checked against {@link Termination}'s permitted cases when the class loads: a framework case
 * added without its own row fails the first use of the playbook, and so every test of it.
 */
final class PlaybookTable {

    private PlaybookTable() {}

    /**
     * @param termination a framework case other than {@link HitlGatePending}
     * @return its steps
     */
    static List<String> steps(Termination termination) {
        return ADVICE.get(termination.getClass()).apply(termination);
    }

    /** The advice of each framework case but {@link HitlGatePending}, by the case's class. */
    private static final Map<Class<?>, Function<Termination, List<String>>> ADVICE = table(
            Stream.of(success(), budgets(), stuck(), interrupted(), errors()).flatMap(List::stream).toList());

    /** One row of the table: a case and its steps. */
    private record Advice(Class<?> type, Function<Termination, List<String>> steps) {}

    private static <T extends Termination> Advice advice(Class<T> type, Function<T, List<String>> steps) {
        return new Advice(type, termination -> steps.apply(type.cast(termination)));
    }

    /** The table, refused at class loading when a framework case has no row: every case gets its own advice. */
    private static Map<Class<?>, Function<Termination, List<String>>> table(List<Advice> rows) {
        Map<Class<?>, Function<Termination, List<String>>> table = new HashMap<>();
        rows.forEach(row -> table.put(row.type(), row.steps()));
        for (Class<?> type : Termination.class.getPermittedSubclasses()) {
            if (!table.containsKey(type) && type != HitlGatePending.class && type != Termination.Extension.class) {
                throw new IllegalStateException("the playbook has no advice for " + type.getSimpleName());
            }
        }
        return Map.copyOf(table);
    }

    private static List<Advice> success() {
        return List.of(
                advice(NaturalCompletion.class, t -> List.of(
                        "Use the model's last message as the result: it answered without calling a tool.",
                        "If that answer came too early, require a final-answer tool or a completion predicate"
                                + " so the run cannot stop on plain text.")),
                advice(Completed.class, t -> List.of(
                        "Collect the result: the completion predicate held at the end of an iteration.",
                        "If the result is incomplete, tighten the completion predicate instead of raising limits.")),
                advice(CompletedEarlyAfterToolCall.class, t -> List.of(
                        "Collect the result from the " + t.toolName() + " call: the work was complete right after it.",
                        "Expect no closing model message; the run stopped before the model could answer.")),
                advice(Submitted.class, t -> List.of(
                        "Read the answer from the arguments of the " + t.toolName() + " call: the model submitted it"
                                + " there.",
                        "Validate those arguments against the structure you expect before using them.")),
                advice(CriteriaMet.class, t -> List.of(
                        "Collect the result: every required criterion was met (" + Playbook.list(t.criteria()) + ").",
                        "If the result still misses something, add a criterion for it; the run stops as soon as"
                                + " all of them hold.")),
                advice(Converged.class, t -> List.of(
                        "Read the converged facts: the context reached a fixed point after " + t.cycles() + " cycles.",
                        "If it converged too early, add an agent or an invariant that can still propose changes.")),
                advice(UserSatisfied.class, t -> List.of(
                        "Close the conversation: the user said they are done"
                                + (t.stopToken() == null ? "." : " (stop token " + t.stopToken() + ")."),
                        "If a user simulator said so, review the last turns to check it did not stop too early.")));
    }

    private static List<Advice> budgets() {
        return List.of(
                advice(MaxIterationsReached.class, t -> List.of(
                        "Raise the iteration limit above " + t.limit() + " (" + t.iterationsUsed() + " iterations"
                                + " were used) if the task really needs more turns.",
                        "Otherwise read the transcript for a loop: the model may be repeating itself instead of"
                                + " finishing.",
                        "Split the task into smaller stages, or state more clearly when it is done.")),
                advice(MaxToolCallsReached.class, t -> List.of(
                        "Raise the tool-call limit above " + t.limit() + " (" + t.toolCallsUsed() + " calls were made)"
                                + " if the task needs more tool use.",
                        "Look in the transcript for repeated calls to the same tool; batch them or cache their"
                                + " results.",
                        "Make tool results richer so that fewer calls are needed.")),
                advice(TokenBudgetExhausted.class, t -> List.of(
                        "Raise the " + t.kind() + " token budget above " + t.limit() + " (" + t.tokensConsumed()
                                + " were consumed) or reduce the task's scope.",
                        switch (t.kind()) {
                            case TOTAL, INPUT -> "Compact the context earlier and trim large tool results to spend"
                                    + " fewer input tokens per turn.";
                            case OUTPUT -> "Ask for shorter answers, or lower the output cap of each model call.";
                        },
                        "Check the transcript for a loop that burns tokens without making progress.")),
                advice(BudgetPressure.class, PlaybookTable::budgetPressure),
                advice(CostBudgetExhausted.class, t -> List.of(
                        "Raise the cost ceiling above $" + t.limitUsd().toPlainString() + " ($"
                                + t.spentUsd().toPlainString() + " was spent) or reduce the task's scope.",
                        "Use a cheaper model for routine turns, or cache repeated prompts, to spend less per run.")),
                advice(TimeBudgetExhausted.class, t -> List.of(
                        "Raise the time budget above " + t.limitMs() + " ms (the run took " + t.elapsedMs() + " ms)"
                                + " or reduce the task's scope.",
                        "Find the slow step, a hanging tool or a slow model call, and give it a timeout of its own.",
                        "Run independent tool calls in parallel to finish within the deadline.")),
                advice(FactBudgetExhausted.class, t -> List.of(
                        "Raise the fact cap above " + t.limit() + " (the context held " + t.factsCount() + " facts)"
                                + " if the problem really needs that many.",
                        "Otherwise find the agent that floods the context and deduplicate or restrict its"
                                + " proposals.")),
                advice(PromptTooLong.class, PlaybookTable::promptTooLong),
                advice(OutputTruncated.class, t -> List.of(
                        "Raise the output cap " + (t.maxOutputTokens() == null ? "of the model call"
                                : "above " + t.maxOutputTokens() + " tokens") + " so the final answer fits.",
                        "Or ask for a shorter answer, or have the answer produced in parts.")));
    }

    private static List<String> budgetPressure(BudgetPressure pressure) {
        @Nullable Double threshold = pressure.threshold();
        return List.of(
                "Review the result: one finalization iteration wrapped the run up after "
                        + (threshold == null ? "its budget passed the pressure threshold"
                                : Playbook.percent(threshold) + " of its budget was used") + ".",
                "If the wrap-up is too thin, raise the budget"
                        + (threshold == null ? "" : " or the pressure threshold above " + threshold) + ".");
    }

    private static List<String> promptTooLong(PromptTooLong tooLong) {
        @Nullable Long promptTokens = tooLong.promptTokens();
        @Nullable Long window = tooLong.contextWindow();
        return List.of(
                "Shrink the prompt: " + (promptTokens == null || window == null
                        ? "it did not fit the model's context window"
                        : "it needed " + promptTokens + " tokens but the context window holds " + window)
                        + ", even after compaction.",
                "Compact earlier (lower the compaction threshold) and trim large tool results before they"
                        + " enter the transcript.",
                "Or switch to a model with a larger context window"
                        + (window == null ? "." : " than " + window + " tokens."));
    }

    private static List<Advice> stuck() {
        return List.of(
                advice(StallDetected.class, t -> List.of(
                        "Read the last " + (t.consecutiveThreshold() == null ? "" : t.consecutiveThreshold() + " ")
                                + "iterations: they changed nothing, so running it again as is will stall again.",
                        "Give the model what it lacks to move on: a clearer next step, a missing tool or document.",
                        "Raise the stall threshold only if slow progress is expected.")),
                advice(NoProgress.class, t -> Playbook.noProgress(t.unproductiveIterations(), t.snapshot())),
                advice(ConsecutiveMistakes.class, t -> List.of(
                        "Read the last " + t.threshold() + " tool errors in the transcript: the model made that many"
                                + " mistakes in a row.",
                        "Fix the tool descriptions and argument schemas it misused, or offer the tool it tried to"
                                + " call.",
                        "Raise the mistake threshold only if the tools legitimately fail now and then.")),
                advice(StructuredOutputRetriesExhausted.class, t -> List.of(
                        "Fix the output schema or the prompt: after " + t.limit() + " repairs the output still failed "
                                + Playbook.firstViolation(t.diagnostic()) + ".",
                        "Simplify the required structure, or show an example of valid output in the prompt.",
                        "Use a model with native structured output, or raise the repair limit above " + t.limit()
                                + ".")));
    }

    private static List<Advice> interrupted() {
        return List.of(
                advice(Cancelled.class, t -> List.of(
                        "Nothing failed: " + (t.requestedBy() == null ? "the caller" : t.requestedBy())
                                + " cancelled the run; run it again if that was a mistake.",
                        "Keep the partial result and the transcript if you need what was done so far.")),
                advice(Skipped.class, t -> List.of(
                        "Nothing failed: a skip policy said not to run"
                                + (t.reason() == null ? "." : " (" + t.reason() + ")."),
                        "Provide what was missing, or change the skip policy, if the work is still needed.")),
                advice(HumanInterventionRequired.class, PlaybookTable::humanIntervention));
    }

    private static List<String> humanIntervention(HumanInterventionRequired required) {
        List<String> criteria = required.criteria();
        List<String> approvalRefs = required.approvalRefs();
        return List.of(
                "Get " + (approvalRefs.isEmpty() ? "the requested approvals"
                        : (approvalRefs.size() == 1 ? "the approval " : "the approvals ") + Playbook.list(approvalRefs))
                        + " decided: " + (criteria.isEmpty() ? "success criteria are"
                        : criteria.size() == 1 ? "the criterion " + criteria.get(0) + " is"
                        : "the criteria " + Playbook.list(criteria) + " are") + " blocked on a person.",
                "Resume the run once the decision is made; do not retry it.");
    }

    private static List<Advice> errors() {
        return List.of(
                advice(Failed.class, t -> Playbook.failed(t.error())),
                advice(ProviderAuthFailed.class, t -> List.of(
                        "Fix the " + t.provider() + " credentials (HTTP " + t.status() + "); do not retry until they"
                                + " are fixed.",
                        t.status() == 403
                                ? "Check that the key may use this model and operation: 403 means it is valid but not"
                                        + " allowed."
                                : "Check that the API key is set, current, and belongs to the right organization or"
                                        + " project.",
                        "Then run again; the run did no model work before the provider refused it.")),
                advice(Halted.class, t -> List.of(
                        "Resolve why " + t.source() + " halted the run: " + t.reason(),
                        "Change the task or the agent's tools so it does not attempt that again, then run it again.",
                        "If the halt was wrong, fix the rule in " + t.source() + "; retrying unchanged halts again.")),
                advice(SchemaValidationFailed.class, t -> List.of(
                        "Retry: the output did not match the required structure " + Playbook.firstViolation(t.diagnostic())
                                + "; another attempt may.",
                        "Turn on structured-output repair so the violations are sent back to the model.",
                        "If it keeps failing, show an example of valid output in the prompt.")),
                advice(CompactionFailed.class, t -> List.of(
                        "Fix context compaction: " + t.reason(),
                        "Check the summarizer's model and prompt, or compact by truncation until it works again.")),
                advice(InvariantViolated.class, PlaybookTable::invariantViolated),
                advice(PromotionRejected.class, t -> List.of(
                        "Fix proposal " + t.proposalId() + " so the promotion gate accepts it: " + t.reason(),
                        "Make the proposing agent supply what the gate checks; retrying unchanged is rejected"
                                + " again.")),
                advice(AgentRefused.class, t -> List.of(
                        "Rephrase the request: " + t.agentId() + " refused it (" + t.reason() + ").",
                        "Check the prompt and the inputs for content the provider's policy blocks; do not retry"
                                + " unchanged.",
                        "If the refusal is wrong, try another model or provider.")),
                advice(Custom.class, Playbook::custom));
    }

    private static List<String> invariantViolated(InvariantViolated violated) {
        return List.of(
                "Fix what broke the " + violated.invariantClass() + " invariant " + violated.name() + ": "
                        + violated.reason(),
                switch (violated.invariantClass()) {
                    case STRUCTURAL -> "It is checked on every message or merge: find the output that broke it.";
                    case SEMANTIC -> "It is checked at the end of every iteration or cycle: find the step that"
                            + " left the state inconsistent.";
                    case ACCEPTANCE -> "It is checked when completion is claimed: the result is not acceptable"
                            + " yet; improve the work or the criteria.";
                },
                "If the invariant itself is wrong, correct its declaration; retrying unchanged fails again.");
    }
}
