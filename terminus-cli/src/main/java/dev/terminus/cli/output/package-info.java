/**
 * What the command line prints: a run's table and JSON ({@link dev.terminus.cli.output.RunReport} of a
 * {@link dev.terminus.cli.output.RunView}, {@link dev.terminus.cli.output.StreamedRun} and
 * {@link dev.terminus.cli.output.EventJson} for streamed runs), a pipeline's ({@link dev.terminus.cli.output.PipelineReport}),
 * a termination's facts and meaning ({@link dev.terminus.cli.output.Facts}, {@link dev.terminus.cli.output.Explanation}),
 * the recovery advice of every case ({@link dev.terminus.cli.output.Playbook}), and the wire format and text layout
 * they share ({@link dev.terminus.cli.output.Wire}, {@link dev.terminus.cli.output.Text}).
 */
@NullMarked
package dev.terminus.cli.output;

import org.jspecify.annotations.NullMarked;
