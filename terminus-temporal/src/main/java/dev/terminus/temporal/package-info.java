/**
 * Durable agent runs on Temporal: one run is one workflow ({@link dev.terminus.temporal.AgentWorkflow}) that runs the
 * same loop as {@code Agent.run} under the workflow's control, its model and tool calls are activities, its time is
 * workflow time. Register agents by name in {@link dev.terminus.temporal.AgentRecipes}, put them on a worker with
 * {@link dev.terminus.temporal.AgentWorkflows#register}, and give clients and workers the
 * {@link dev.terminus.temporal.TerminusDataConverter}. See ADR 0018. A convergence run is one workflow too
 * ({@link dev.terminus.temporal.ConvergenceWorkflow}, engines registered in
 * {@link dev.terminus.temporal.ConvergenceRecipes}): its agents' turns are activities, its approval gates updates
 * (ADR 0019).
 */
@NullMarked
package dev.terminus.temporal;

import org.jspecify.annotations.NullMarked;
