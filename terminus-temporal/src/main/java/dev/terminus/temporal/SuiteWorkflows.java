package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.temporal.internal.SuiteActivitiesImpl;
import dev.terminus.temporal.internal.SuiteWorkflowImpl;
import dev.terminus.temporal.wire.SuiteWorkflow;
import io.temporal.worker.Worker;

/**
 * Puts the {@link SuiteWorkflow} on a Temporal worker, and names its children. A worker of a suite's task queue
 * also runs its children: register the agents there too ({@link AgentWorkflows#register}).
 *
 * {@snippet :
 * // given: AgentRecipes recipes
 * Worker worker = factory.newWorker("agents");
 * AgentWorkflows.register(worker, recipes, client);
 * SuiteWorkflows.register(worker);
 * factory.start();
 * }
 */
public final class SuiteWorkflows {

    private SuiteWorkflows() {}

    /**
     * Registers the suite workflow and the activity with which it reads a child an earlier start finished.
     *
     * @param worker the worker; its client must use the {@link TerminusDataConverter}
     */
    public static void register(Worker worker) {
        registerWorkflow(worker);
        registerActivities(worker);
    }

    /**
     * Registers the suite workflow alone, for a worker that runs workflows only.
     *
     * @param worker the worker; its client must use the {@link TerminusDataConverter}
     */
    public static void registerWorkflow(Worker worker) {
        Preconditions.notNull(worker, "worker");
        worker.registerWorkflowImplementationTypes(SuiteWorkflowImpl.class);
    }

    /**
     * Registers the activity with which a suite reads a child an earlier start finished, for a worker that makes
     * calls only.
     *
     * @param worker the worker; its client must use the {@link TerminusDataConverter}
     */
    public static void registerActivities(Worker worker) {
        Preconditions.notNull(worker, "worker");
        worker.registerActivitiesImplementations(new SuiteActivitiesImpl());
    }

    /**
     * The id of the child workflow of one attempt of a task run: {@code <suiteId>/<task>/<repeat>} for the first
     * attempt, {@code <suiteId>/<task>/<repeat>/attempt-<n>} for a retry. Deterministic, so that a second start of
     * the suite finds the children of the first, and a client can wait on each child without asking the suite. No two
     * task runs share an id, even when task ids hold a {@code /}: a first attempt's id ends with the repeat's number.
     *
     * @param suiteId the suite workflow's id
     * @param task the task's id
     * @param repeat which repeat, from 0
     * @param attempt which attempt, from 1
     * @return the child's workflow id
     */
    public static String childId(String suiteId, String task, int repeat, int attempt) {
        Preconditions.notBlank(suiteId, "suiteId");
        Preconditions.notBlank(task, "task");
        Preconditions.nonNegative(repeat, "repeat");
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be >= 1, was " + attempt);
        }
        String id = suiteId + "/" + task + "/" + repeat;
        return attempt == 1 ? id : id + "/attempt-" + attempt;
    }
}
