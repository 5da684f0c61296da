/**
 * The convergence engine's example that {@code terminus run --demo} runs: three agents reconciling the facts of an
 * invoice until nothing changes.
 */
@NullMarked
package dev.terminus.cli.converge;

import org.jspecify.annotations.NullMarked;
