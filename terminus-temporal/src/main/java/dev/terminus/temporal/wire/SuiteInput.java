package dev.terminus.temporal.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param documents the documents that define the runs' agents, each once; a run names one by its index
 *     ({@link Run#document()}), and its children refer to this input instead of carrying it (ADR 0044); empty in the
 *     inputs of earlier clients, and of a suite's fresh execution
 * @param earlier for a suite that goes on in a fresh execution, the rows earlier executions finished and where the
 *     documents are; the runs are then those not started yet; null for a suite's first execution
 * @param wireVersion the {@link WireVersion} the input was written in; absent (read as 1) from inputs written before
 *     inputs carried one
 */
public record SuiteInput(List<Run> runs, RetryPolicy retryPolicy, int concurrency, @Nullable Duration taskTimeout,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> documents,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable SuiteProgress earlier, int wireVersion) {

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
     * @param document the index, in the suite's {@link SuiteInput#documents()}, of the document that defines the
     *     run's agent, which its children refer to instead of carrying it; null when the run carries its
     *     {@code definition} or runs an agent registered by name
     */
    public record Run(String task, int repeat, String agentName, String input, @Nullable String definition,
            boolean pipeline, @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Integer document) {
        /** Validates the components. */
        public Run {
            Preconditions.notBlank(task, "Run.task");
            Preconditions.nonNegative(repeat, "Run.repeat");
            Preconditions.notNull(agentName, "Run.agentName");
            Preconditions.notNull(input, "Run.input");
            if (document != null && (document < 0 || definition != null || pipeline)) {
                throw new IllegalArgumentException("Run.document must be >= 0, for an agent's run without a"
                        + " definition, was " + document);
            }
        }

        /**
         * A run that carries its definition, if any.
         *
         * @param task the task's id
         * @param repeat which repeat
         * @param agentName the agent, or the pipeline
         * @param input the task
         * @param definition the document, or null for one registered by name
         * @param pipeline whether it is a pipeline's run
         */
        public Run(String task, int repeat, String agentName, String input, @Nullable String definition,
                boolean pipeline) {
            this(task, repeat, agentName, input, definition, pipeline, null);
        }

        /**
         * A run of an agent defined by one of the suite's documents, which its children refer to.
         *
         * @param task the task's id
         * @param repeat which repeat
         * @param agentName the agent
         * @param input the task
         * @param document the document's index in {@link SuiteInput#documents()}
         * @return the run
         */
        public static Run ofDocument(String task, int repeat, String agentName, String input, int document) {
            return new Run(task, repeat, agentName, input, null, false, document);
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

        /**
         * @return the input of this run's {@link AgentWorkflow}, for a run that carries its definition or runs a
         *     registered agent; a run of a suite's {@link #document()} is given one that refers to the suite's input
         *     by the suite workflow, which knows where that is
         */
        public AgentRunInput agentInput() {
            return definition == null ? new AgentRunInput(agentName, input)
                    : AgentRunInput.defined(agentName, input, definition);
        }
    }

    /** Validates the components and copies the runs. */
    public SuiteInput {
        runs = Preconditions.immutableList(runs, "SuiteInput.runs");
        // an input written before documents were given once has none
        documents = documents == null ? List.of() : Preconditions.immutableList(documents, "SuiteInput.documents");
        int known = earlier == null ? documents.size() : earlier.digests().size();
        for (Run run : runs) {
            if (run.document() != null && run.document() >= known) {
                throw new IllegalArgumentException("SuiteInput.runs: run " + run.task() + "/" + run.repeat()
                        + " names document " + run.document() + " of the suite's " + known);
            }
        }
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
     * @param retryPolicy the suite's retries
     * @param concurrency how many task runs go at once
     * @param taskTimeout the longest one child may run, or null
     * @param documents the documents that define the runs' agents, each once
     * @param earlier the rows earlier executions finished, or null for a suite's first execution
     */
    public SuiteInput(List<Run> runs, RetryPolicy retryPolicy, int concurrency, @Nullable Duration taskTimeout,
            List<String> documents, @Nullable SuiteProgress earlier) {
        this(runs, retryPolicy, concurrency, taskTimeout, documents, earlier, WireVersion.CURRENT);
    }

    /**
     * A suite's first input, whose runs carry their definitions, if any.
     *
     * @param runs the task runs, in the order they start
     * @param retryPolicy the suite's retries
     * @param concurrency how many task runs go at once
     * @param taskTimeout the longest one child may run, or null
     */
    public SuiteInput(List<Run> runs, RetryPolicy retryPolicy, int concurrency, @Nullable Duration taskTimeout) {
        this(runs, retryPolicy, concurrency, taskTimeout, List.of(), null);
    }
}
