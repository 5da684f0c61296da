package dev.terminus.temporal.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.converge.ConvergenceContinuation;
import dev.terminus.temporal.ConvergenceRecipes;
import dev.terminus.temporal.ConvergenceRunOutput;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInfo;

/**
 * When a convergence run goes on in a fresh execution of its workflow (continue-as-new), and when it cannot, as
 * {@link FreshExecutions} decides it for an agent's run (ADR 0043): between two cycles, once the history reaches
 * {@link ConvergenceRecipes#continueAsNewAfter()} events or the server suggests it, carrying its context in the fresh
 * execution's input. A context too large for a payload cannot be carried, so such a run goes on where it is until its
 * history nears what a server accepts (four times {@code continueAsNewAfter} events, or
 * {@link FreshExecutions#LAST_BYTES}), then ends {@code Failed} ({@code RESOURCE}, {@link FreshExecutions#TYPE})
 * naming the sizes, rather than being terminated by the server without an output.
 */
final class ConvergenceExecutions {
    /** Room left in a payload for a fresh execution's input besides its facts. */
    private static final int INPUT_MARGIN = 16 * 1024;

    private final ConvergenceRecipes recipes;
    /** Whether the run's context was found too large to carry into a fresh execution. */
    private boolean tooLarge;

    /** @param recipes the worker's recipes: the threshold and the payload limit */
    ConvergenceExecutions(ConvergenceRecipes recipes) {
        this.recipes = recipes;
    }

    /**
     * Asked between two cycles.
     *
     * @return whether the run stops here: to continue as new, or, once its context was found too large to carry, to
     *     end because its history nears a server's limits
     */
    boolean due() {
        WorkflowInfo info = Workflow.getInfo();
        if (info.getHistoryLength() < recipes.continueAsNewAfter() && !info.isContinueAsNewSuggested()) {
            return false;
        }
        return !tooLarge || nearLimit();
    }

    /** @return whether the history nears what a server accepts: a run that cannot continue as new ends there */
    boolean nearLimit() {
        WorkflowInfo info = Workflow.getInfo();
        return info.getHistoryLength() >= 4L * recipes.continueAsNewAfter()
                || info.getHistorySize() >= FreshExecutions.LAST_BYTES;
    }

    /**
     * @param from where the run stopped
     * @return whether its facts fit in a fresh execution's input; once they did not, the run's never do again (a
     *     context loses no facts), and it goes on in its execution until {@link #nearLimit()}
     */
    boolean canCarry(ConvergenceContinuation from) {
        if (!tooLarge && ContextLedger.bytes(from.facts()) > recipes.payloadLimit() - INPUT_MARGIN) {
            tooLarge = true;
        }
        return !tooLarge;
    }

    /**
     * @param from where the run stopped
     * @return its output: {@code Failed} ({@code RESOURCE}) naming the history's and the context's sizes and the
     *     payload limit, with the run's figures and facts
     */
    ConvergenceRunOutput cannotGoOn(ConvergenceContinuation from) {
        WorkflowInfo info = Workflow.getInfo();
        String message = "the run's history reached " + info.getHistoryLength() + " events (" + info.getHistorySize()
                + " bytes) and its context (" + ContextLedger.bytes(from.facts()) + " bytes) is over the "
                + recipes.payloadLimit() + "-byte payload limit, too large to go on in a fresh execution: raise"
                + " ConvergenceRecipes.payloadLimit with the server's limit.blobSize.error, or keep fewer facts";
        Termination failed = new Termination.Failed(new ErrorInfo(FreshExecutions.TYPE, message,
                ErrorCategory.RESOURCE));
        return new ConvergenceRunOutput(failed, Outcome.FAILED, from.facts(), from.cycles(), from.factsMerged(),
                from.usage(), from.rejected(), from.elapsed(), null);
    }
}
