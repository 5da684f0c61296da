package dev.terminus.temporal.wire;

import dev.terminus.Preconditions;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.AgentResolver;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.PipelineResolver;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link SuiteWorkflow} runs: task runs, each an {@link AgentWorkflow} child (or a {@link PipelineWorkflow}
 * child, for a run of a pipeline), with the suite's retries, concurrency and task timeout.
 *
 * @param runs the task runs, in the order they start
 * @param retryPolicy a run whose termination is {@code RETRYABLE} runs again as a new child, up to
 *     {@code maxRetries} more times, after the policy's backoff (a workflow timer)
 * @param concurrency how many task runs go at once, at least 1
 * @param taskTimeout the longest one child may run (its run timeout), or null for no limit
 * @param wireVersion the {@link WireVersion} the input was written in; absent (read as 1) from inputs written before
 *     inputs carried one
 */
public record SuiteInput(List<Run> runs, RetryPolicy retryPolicy, int concurrency, @Nullable Duration taskTimeout,
        int wireVersion) {

    /**
     * One task run.
     *
     * @param task the task's id, unique in the suite
     * @param repeat which repeat, from 0
     * @param agentName the agent of the worker's {@link AgentRecipes} that runs it
     * @param input the task, as the user's first message
     * @param definition the document the worker's {@link AgentResolver} builds the agent from, or null for an agent
     *     registered by name
     * @param pipeline whether {@code agentName} and {@code definition} name and define a pipeline instead (the
     *     worker's {@code PipelineRecipes}, its {@link PipelineResolver}): each attempt is then a
     *     {@link PipelineWorkflow} child run with the input; absent from the inputs of earlier clients, so false
     */
    public record Run(String task, int repeat, String agentName, String input, @Nullable String definition,
            boolean pipeline) {
        /** Validates the components. */
        public Run {
            Preconditions.notBlank(task, "Run.task");
            Preconditions.nonNegative(repeat, "Run.repeat");
            Preconditions.notNull(agentName, "Run.agentName");
            Preconditions.notNull(input, "Run.input");
        }

        /**
         * A run of an agent registered by name, or built from its document.
         *
         * @param task the task's id
         * @param repeat which repeat
         * @param agentName the agent
         * @param input the task
         * @param definition the agent's document, or null for an agent registered by name
         */
        public Run(String task, int repeat, String agentName, String input, @Nullable String definition) {
            this(task, repeat, agentName, input, definition, false);
        }

        /**
         * A run of an agent registered by name.
         *
         * @param task the task's id
         * @param repeat which repeat
         * @param agentName the agent
         * @param input the task
         */
        public Run(String task, int repeat, String agentName, String input) {
            this(task, repeat, agentName, input, null);
        }

        /**
         * A run of a pipeline: each attempt a {@link PipelineWorkflow} child.
         *
         * @param task the task's id
         * @param repeat which repeat
         * @param pipelineName the pipeline, registered by that name or defined by the document
         * @param input what the pipeline runs with
         * @param definition the pipeline's document, or null for a pipeline registered by name
         * @return the run
         */
        public static Run ofPipeline(String task, int repeat, String pipelineName, String input,
                @Nullable String definition) {
            return new Run(task, repeat, pipelineName, input, definition, true);
        }

        /** @return the input of this run's {@link PipelineWorkflow}, for a run of a pipeline */
        public PipelineRunInput pipelineInput() {
            return new PipelineRunInput(agentName, input, definition);
        }

        /** @return the input of this run's {@link AgentWorkflow} */
        public AgentRunInput agentInput() {
            return definition == null ? new AgentRunInput(agentName, input)
                    : AgentRunInput.defined(agentName, input, definition);
        }
    }

    /** Validates the components and copies the runs. */
    public SuiteInput {
        runs = Preconditions.immutableList(runs, "SuiteInput.runs");
        Preconditions.notNull(retryPolicy, "SuiteInput.retryPolicy");
        if (concurrency < 1) {
            throw new IllegalArgumentException("SuiteInput.concurrency must be >= 1, was " + concurrency);
        }
        if (taskTimeout != null && (taskTimeout.isNegative() || taskTimeout.isZero())) {
            throw new IllegalArgumentException("SuiteInput.taskTimeout must be > 0 or null, was " + taskTimeout);
        }
        wireVersion = WireVersion.read(wireVersion, "SuiteInput.wireVersion");
    }

    /**
     * An input of this build's {@link WireVersion}.
     *
     * @param runs the task runs, in the order they start
     * @param retryPolicy the retries of a run whose termination is {@code RETRYABLE}
     * @param concurrency how many task runs go at once, at least 1
     * @param taskTimeout the longest one child may run, or null for no limit
     */
    public SuiteInput(List<Run> runs, RetryPolicy retryPolicy, int concurrency, @Nullable Duration taskTimeout) {
        this(runs, retryPolicy, concurrency, taskTimeout, WireVersion.CURRENT);
    }
}
