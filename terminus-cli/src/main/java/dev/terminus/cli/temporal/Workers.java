package dev.terminus.cli.temporal;

import dev.terminus.cli.converge.Examples;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.AgentWorkflows;
import dev.terminus.temporal.ConvergenceRecipes;
import dev.terminus.temporal.ConvergenceWorkflows;
import dev.terminus.temporal.PipelineRecipes;
import dev.terminus.temporal.PipelineWorkflows;
import dev.terminus.temporal.SuiteWorkflows;
import io.temporal.client.WorkflowClient;
import io.temporal.worker.Worker;

/**
 * What a {@code terminus worker} hosts (and the worker of {@code --temporal embedded}): every workflow type the
 * command line starts, with its activities: scenario runs, suites of them, pipeline files (each stage's attempt a
 * scenario run of its own), and the demo's convergence engine. A new kind of run is one more line in
 * {@link #register}.
 */
public final class Workers {

    /** The convergence engine of the demo, {@link Examples#documentReconciliation()}. */
    public static final ConvergenceRecipes CONVERGENCE = convergence(false);

    /** The pipelines of pipeline files a client sends: any, none registered by name. */
    public static final PipelineRecipes PIPELINES = pipelines(false);

    private Workers() {}

    /**
     * @return the agents of scenario documents for one worker: any scenario a client sends, none registered by name;
     *     the MCP servers of the scenarios its runs start are this worker's, stopped when the recipes are closed;
     *     their tools keep the {@link ToolJournal} the system property names, if any
     */
    public static AgentRecipes scenarios() {
        return scenarios(false);
    }

    private static AgentRecipes scenarios(boolean searchAttributes) {
        ScenarioResolver resolver = new ScenarioResolver(ToolJournal.fromSystemProperty());
        return resolver.serving(AgentRecipes.builder().resolver(resolver).searchAttributes(searchAttributes).build());
    }

    private static ConvergenceRecipes convergence(boolean searchAttributes) {
        return ConvergenceRecipes.builder()
                .engine(Examples.RECONCILIATION, Examples.reconciliationAgents(),
                        materials -> Examples.reconciliation(materials.agents(), materials.clock()))
                .searchAttributes(searchAttributes)
                .build();
    }

    private static PipelineRecipes pipelines(boolean searchAttributes) {
        return PipelineRecipes.builder().resolver(new PipelineFileResolver()).searchAttributes(searchAttributes)
                .build();
    }

    /**
     * Registers every workflow type the command line starts, with its activities, without search attributes.
     *
     * @param worker a worker of the task queue the commands start their workflows on
     * @param client the client of the worker's factory, through which the workflows read earlier executions
     * @return the worker's scenario agents: close them once the worker has stopped, which stops the MCP servers its
     *     runs started
     */
    public static AgentRecipes register(Worker worker, WorkflowClient client) {
        return register(worker, client, false, Role.ALL);
    }

    /** What a worker runs: workflows and activities, or one of them (a deployment may scale each apart). */
    public enum Role {
        /** The workflows and their activities. */
        ALL,
        /** The workflows only: the loop, its gates and its children, but no model or tool call. */
        WORKFLOWS,
        /** The model and tool calls (and convergence turns) only. */
        ACTIVITIES
    }

    /**
     * Registers the workflow types the command line starts, their activities, or both; a long run's fresh execution
     * refers to the messages and the scenario document its earlier executions recorded instead of carrying them again
     * (ADR 0042).
     *
     * @param worker a worker of the task queue the commands start their workflows on
     * @param client the client of the worker's factory, through which the workflows read earlier executions
     * @param searchAttributes whether the workflows upsert the {@code RunSearchAttributes}, which the namespace must
     *     have registered
     * @param role what it runs
     * @return the worker's scenario agents: close them once the worker has stopped
     */
    public static AgentRecipes register(Worker worker, WorkflowClient client, boolean searchAttributes,
            Role role) {
        AgentRecipes scenarios = scenarios(searchAttributes);
        ConvergenceRecipes convergence = searchAttributes ? convergence(true) : CONVERGENCE;
        if (role != Role.ACTIVITIES) {
            AgentWorkflows.registerWorkflow(worker, scenarios, client);
            ConvergenceWorkflows.registerWorkflow(worker, convergence);
            SuiteWorkflows.registerWorkflow(worker);
            PipelineWorkflows.register(worker, searchAttributes ? pipelines(true) : PIPELINES);
        }
        if (role != Role.WORKFLOWS) {
            SuiteWorkflows.registerActivities(worker);
            AgentWorkflows.registerActivities(worker, scenarios);
            ConvergenceWorkflows.registerActivities(worker, convergence);
        }
        return scenarios;
    }
}
