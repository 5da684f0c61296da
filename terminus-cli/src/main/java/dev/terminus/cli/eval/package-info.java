/**
 * {@code terminus eval}: a suite file read into a {@link dev.terminus.cli.eval.Suite}, run as a
 * {@link dev.terminus.eval.Benchmark} by {@link dev.terminus.cli.eval.SuiteBenchmark}, with a
 * {@link dev.terminus.cli.eval.ProgressBar} on the terminal. Start from {@code SuiteBenchmark}.
 */
@NullMarked
package dev.terminus.cli.eval;

import org.jspecify.annotations.NullMarked;
