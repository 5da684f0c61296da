package dev.terminus.cli.command;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Termination;
import dev.terminus.cli.demo.Samples;
import dev.terminus.cli.output.Text;
import dev.terminus.cli.output.Wire;
import dev.terminus.jackson.TerminusModule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code terminus cases [--json]}: the catalogue of framework cases with their category, default outcome
 * and wire fields. {@code Custom}'s category is chosen per instance, and its outcome follows from it;
 * {@code Failed}'s category is its error's. Where they vary, the JSON holds null.
 */
@Command(name = "cases", mixinStandardHelpOptions = true,
        description = "Lists the framework's termination cases: category, default outcome and wire fields.")
public final class CasesCommand implements Callable<Integer> {

    @ParentCommand
    private @Nullable TerminusCommand terminus;

    @Option(names = "--json", description = "Print the catalogue as a JSON array of objects.")
    private boolean json;

    /** Created by picocli. */
    public CasesCommand() {}

    @Override
    public Integer call() {
        TerminusCommand io = TerminusCommand.requireParent(terminus);
        io.out.print(json ? Wire.pretty(json()) : String.join("\n", table()) + "\n");
        io.out.flush();
        return 0;
    }

    /** One row of the catalogue; category and outcome are null where they vary by instance. */
    record Row(String kind, @Nullable String category, @Nullable String defaultOutcome, List<String> fields) {}

    /** The catalogue in wire order, category and outcome taken from each case's {@link Samples sample}. */
    static List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, List<String>> entry : TerminusModule.frameworkCaseFields().entrySet()) {
            Termination sample = Samples.of(entry.getKey());
            // Custom's category is chosen per instance, Failed's comes from its error: no sample speaks for all.
            boolean custom = sample instanceof Termination.Custom;
            boolean categoryVaries = custom || sample instanceof Termination.Failed;
            rows.add(new Row(entry.getKey(),
                    categoryVaries ? null : sample.category().name(),
                    custom ? null : sample.defaultOutcome().name(),
                    entry.getValue()));
        }
        return rows;
    }

    /** The catalogue as aligned text lines, a header row first. */
    static List<String> table() {
        List<List<String>> cells = new ArrayList<>();
        cells.add(List.of("CASE", "CATEGORY", "DEFAULT OUTCOME", "FIELDS"));
        for (Row row : rows()) {
            cells.add(List.of(row.kind(),
                    row.category() != null ? row.category() : row.kind().equals("Failed") ? "(by error)" : "(chosen)",
                    row.defaultOutcome() == null ? "(by category)" : row.defaultOutcome(),
                    row.fields().isEmpty() ? "-" : String.join(", ", row.fields())));
        }
        return Text.table(cells);
    }

    /** The catalogue as JSON: {@code case}, {@code category}, {@code defaultOutcome} (null when chosen), {@code fields}. */
    static ArrayNode json() {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (Row row : rows()) {
            ObjectNode object = array.addObject();
            object.put("case", row.kind());
            object.put("category", row.category());
            object.put("defaultOutcome", row.defaultOutcome());
            ArrayNode fields = object.putArray("fields");
            row.fields().forEach(fields::add);
        }
        return array;
    }
}
