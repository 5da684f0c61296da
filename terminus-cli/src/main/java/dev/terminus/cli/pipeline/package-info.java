/**
 * Pipeline files for {@code terminus run}: named stages, each an agent described as in a scenario file, run in order
 * with skip, retry, failure and budget policies, read into a {@link dev.terminus.cli.pipeline.PipelineFile} that
 * builds a {@link dev.terminus.pipeline.Pipeline}.
 */
@NullMarked
package dev.terminus.cli.pipeline;

import org.jspecify.annotations.NullMarked;
