package dev.terminus.temporal;

import dev.terminus.Preconditions;

/**
 * The first {@code size} messages of the transcript that an {@link AgentWorkflow}'s execution holds, in place of the
 * messages themselves: a model or tool activity's input carries this reference, and the activity worker reads the
 * messages it has not cached yet from the workflow ({@link AgentWorkflow#transcript}, a query, which leaves nothing in
 * the history). So a run's history holds each message's content about once, whatever the run's length.
 *
 * <p>Within one generation the transcript only grows: a reference of a larger size extends every smaller one. A
 * compaction, which replaces the transcript, starts a new generation. A generation belongs to one workflow execution
 * (its run id): the fresh execution of a run that continued as new starts again at generation 0.
 *
 * @param generation how many times the execution's transcript was replaced before this reference was made
 * @param size how many messages the reference covers, from the first
 */
public record TranscriptReference(long generation, int size) {

    /** Validates that neither number is negative. */
    public TranscriptReference {
        Preconditions.nonNegative(generation, "TranscriptReference.generation");
        Preconditions.nonNegative(size, "TranscriptReference.size");
    }
}
