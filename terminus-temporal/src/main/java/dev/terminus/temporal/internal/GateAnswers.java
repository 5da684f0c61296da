package dev.terminus.temporal.internal;

import dev.terminus.temporal.GateAnswer;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Workflow;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The gate a workflow's run waits at, and its answer: one rule for every workflow that pauses for a person (an agent
 * run, a convergence run). An answer is accepted only for the gate waited at, once; the wait ends with the answer, or
 * without one when the run is stopped. Workflow thread only.
 *
 * @param <G> what the workflow shows of its gate
 */
final class GateAnswers<G> {
    private @Nullable String gateId;
    private @Nullable G gate;
    private @Nullable GateAnswer answer;

    /** @return the gate waited at, or null when none is, or it is answered already */
    @Nullable G pending() {
        return answer == null ? gate : null;
    }

    /**
     * Refuses an answer when no gate is waited at, when it is answered already, or when the answer names another.
     *
     * @param given the answer
     * @throws IllegalStateException when no gate is waited at or it is answered already
     * @throws IllegalArgumentException when the answer names another gate
     */
    void validate(GateAnswer given) {
        String waiting = gateId;
        if (waiting == null) {
            throw new IllegalStateException("no gate is pending: the answer for gate \"" + given.gateId()
                    + "\" has nothing to answer");
        }
        if (answer != null) {
            throw new IllegalStateException("gate \"" + waiting + "\" is answered already");
        }
        if (!waiting.equals(given.gateId())) {
            throw new IllegalArgumentException("the answer names gate \"" + given.gateId()
                    + "\" but the run waits at gate \"" + waiting + "\"");
        }
    }

    /**
     * Takes a validated answer.
     *
     * @param given the answer
     * @return the gate it answers
     */
    G accept(GateAnswer given) {
        validate(given);
        answer = given;
        G answered = gate;
        if (answered == null) {
            throw new IllegalStateException("a validated answer has a gate");
        }
        return answered;
    }

    /**
     * Waits at a gate for its answer.
     *
     * @param id the gate's id
     * @param shown what the workflow shows of it
     * @param stopped whether the run was stopped (its wait then ends without an answer)
     * @param onCancel what a cancellation of the workflow thrown into the wait means: the run is stopped
     * @return the answer, or null when the run was stopped first
     */
    @Nullable GateAnswer await(String id, G shown, BooleanSupplier stopped, Runnable onCancel) {
        gateId = id;
        gate = shown;
        answer = null;
        try {
            Workflow.await(() -> answer != null || stopped.getAsBoolean());
        } catch (CanceledFailure e) {
            onCancel.run();
        }
        GateAnswer given = answer;
        gateId = null;
        gate = null;
        answer = null;
        return stopped.getAsBoolean() ? null : given;
    }
}
