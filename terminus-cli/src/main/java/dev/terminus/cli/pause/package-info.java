/**
 * Runs that paused at a human gate, on the command line: {@link dev.terminus.cli.pause.Pauses} saves a scenario
 * run's checkpoint with what rebuilds its agent, {@link dev.terminus.cli.pause.PipelinePauses} a pipeline's, and both
 * read them back for {@code terminus resume}. (A run that waits in its Temporal workflow is answered there, see
 * {@link dev.terminus.cli.temporal.WorkflowResume}.)
 */
@NullMarked
package dev.terminus.cli.pause;

import org.jspecify.annotations.NullMarked;
