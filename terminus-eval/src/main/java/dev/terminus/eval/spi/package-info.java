/**
 * Extension points of {@code dev.terminus.eval}: the interfaces an application implements to plug in its own storage, gates,
 * executors or evaluators. Each is a small interface with a documented contract; the package's implementations of
 * them live in {@code dev.terminus.eval} and its {@code internal} package.
 *
 * <p>Where to start: most applications need none of these; {@code Benchmark.builder()} takes the defaults.
 */
@NullMarked
package dev.terminus.eval.spi;

import org.jspecify.annotations.NullMarked;
