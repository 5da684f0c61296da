package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.agent.control.RunClock;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.PipelineContext;
import dev.terminus.pipeline.Stage;
import dev.terminus.pipeline.StageExecutor;
import dev.terminus.pipeline.spi.AgentStageCall;
import dev.terminus.pipeline.spi.AgentStageRunner;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link PipelineRecipe} builds its pipeline on: agent stages whose attempts are run by a runner (in a
 * {@link dev.terminus.temporal.wire.PipelineWorkflow}, each attempt a child {@link AgentWorkflow}), and a builder on
 * the clock the pipeline waits on (the workflow's) whose stages run on the coordinating thread (the workflow's).
 */
public final class PipelineMaterials {
    /**
     * What each attempt of an agent stage runs: the input of its child workflow, made from the attempt (its task and
     * token allowance) and how the stage's previous attempt ended.
     */
    @FunctionalInterface
    public interface Attempts {
        /**
         * @param call the attempt: the pipeline, the stage, its number, its task and its token allowance
         * @param previous the output of the stage's previous attempt in this run; null for its first, or when the
         *     previous attempt's child ended without an output
         * @return the input of the attempt's agent run
         */
        AgentRunInput input(AgentStageCall call, @Nullable AgentRunOutput previous);
    }

    private final RunClock clock;
    private final Function<Attempts, AgentStageRunner> runners;

    /**
     * @param clock the clock the pipeline reads its time from and waits its backoffs on
     * @param runners the runner of a stage whose attempts run the inputs the given {@link Attempts} make
     */
    public PipelineMaterials(RunClock clock, Function<Attempts, AgentStageRunner> runners) {
        this.clock = Preconditions.notNull(clock, "clock");
        this.runners = Preconditions.notNull(runners, "runners");
    }

    /** @return the clock to build the pipeline on */
    public RunClock clock() {
        return clock;
    }

    /**
     * A builder of the pipeline on these materials: its clock is {@link #clock()}, its stages run on the coordinating
     * thread ({@link StageExecutor#callerThread()}). Set neither again.
     *
     * @param name the pipeline's name
     * @return the builder
     */
    public Pipeline.Builder builder(String name) {
        return Pipeline.builder().name(name).clock(clock).executor(StageExecutor.callerThread());
    }

    /**
     * A stage that runs an agent registered by name on the worker ({@link AgentRecipes}).
     *
     * @param stageName the stage's name, unique in its pipeline
     * @param agentName the agent's name in the worker's recipes
     * @param task makes the agent's task from the context
     * @return the stage: no retries, no budget of its own, aborting the pipeline on failure
     */
    public Stage agent(String stageName, String agentName, Function<PipelineContext, String> task) {
        Preconditions.notBlank(agentName, "agentName");
        return agent(stageName, task, (call, previous) -> new AgentRunInput(agentName, call.task()));
    }

    /**
     * A stage that runs the agent a document defines, which the worker's {@link AgentResolver} builds (a scenario
     * file's agent, say); each attempt's child carries the document in its input.
     *
     * @param stageName the stage's name, unique in its pipeline
     * @param agentName the agent's name
     * @param definition the document
     * @param task makes the agent's task from the context
     * @return the stage: no retries, no budget of its own, aborting the pipeline on failure
     */
    public Stage definedAgent(String stageName, String agentName, String definition,
            Function<PipelineContext, String> task) {
        Preconditions.notBlank(agentName, "agentName");
        Preconditions.notNull(definition, "definition");
        return agent(stageName, task, (call, previous) -> AgentRunInput.defined(agentName, call.task(), definition));
    }

    /**
     * A stage whose attempts run the agent runs the given function makes: each attempt's own document (one that
     * carries the attempt's token allowance, say), or a retry that goes on numbering its model's calls from where the
     * previous attempt stopped ({@link AgentRunOutput#modelCalls()}).
     *
     * @param stageName the stage's name, unique in its pipeline
     * @param task makes the agent's task from the context
     * @param attempts makes each attempt's agent run
     * @return the stage: no retries, no budget of its own, aborting the pipeline on failure
     */
    public Stage agent(String stageName, Function<PipelineContext, String> task, Attempts attempts) {
        Preconditions.notNull(attempts, "attempts");
        return Stage.runner(stageName, runners.apply(attempts), task);
    }
}
