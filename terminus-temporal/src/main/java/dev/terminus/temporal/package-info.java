/**
 * Durable agent runs on Temporal: one run is one workflow ({@link dev.terminus.temporal.AgentWorkflow}) that runs the
 * same loop as {@code Agent.run} under the workflow's control, its model and tool calls are activities, its time is
 * workflow time (ADR 0018).
 *
 * <p>Where to start: register agents by name in {@link dev.terminus.temporal.AgentRecipes}, put them on a worker with
 * {@link dev.terminus.temporal.AgentWorkflows#register}, give clients and workers the
 * {@link dev.terminus.temporal.TerminusDataConverter}, and start a run with an
 * {@link dev.terminus.temporal.AgentWorkflow} stub and an {@link dev.terminus.temporal.AgentRunInput}; its
 * {@link dev.terminus.temporal.AgentRunOutput} says how it ended, {@link dev.terminus.temporal.PendingGate} and
 * {@link dev.terminus.temporal.GateAnswer} are a human gate and its answer. A convergence run is one workflow too
 * ({@link dev.terminus.temporal.ConvergenceWorkflow}, engines in {@link dev.terminus.temporal.ConvergenceRecipes}, ADR
 * 0019), and an evaluation suite runs its tasks as child workflows ({@link dev.terminus.temporal.TemporalSuiteRunner},
 * ADR 0020).
 *
 * <p>The other packages: {@link dev.terminus.temporal.spi} holds the extension points (a store for large payloads);
 * {@link dev.terminus.temporal.wire} what crosses between workflows and activities, which applications never make;
 * {@code internal} the implementation.
 */
@NullMarked
package dev.terminus.temporal;

import org.jspecify.annotations.NullMarked;
