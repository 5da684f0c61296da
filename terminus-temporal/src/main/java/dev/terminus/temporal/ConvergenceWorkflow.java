package dev.terminus.temporal;

import dev.terminus.temporal.wire.ConvergenceActivities;
import dev.terminus.temporal.wire.FactPage;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.UpdateMethod;
import io.temporal.workflow.UpdateValidatorMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import org.jspecify.annotations.Nullable;

/**
 * One convergence run as a Temporal workflow: the engine of the input's name, built by its {@link ConvergenceRecipe}
 * on proxies of its agents whose turns are activities ({@link ConvergenceActivities}) and on the workflow's clock,
 * runs the same engine code as {@code ConvergenceEngine.run} under the workflow's control. Its budgets (cycles, facts,
 * tokens, time) count as in one process, its time budget on workflow time. Cancelling the workflow ends the run
 * {@code Cancelled} with its partial result, read with the {@link #output()} query
 * ({@link ConvergenceWorkflows#output} reads either way).
 *
 * <p><b>Approval gates are updates.</b> When the run pauses at a gate (a proposal below the confidence threshold, a
 * gated key), the workflow keeps running and waits, for as long as it takes, for an {@link #answer} update naming the
 * gate ({@link #pendingGate()} says which); it then resumes the run with the decision, in the same cycle and the same
 * workflow, and may pause again. The wait does not count against the time budget.
 *
 * <p><b>Its history is linear</b> (ADR 0043): a turn refers to the context the workflow holds, which its activity
 * reads through {@link #contextFacts} where its worker's copy lacks it, and heartbeats, so a cancellation reaches the
 * running turn; a reply over {@link ConvergenceRecipes#payloadLimit()} ends the run {@code Failed} naming its size; a
 * long run goes on, between two cycles, in a fresh execution of the workflow (continue-as-new,
 * {@link ConvergenceRecipes#continueAsNewAfter()}) and ends as the uninterrupted run would.
 *
 * {@snippet :
 * ConvergenceWorkflow workflow = client.newWorkflowStub(ConvergenceWorkflow.class,
 *         WorkflowOptions.newBuilder().setTaskQueue("converge").setWorkflowId("invoice-42").build());
 * WorkflowClient.start(workflow::run, ConvergenceRunInput.of("reconcile", Context.of(Map.of("document", text))));
 * // later, a person looks at the gate and decides:
 * ConvergenceGate gate = workflow.pendingGate();
 * workflow.answer(GateAnswer.approve(gate.gateId()));
 * ConvergenceRunOutput output = ConvergenceWorkflows.output(WorkflowStub.fromTyped(workflow));
 * }
 */
@WorkflowInterface
public interface ConvergenceWorkflow {

    /** Who {@code Cancelled} names when the run ended because its workflow was cancelled. */
    String CANCELLED_BY_WORKFLOW = AgentWorkflow.CANCELLED_BY_WORKFLOW;

    /** The name of the {@link #contextFacts} query. */
    String CONTEXT_QUERY = "contextFacts";

    /**
     * Runs from the input's context to the end, waiting at every approval gate for a decision. Whatever happens
     * inside the run is the output's termination: the workflow completes normally with it. It fails only when the
     * input names no registered engine or its recipe fails.
     *
     * @param input the engine and the initial context
     * @return how the run ended
     */
    @WorkflowMethod
    ConvergenceRunOutput run(ConvergenceRunInput input);

    /**
     * The run's output once it has ended: the same as {@link #run}'s, and the only way to read it when the workflow
     * was cancelled (Temporal keeps no value for a cancelled workflow; a query of a closed workflow replays it).
     *
     * @return the output, or null while the run goes on
     */
    @QueryMethod
    @Nullable ConvergenceRunOutput output();

    /**
     * Entries of the log of facts this execution has seen: its initial facts, then every fact as a merge put it (a
     * later entry of a key replaces the earlier one). A turn's activity refers to its context as a number of entries
     * and reads the ones its worker lacks here; {@link ConvergenceWorkflows#output} reads an output's omitted facts
     * here. A query leaves nothing in the history.
     *
     * @param from the first entry wanted
     * @return the entries from {@code from} on, about a megabyte at most (at least one when there is one)
     */
    @QueryMethod(name = CONTEXT_QUERY)
    FactPage contextFacts(int from);

    /** @return the gate the run waits at for an answer, or null when it is not waiting (or is answered already) */
    @QueryMethod
    @Nullable ConvergenceGate pendingGate();

    /**
     * A person's answer to the gate the run waits at: an approval merges the proposal, a rejection records it as
     * rejected by a person (never proposed again in the run); the run then goes on. Accepted only for the pending
     * gate, once ({@link #validateAnswer}); returns as soon as the decision is taken, not when the run ends.
     *
     * @param answer the decision, naming the pending gate
     * @return the gate it answered
     */
    @UpdateMethod
    ConvergenceGate answer(GateAnswer answer);

    /**
     * Refuses an answer, leaving no trace in the workflow's history: when no gate is pending or it is answered
     * already, when it names another gate than the pending one, or when it approves with arguments (a proposal has
     * none); the message names the gate ids.
     *
     * @param answer the decision
     * @throws IllegalStateException when no gate is pending or it is answered already
     * @throws IllegalArgumentException when the answer names another gate or approves with arguments
     */
    @UpdateValidatorMethod(updateName = "answer")
    void validateAnswer(GateAnswer answer);
}
