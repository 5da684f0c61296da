package dev.terminus.temporal;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.terminus.Preconditions;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Where the state of a continued run is, when the input of its fresh execution (continue-as-new) refers to it instead
 * of carrying it (ADR 0042): each execution named recorded, as it continued as new, the messages and iteration records
 * it added and where the run stood (a side effect's marker in its history); the document that defines the agent is in
 * the input of the execution that started with it. A workflow whose worker reads earlier executions
 * ({@link AgentWorkflows#register(io.temporal.worker.Worker, AgentRecipes, io.temporal.client.WorkflowClient)}) reads
 * them back before its run goes on, and checks them against the counts and the digest given here.
 *
 * @param definitionRun the run id of the execution whose input holds the definition, or null for a registered agent
 * @param definitionDigest the definition's digest (as the agent's key names it), or null for a registered agent
 * @param parts the run ids of the executions that recorded the run's state, in order, the last one's the newest; none
 *     for a run's first execution, whose input refers to its definition only (a suite's child, ADR 0044)
 * @param transcriptSize how many messages the transcript holds, rebuilt from the parts
 * @param iterations how many iterations the run finished (one record each)
 * @param definitionWorkflow the workflow whose execution {@code definitionRun} holds the definition: null for this
 *     run's own workflow, or the id of the suite whose input holds it ({@code SuiteInput.documents}, ADR 0044)
 */
public record EarlierParts(@Nullable String definitionRun, @Nullable String definitionDigest, List<String> parts,
        int transcriptSize, int iterations,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String definitionWorkflow) {
    /**
     * Validates that the definition's run and digest come together, and that there is a part or a definition; copies
     * the runs.
     */
    public EarlierParts {
        if ((definitionRun == null) != (definitionDigest == null)) {
            throw new IllegalArgumentException("EarlierParts.definitionRun and definitionDigest must both be given or"
                    + " both be null, were " + definitionRun + " and " + definitionDigest);
        }
        parts = Preconditions.immutableList(parts, "EarlierParts.parts");
        if (parts.isEmpty() && definitionRun == null) {
            throw new IllegalArgumentException("EarlierParts.parts must name at least one execution, or"
                    + " definitionRun the one that holds the definition");
        }
        if (parts.isEmpty() && (transcriptSize != 0 || iterations != 0)) {
            throw new IllegalArgumentException("EarlierParts.transcriptSize and iterations must be 0 without parts,"
                    + " were " + transcriptSize + " and " + iterations);
        }
        Preconditions.nonNegative(transcriptSize, "EarlierParts.transcriptSize");
        Preconditions.nonNegative(iterations, "EarlierParts.iterations");
    }

    /**
     * Where the state of a continued run is, its definition (if any) in its own workflow's input.
     *
     * @param definitionRun the run id of the execution whose input holds the definition, or null
     * @param definitionDigest the definition's digest, or null
     * @param parts the run ids of the executions that recorded the run's state, in order
     * @param transcriptSize how many messages the transcript holds
     * @param iterations how many iterations the run finished
     */
    public EarlierParts(@Nullable String definitionRun, @Nullable String definitionDigest, List<String> parts,
            int transcriptSize, int iterations) {
        this(definitionRun, definitionDigest, parts, transcriptSize, iterations, null);
    }

    /**
     * The reference of a run's first execution to the document that defines its agent, in another workflow's input.
     *
     * @param workflowId the workflow whose input holds the document (a suite's)
     * @param runId its execution that holds it
     * @param digest the document's digest
     * @return the reference, with no parts
     */
    public static EarlierParts definedIn(String workflowId, String runId, String digest) {
        return new EarlierParts(Preconditions.notBlank(runId, "runId"), Preconditions.notBlank(digest, "digest"),
                List.of(), 0, 0, Preconditions.notBlank(workflowId, "workflowId"));
    }

    /**
     * @param ownWorkflowId the id of the run's own workflow
     * @return the workflow whose execution {@link #definitionRun()} holds the definition
     */
    public String definitionWorkflowOr(String ownWorkflowId) {
        return definitionWorkflow == null ? ownWorkflowId : definitionWorkflow;
    }
}
