package dev.terminus.agent.internal;

import dev.terminus.Diagnostic;
import dev.terminus.InvariantClass;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.CriterionResult;
import dev.terminus.agent.PromotionDecision;
import dev.terminus.agent.SuccessCriterion;
import dev.terminus.agent.spi.OutputCheck;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reviews a run's claim that it is done, before the run ends with it: the answer's shape (structured output, repaired
 * by re-prompting), the acceptance invariants, the promotion gate, then the success criteria. A review either ends
 * the run (the claim itself, {@code CriteriaMet}, or the termination of what failed) or sends the model back to work
 * with a message in the transcript; the next iterations count against the budgets like any other.
 */
final class ClaimReview {
    static final String REPAIR_PROMPT = "Your answer does not have the required shape. Answer again, with only the"
            + " corrected answer. Problems:";
    static final String UNMET_PROMPT = "You are not done yet. Still missing:";

    private final RunRules rules;
    private final RunState state;
    private final int repairLimit;

    /** Repairs used so far (restored on resume). */
    int repairsUsed;
    /** The typed answer of a claim that ended the run, else null. */
    @Nullable Object typedAnswer;

    ClaimReview(RunRules rules, RunState state, int repairLimit) {
        this.rules = rules;
        this.state = state;
        this.repairLimit = repairLimit;
    }

    static boolean isClaim(Termination end) {
        return end instanceof Termination.NaturalCompletion || end instanceof Termination.Submitted
                || end instanceof Termination.Completed || end instanceof Termination.CompletedEarlyAfterToolCall
                || end instanceof Termination.UserSatisfied;
    }

    /**
     * @param end how the run would end
     * @return how it ends after the review, or null when the model was sent back to work
     */
    @Nullable Termination review(Termination end) {
        if (!isClaim(end) || !rules.reviewsClaims()) {
            return end;
        }
        String answer = answerOf(end);
        Object typed = null;
        if (rules.output() != null && (end instanceof Termination.NaturalCompletion || end instanceof Termination.Submitted)) {
            switch (rules.output().check(answer == null ? "" : answer)) {
                case OutputCheck.Valid(Object value) -> typed = value;
                case OutputCheck.Invalid(Diagnostic diagnostic) -> {
                    if (repairLimit == 0) {
                        return new Termination.SchemaValidationFailed(diagnostic);
                    }
                    if (repairsUsed >= repairLimit) {
                        return new Termination.StructuredOutputRetriesExhausted(repairLimit, diagnostic);
                    }
                    repairsUsed++;
                    return goOn(repairPrompt(diagnostic));
                }
            }
        }
        Termination broken = rules.violated(InvariantClass.ACCEPTANCE, state);
        if (broken != null) {
            return broken;
        }
        if (rules.promotion() != null) {
            PromotionDecision decision = rules.promotion().review(state, answer);
            if (decision instanceof PromotionDecision.Reject(String reason)) {
                return new Termination.PromotionRejected("answer-" + state.iteration, reason);
            }
            if (decision instanceof PromotionDecision.End(Termination own)) {
                return own;
            }
        }
        if (!rules.criteria().isEmpty()) {
            Termination judged = judge(answer);
            if (judged == null) {
                return null;
            }
            end = judged;
        }
        typedAnswer = typed;
        return end;
    }

    /** Evaluates every criterion: all met, some blocked on a person, or some still missing (go on). */
    private @Nullable Termination judge(@Nullable String answer) {
        List<String> met = new ArrayList<>();
        List<String> blocked = new ArrayList<>();
        List<String> approvals = new ArrayList<>();
        StringBuilder missing = new StringBuilder();
        for (SuccessCriterion criterion : rules.criteria()) {
            switch (criterion.evaluate(state, answer)) {
                case CriterionResult.Met() -> met.add(criterion.name());
                case CriterionResult.Blocked(String ref) -> {
                    blocked.add(criterion.name());
                    approvals.add(ref);
                }
                case CriterionResult.NotMet(String reason) ->
                        missing.append("\n- ").append(criterion.name()).append(": ").append(reason);
            }
        }
        if (!blocked.isEmpty()) {
            return new Termination.HumanInterventionRequired(blocked, approvals);
        }
        if (!missing.isEmpty()) {
            return goOn(UNMET_PROMPT + missing);
        }
        return new Termination.CriteriaMet(met);
    }

    private @Nullable Termination goOn(String message) {
        state.finalAnswer = null;
        state.append(new Message.User(message));
        return null;
    }

    /** The answer a claim makes: the submitted one, else the last assistant text; null when there is none. */
    private @Nullable String answerOf(Termination end) {
        if (end instanceof Termination.Submitted) {
            return state.finalAnswer;
        }
        List<Message> transcript = state.liveTranscript();
        for (int i = transcript.size() - 1; i >= 0; i--) {
            if (transcript.get(i) instanceof Message.Assistant assistant) {
                return assistant.content().isEmpty() ? null : assistant.content();
            }
        }
        return null;
    }

    static String repairPrompt(Diagnostic diagnostic) {
        StringBuilder prompt = new StringBuilder(REPAIR_PROMPT);
        for (Diagnostic.Violation violation : diagnostic.violations()) {
            prompt.append("\n- ").append(violation.path()).append(": ").append(violation.message());
        }
        return prompt.toString();
    }
}
