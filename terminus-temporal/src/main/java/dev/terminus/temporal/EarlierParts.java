package dev.terminus.temporal;

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
 * @param parts the run ids of the executions that recorded the run's state, in order, the last one's the newest
 * @param transcriptSize how many messages the transcript holds, rebuilt from the parts
 * @param iterations how many iterations the run finished (one record each)
 */
public record EarlierParts(@Nullable String definitionRun, @Nullable String definitionDigest, List<String> parts,
        int transcriptSize, int iterations) {
    /** Validates that the definition's run and digest come together, and that there is a part; copies the runs. */
    public EarlierParts {
        if ((definitionRun == null) != (definitionDigest == null)) {
            throw new IllegalArgumentException("EarlierParts.definitionRun and definitionDigest must both be given or"
                    + " both be null, were " + definitionRun + " and " + definitionDigest);
        }
        parts = Preconditions.immutableList(parts, "EarlierParts.parts");
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("EarlierParts.parts must name at least one execution");
        }
        Preconditions.nonNegative(transcriptSize, "EarlierParts.transcriptSize");
        Preconditions.nonNegative(iterations, "EarlierParts.iterations");
    }
}
