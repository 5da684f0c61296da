package dev.terminus.cli.command;

import dev.terminus.Termination;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.output.Explanation;
import dev.terminus.cli.output.Wire;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code terminus explain [FILE] [--json]}: reads one termination in the wire format and says what it means
 * and what to do next. Bad input ends with one line on standard error and exit status 2.
 */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = {"Explains one termination: its facts, its category, its outcome and what to do next.",
                "Reads the JSON wire format, strictly, from FILE or from standard input."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:explained", "2:bad input: not one termination, or FILE cannot be read",
                "1:unexpected error"})
public final class ExplainCommand implements Callable<Integer> {

    @ParentCommand
    private @Nullable TerminusCommand terminus;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE",
            description = "A file holding one termination as JSON; '-' or none reads standard input.")
    private @Nullable String file;

    @Option(names = "--json", description = "Print the explanation as one JSON object.")
    private boolean json;

    /** Created by picocli. */
    public ExplainCommand() {}

    @Override
    public Integer call() {
        TerminusCommand io = TerminusCommand.requireParent(terminus);
        Termination termination;
        try {
            termination = Wire.decode(Wire.read(file, io.in), Wire.sourceName(file));
        } catch (BadInputException e) {
            return io.badInput(e);
        }
        Explanation explanation = Explanation.of(termination);
        io.out.print(json ? Wire.pretty(explanation.toJson()) : explanation.toText());
        io.out.flush();
        return 0;
    }
}
