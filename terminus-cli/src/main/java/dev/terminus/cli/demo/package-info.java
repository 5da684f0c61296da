/**
 * The built-in demos that {@code terminus run --demo} (and {@code terminus} alone) runs beside the demo scenarios:
 * streamed runs ({@link dev.terminus.cli.demo.StreamedDemo}), trees of agents ({@link dev.terminus.cli.demo.AgentsDemo}),
 * the convergence engine ({@link dev.terminus.cli.demo.ConvergeDemo}) and pipelines
 * ({@link dev.terminus.cli.demo.PipelineDemo}), each in this process or on Temporal; and
 * {@link dev.terminus.cli.demo.Samples}, an example of every termination, which {@code terminus cases} shows. Their
 * scenario files are the resources under {@code dev/terminus/cli/demo/}.
 */
@NullMarked
package dev.terminus.cli.demo;

import org.jspecify.annotations.NullMarked;
