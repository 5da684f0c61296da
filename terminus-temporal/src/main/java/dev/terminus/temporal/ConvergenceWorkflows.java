package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.temporal.internal.ConvergenceActivitiesImpl;
import dev.terminus.temporal.internal.ConvergenceWorkflowImpl;
import dev.terminus.temporal.internal.WorkflowOutputs;
import dev.terminus.temporal.wire.ConvergenceActivities;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowStub;
import io.temporal.worker.Worker;

/**
 * Puts the engines of some {@link ConvergenceRecipes} on a Temporal worker: the {@link ConvergenceWorkflow} and the
 * {@link ConvergenceActivities} that its agents' turns are. The worker's client must use the
 * {@link TerminusDataConverter}.
 *
 * {@snippet :
 * // given: ConvergenceRecipes recipes
 * WorkerFactory factory = WorkerFactory.newInstance(client);
 * ConvergenceWorkflows.register(factory.newWorker("converge"), recipes);
 * factory.start();
 * }
 */
public final class ConvergenceWorkflows {

    private ConvergenceWorkflows() {}

    /**
     * Registers the workflow and the activities on a worker.
     *
     * @param worker the worker
     * @param recipes the engines it runs
     */
    public static void register(Worker worker, ConvergenceRecipes recipes) {
        registerWorkflow(worker, recipes);
        registerActivities(worker, recipes);
    }

    /**
     * Registers the workflow alone, for a worker that runs workflows only.
     *
     * @param worker the worker
     * @param recipes the engines it runs
     */
    public static void registerWorkflow(Worker worker, ConvergenceRecipes recipes) {
        Preconditions.notNull(worker, "worker");
        Preconditions.notNull(recipes, "recipes");
        worker.registerWorkflowImplementationFactory(ConvergenceWorkflow.class,
                () -> new ConvergenceWorkflowImpl(recipes));
    }

    /**
     * Registers the activities alone, for a worker that makes the agents' turns only.
     *
     * @param worker the worker
     * @param recipes the engines whose agents' turns it makes
     */
    public static void registerActivities(Worker worker, ConvergenceRecipes recipes) {
        Preconditions.notNull(worker, "worker");
        Preconditions.notNull(recipes, "recipes");
        worker.registerActivitiesImplementations(new ConvergenceActivitiesImpl(recipes));
    }

    /**
     * Waits for a {@link ConvergenceWorkflow}'s output, whether the workflow completed or was cancelled (Temporal
     * closes a cancelled workflow without a value; the output is then read with the
     * {@link ConvergenceWorkflow#output()} query).
     *
     * @param workflow the workflow's stub
     * @return the run's output
     * @throws WorkflowFailedException when the workflow failed (its input named no registered engine, its recipe
     *     failed), or was cancelled before its run gave an output
     */
    public static ConvergenceRunOutput output(WorkflowStub workflow) {
        Preconditions.notNull(workflow, "workflow");
        return WorkflowOutputs.await(workflow, ConvergenceRunOutput.class);
    }
}
