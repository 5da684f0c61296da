/**
 * The {@code terminus} command line, one package a part; the program and its commands are in
 * {@link dev.terminus.cli.command}, which uses the others and which no other uses:
 * <ul>
 *   <li>{@code command}: {@code terminus} and its subcommands ({@code run}, {@code resume}, {@code worker},
 *       {@code eval}, {@code tools}, {@code report}, {@code explain}, {@code cases});</li>
 *   <li>{@code demo}: the built-in demos of {@code terminus run --demo} and a sample of every termination;</li>
 *   <li>{@code temporal}: runs, pipelines and workers on Temporal, and the connection to it;</li>
 *   <li>{@code pause}: runs paused at a human gate, saved as checkpoints and read back by {@code resume};</li>
 *   <li>{@code output}: what is printed, tables, JSON, explanations and the recovery playbook;</li>
 *   <li>{@code input}: bad input as one line, and the MCP servers of the files a command reads;</li>
 *   <li>{@code scenario}, {@code pipeline}, {@code eval}, {@code converge}, {@code report}: scenario, pipeline and
 *       suite files read into runs, the convergence examples, and evaluation reports.</li>
 * </ul>
 * No package depends on another in a cycle (an architecture rule of terminus-architecture keeps it so). Everything
 * here is non-null unless annotated {@code @Nullable}.
 */
@NullMarked
package dev.terminus.cli;

import org.jspecify.annotations.NullMarked;
