package dev.terminus.cli.command;

import dev.terminus.cli.input.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code terminus} command: {@code run}, {@code resume}, {@code worker}, {@code eval}, {@code tools}, {@code report},
 * {@code explain}, {@code cases} and, without arguments, the embedded
 * default ({@code run --demo}).
 *
 * <p>Exit status: 0 when it worked, 2 for bad input or usage, 1 for anything unexpected. Errors are one
 * line on standard error starting with {@code terminus: }, never a stack trace.
 *
 * {@snippet :
 * int status = TerminusCommand.run(new String[] {"explain", "NoProgress.json"}, System.out, System.err, System.in);
 * }
 */
@Command(name = "terminus", mixinStandardHelpOptions = true, versionProvider = TerminusCommand.Version.class,
        description = "Says why an agent run ended and what to do next.",
        subcommands = {RunCommand.class, ResumeCommand.class, WorkerCommand.class, EvalCommand.class, ToolsCommand.class, ReportCommand.class, ExplainCommand.class, CasesCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "Without a command, runs the built-in demo scenarios (terminus run --demo).",
                "Run 'terminus COMMAND --help' for a command's options.", ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:done", "2:bad input or usage", "1:unexpected error"})
public final class TerminusCommand implements Callable<Integer> {

    final PrintStream out;
    final PrintStream err;
    final InputStream in;
    /** The environment, where API keys are read from. */
    final Map<String, String> env;

    private TerminusCommand(PrintStream out, PrintStream err, InputStream in, Map<String, String> env) {
        this.out = out;
        this.err = err;
        this.in = in;
        this.env = env;
    }

    /**
     * Runs the command line and exits with its status.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, System.in));
    }

    /**
     * Runs the command line in this process, with the given streams.
     *
     * @param args the arguments
     * @param out where results go
     * @param err where errors go
     * @param in standard input, read by {@code explain} without a file
     * @return the exit status: 0 ok, 2 bad input or usage, 1 unexpected
     */
    public static int run(String[] args, PrintStream out, PrintStream err, InputStream in) {
        return run(args, out, err, in, System.getenv());
    }

    /**
     * Runs the command line in this process, with the given streams and environment.
     *
     * @param args the arguments
     * @param out where results go
     * @param err where errors go
     * @param in standard input
     * @param env the environment variables (API keys are read from it)
     * @return the exit status
     */
    public static int run(String[] args, PrintStream out, PrintStream err, InputStream in, Map<String, String> env) {
        TerminusCommand terminus = new TerminusCommand(out, err, in, Map.copyOf(env));
        CommandLine commandLine = new CommandLine(terminus)
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .setParameterExceptionHandler((e, arguments) -> {
                    err.println("terminus: " + e.getMessage().strip()
                            + " (see 'terminus " + helpPath(e.getCommandLine()) + "--help')");
                    return CommandLine.ExitCode.USAGE;
                })
                .setExecutionExceptionHandler((e, command, parseResult) -> {
                    err.println("terminus: unexpected error: " + e);
                    return CommandLine.ExitCode.SOFTWARE;
                });
        int status = commandLine.execute(args);
        out.flush();
        err.flush();
        return status;
    }

    /** Without a command: the embedded default. */
    @Override
    public Integer call() {
        return runDefault();
    }

    /** The embedded default, kept in one place so that it can be swapped for another. */
    int runDefault() {
        try {
            return RunCommand.demo(this, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CommandLine.ExitCode.SOFTWARE;
        }
    }

    /** Reports bad input as one line on standard error; returns the usage status. */
    int badInput(BadInputException e) {
        err.println("terminus: " + e.getMessage());
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }

    /** The parent of a subcommand, which picocli always injects. */
    /** A subcommand's work, which may refuse its input. */
    @FunctionalInterface
    interface Work {
        /**
         * @param terminus the parent command: streams and environment
         * @return the exit status
         * @throws BadInputException for bad input, reported as one line and status 2
         */
        int run(TerminusCommand terminus) throws BadInputException;
    }

    /**
     * Runs a subcommand's work under its parent, bad input reported as one line on standard error and status 2.
     *
     * @param parent the parent command, injected by picocli
     * @param work the work
     * @return the exit status
     */
    static int run(@Nullable TerminusCommand parent, Work work) {
        TerminusCommand terminus = requireParent(parent);
        try {
            return work.run(terminus);
        } catch (BadInputException e) {
            return terminus.badInput(e);
        }
    }

    static TerminusCommand requireParent(@Nullable TerminusCommand parent) {
        if (parent == null) {
            throw new IllegalStateException("a terminus subcommand ran without its parent command");
        }
        return parent;
    }

    private static String helpPath(CommandLine commandLine) {
        String qualified = commandLine.getCommandSpec().qualifiedName(" ");
        int space = qualified.indexOf(' ');
        return space < 0 ? "" : qualified.substring(space + 1) + " ";
    }

    /** The version, {@code terminus 0.1.0-SNAPSHOT}, from the build. */
    static final class Version implements CommandLine.IVersionProvider {
        /** The build's properties, where the jar's version is (the resource keeps the path it had). */
        private static final String RESOURCE = "/dev/terminus/cli/version.properties";

        @Override
        public String[] getVersion() {
            return new String[] {line()};
        }

        static String line() {
            Properties properties = new Properties();
            try (InputStream resource = TerminusCommand.class.getResourceAsStream(RESOURCE)) {
                if (resource != null) {
                    properties.load(resource);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return "terminus " + properties.getProperty("version", "(unknown version)");
        }
    }
}
