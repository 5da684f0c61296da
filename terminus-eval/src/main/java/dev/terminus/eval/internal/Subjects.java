package dev.terminus.eval.internal;

import dev.terminus.eval.AgentFactory;
import dev.terminus.eval.Environment;
import dev.terminus.eval.PipelineFactory;
import dev.terminus.eval.UserSimulatorFactory;
import dev.terminus.eval.spi.AttemptRunner;
import org.jspecify.annotations.Nullable;

/**
 * The rules of a benchmark's subject: exactly one of an agent factory, a pipeline factory and an attempt runner, and
 * no environment or user simulator for a subject that could not be given them (a shared agent or pipeline, a runner).
 */
public final class Subjects {
    private Subjects() {}

    /**
     * @throws IllegalArgumentException naming the setting, when the subject breaks a rule
     */
    public static void check(@Nullable AgentFactory agents, @Nullable PipelineFactory pipelines,
            @Nullable AttemptRunner runner, @Nullable Environment environment, @Nullable UserSimulatorFactory users) {
        if (agents == null && pipelines == null && runner == null) {
            throw new IllegalArgumentException("agentFactory: not set, give one (or a shared agent, a"
                    + " pipelineFactory or an attemptRunner)");
        }
        if (agents != null && pipelines != null) {
            throw new IllegalArgumentException("pipelineFactory: the benchmark has an agentFactory too; give one"
                    + " of them");
        }
        if (runner != null && (agents != null || pipelines != null)) {
            throw new IllegalArgumentException("attemptRunner: the benchmark has "
                    + (agents != null ? "an agentFactory" : "a pipelineFactory") + " too; give one of them");
        }
        if (runner != null) {
            refuseEnvironment(environment, users);
        }
        String given = environment != null ? "environment's tools" : "user simulator";
        if (agents instanceof SharedAgent && (environment != null || users != null)) {
            throw new IllegalArgumentException("agent: a shared agent cannot be given the " + given + " of each task;"
                    + " use agentFactory(context -> context.agentBuilder(model)...build())");
        }
        if (pipelines instanceof SharedPipeline && (environment != null || users != null)) {
            throw new IllegalArgumentException("pipeline: a shared pipeline cannot be given the " + given + " of each"
                    + " task; use pipelineFactory(context -> ...), its stages' agents built from"
                    + " context.agentBuilder(model)");
        }
    }

    /**
     * @throws IllegalArgumentException when an attempt runner comes with an environment or a user simulator
     */
    public static void refuseEnvironment(@Nullable Environment environment, @Nullable UserSimulatorFactory users) {
        if (environment != null || users != null) {
            throw new IllegalArgumentException("attemptRunner: a runner's attempts cannot be given the "
                    + (environment != null ? "environment's tools" : "user simulator") + " of each task; the runner"
                    + " provides what its agents need");
        }
    }
}
