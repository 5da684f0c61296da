/**
 * The {@code terminus} command line: {@code terminus explain} says what a termination means and what to do
 * next, {@code terminus cases} lists the catalogue, and {@code terminus} alone shows both on an example.
 *
 * <p>{@link dev.terminus.cli.Playbook} holds the recovery advice for every case and is meant to be reused by
 * later commands. Everything here is non-null unless annotated {@code @Nullable}.
 */
@NullMarked
package dev.terminus.cli;

import org.jspecify.annotations.NullMarked;
