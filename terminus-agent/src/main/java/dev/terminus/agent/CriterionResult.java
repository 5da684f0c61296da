package dev.terminus.agent;

import dev.terminus.Preconditions;

/** What a {@link SuccessCriterion} found when the run claimed completion. */
public sealed interface CriterionResult {

    /** The criterion is met. */
    record Met() implements CriterionResult {}

    /**
     * The criterion is not met yet; the model is told the reason and the run goes on.
     *
     * @param reason what is missing, for the model
     */
    record NotMet(String reason) implements CriterionResult {
        /** Refuses a null reason. */
        public NotMet {
            Preconditions.notNull(reason, "NotMet.reason");
        }
    }

    /**
     * Only a person can meet the criterion: the run ends {@code HumanInterventionRequired}.
     *
     * @param approvalRef a reference to the approval requested (a ticket, a URL), reported in the termination
     */
    record Blocked(String approvalRef) implements CriterionResult {
        /** Refuses a null reference. */
        public Blocked {
            Preconditions.notNull(approvalRef, "Blocked.approvalRef");
        }
    }

    /** @return a met result */
    static CriterionResult met() {
        return new Met();
    }

    /** @param reason what is missing @return a not-met result */
    static CriterionResult notMet(String reason) {
        return new NotMet(reason);
    }

    /** @param approvalRef the approval requested @return a blocked result */
    static CriterionResult blocked(String approvalRef) {
        return new Blocked(approvalRef);
    }
}
