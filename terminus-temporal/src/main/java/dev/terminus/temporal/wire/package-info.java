/**
 * What crosses Temporal's wire between a workflow and its activities, and the workflow and activity interfaces that
 * carry it: the model call and its answer, the tool call and the run it sees, transcript pages, a convergence agent's
 * turn and reply, an evaluation suite's input and output. An application does not make these: it registers its
 * agents ({@code AgentRecipes}, {@code AgentWorkflows.register}) and starts runs ({@code AgentWorkflow}), in
 * {@link dev.terminus.temporal}. They are public because Temporal's SDK and data converter need them to be.
 */
@NullMarked
package dev.terminus.temporal.wire;

import org.jspecify.annotations.NullMarked;
