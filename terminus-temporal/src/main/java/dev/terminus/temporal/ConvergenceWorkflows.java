package dev.terminus.temporal;

import dev.terminus.converge.Fact;
import dev.terminus.temporal.wire.FactPage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
     * @return the run's output, its facts read back through the workflow's query when the output left them out
     * @throws WorkflowFailedException when the workflow failed (its input named no registered engine, its recipe
     *     failed), or was cancelled before its run gave an output
     */
    public static ConvergenceRunOutput output(WorkflowStub workflow) {
        Preconditions.notNull(workflow, "workflow");
        ConvergenceRunOutput output = WorkflowOutputs.await(workflow, ConvergenceRunOutput.class);
        Integer omitted = output.omitted();
        if (omitted == null) {
            return output;
        }
        // the facts were too large for the output: they are read back, page by page, from the workflow's log
        Map<String, Fact> facts = new LinkedHashMap<>();
        int read = 0;
        while (read < omitted) {
            FactPage page = workflow.query(ConvergenceWorkflow.CONTEXT_QUERY, FactPage.class, read);
            if (page.facts().isEmpty()) {
                throw new IllegalStateException("the workflow answered no facts from entry " + read + " of the "
                        + omitted + " its output refers to");
            }
            for (Fact fact : page.facts().subList(0, Math.min(page.facts().size(), omitted - read))) {
                facts.put(fact.key(), fact);
                read++;
            }
        }
        return output.withFacts(List.copyOf(facts.values()));
    }
}
