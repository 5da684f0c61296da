/**
 * Extension points of {@code dev.terminus.converge}: the interfaces an application implements to plug in its own gates,
 * executors or evaluators. Each is a small interface with a documented contract; the package's implementations of
 * them live in {@code dev.terminus.converge} and its {@code internal} package. Paused runs are kept in the agent
 * loop's {@link dev.terminus.agent.spi.GateStore}, as {@code GateStore<Pause>}.
 *
 * <p>Where to start: most applications need none of these; {@code ConvergenceEngine.builder()} takes the defaults.
 */
@NullMarked
package dev.terminus.converge.spi;

import org.jspecify.annotations.NullMarked;
