package dev.terminus.cli.temporal;

import dev.terminus.temporal.AgentRecipes;
import dev.terminus.cli.converge.Examples;
import dev.terminus.temporal.AgentWorkflows;
import dev.terminus.temporal.ConvergenceRecipes;
import dev.terminus.temporal.ConvergenceWorkflows;
import dev.terminus.temporal.SuiteWorkflows;
import io.temporal.worker.Worker;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a {@code terminus worker} hosts (and the worker of {@code --temporal embedded}): every workflow type the
 * command line starts, with its activities: scenario runs, suites of them, and the demo's convergence engine. A new kind of run is one more line in {@link #REGISTRATIONS}.
 */
public final class Workers {

    /**
     * The agents of scenario documents: any scenario a client sends, none registered by name; their tools keep the
     * {@link ToolJournal} the system property names, if any.
     */
    public static final AgentRecipes SCENARIOS = AgentRecipes.custom()
            .resolver(new ScenarioResolver(ToolJournal.fromSystemProperty())).build();

    /** The convergence engine of the demo, {@link Examples#documentReconciliation()}. */
    public static final ConvergenceRecipes CONVERGENCE = ConvergenceRecipes.custom()
            .engine(Examples.RECONCILIATION, Examples.reconciliationAgents(),
                    materials -> Examples.reconciliation(materials.agents(), materials.clock()))
            .build();

    /** Each puts one kind of run (its workflow and activities) on a worker. */
    private static final List<Consumer<Worker>> REGISTRATIONS = List.of(
            worker -> AgentWorkflows.register(worker, SCENARIOS),
            worker -> ConvergenceWorkflows.register(worker, CONVERGENCE),
            worker -> SuiteWorkflows.register(worker));

    private Workers() {}

    /**
     * Registers every workflow type the command line starts, with its activities.
     *
     * @param worker a worker of the task queue the commands start their workflows on
     */
    public static void register(Worker worker) {
        REGISTRATIONS.forEach(registration -> registration.accept(worker));
    }
}
