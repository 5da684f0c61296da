/**
 * The commands, the top of the command line: {@link dev.terminus.cli.command.TerminusCommand} (the {@code terminus}
 * program, its main class) and its subcommands {@code run}, {@code resume}, {@code worker}, {@code eval},
 * {@code tools}, {@code report}, {@code explain} and {@code cases}, each a picocli command that reads its options and
 * puts the packages below to work; with them what only commands use: the {@code --provider} options of a real model,
 * {@code --otlp} telemetry, a pipeline run in this process, and Ctrl-C.
 *
 * <p>A command may use every other package of the command line; no other package uses a command (an architecture
 * rule of terminus-architecture keeps it so). A new command goes here.
 */
@NullMarked
package dev.terminus.cli.command;

import org.jspecify.annotations.NullMarked;
