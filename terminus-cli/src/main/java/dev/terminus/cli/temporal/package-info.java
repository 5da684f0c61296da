/**
 * Scenario and pipeline runs on Temporal: the worker side (an {@code AgentResolver} that builds the agent of a
 * scenario document a client sends, its script played by the call number of each model activity; a
 * {@code PipelineResolver} that builds the pipeline of a pipeline file, each stage's attempt a scenario run) and the
 * client side: where to connect ({@link dev.terminus.cli.temporal.TemporalOptions}, with its API key and TLS),
 * the connection ({@link dev.terminus.cli.temporal.TemporalConnection}), how a run is started, cancelled, read and
 * answered at its gate ({@link dev.terminus.cli.temporal.WorkflowResume}), and a pipeline file run and answered as a
 * workflow ({@link dev.terminus.cli.temporal.TemporalPipelines}).
 */
@NullMarked
package dev.terminus.cli.temporal;

import org.jspecify.annotations.NullMarked;
