package dev.terminus.cli.demo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Termination;
import dev.terminus.cli.converge.Examples;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.output.Text;
import dev.terminus.cli.output.Wire;
import dev.terminus.cli.temporal.TemporalConnection;
import dev.terminus.cli.temporal.Workers;
import dev.terminus.converge.Fact;
import dev.terminus.temporal.ConvergenceRunInput;
import dev.terminus.temporal.ConvergenceRunOutput;
import dev.terminus.temporal.ConvergenceWorkflow;
import io.temporal.client.WorkflowOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The convergence engine's part of {@code terminus run --demo}: {@link Examples#documentReconciliation()} run once
 * (in this process, or as a convergence workflow with {@code --temporal}),
 * shown as a table row and the facts it converged on, or as one JSON object among the demo's results.
 */
public final class ConvergeDemo {
    /** How the example must end. */
    static final String EXPECTED = "Converged";
    private static final int VALUE_WIDTH = 60;

    private final Examples.Example example;
    private final ConvergenceRunOutput result;

    private ConvergeDemo(Examples.Example example, ConvergenceRunOutput result) {
        this.example = example;
        this.result = result;
    }

    /** Runs the example in this process. */
    public static ConvergeDemo run() {
        Examples.Example example = Examples.documentReconciliation();
        return new ConvergeDemo(example, ConvergenceRunOutput.of(example.run()));
    }

    /**
     * Runs the example as a convergence workflow on a Temporal connection (whose workers register it, see
     * {@code Workers}).
     *
     * @throws BadInputException when Temporal refused the run or its workflow failed
     */
    public static ConvergeDemo run(TemporalConnection connection) throws BadInputException {
        Examples.Example example = Examples.documentReconciliation();
        return new ConvergeDemo(example, TemporalConnection.call("the convergence example", () -> {
            ConvergenceWorkflow workflow = connection.client().newWorkflowStub(ConvergenceWorkflow.class,
                    WorkflowOptions.newBuilder().setTaskQueue(connection.taskQueue())
                            .setWorkflowId("terminus-converge-" + example.name() + "-"
                                    + UUID.randomUUID().toString().substring(0, 8))
                            .build());
            return workflow.run(ConvergenceRunInput.of(Examples.RECONCILIATION, example.input()));
        }));
    }

    /** @return whether it ended as it must */
    public boolean asExpected() {
        return EXPECTED.equals(result.termination().tag());
    }

    /** The section of the text table: a title, a table of one row and the facts reached, with their provenance. */
    public List<String> lines() {
        Termination termination = result.termination();
        List<List<String>> rows = List.of(
                List.of("Example", "Termination", "Category", "Outcome", "Cycles", "Facts", "ms", "Check"),
                List.of(example.name(), termination.tag(), termination.category().name(), result.outcome().name(),
                        String.valueOf(result.cycles()), String.valueOf(result.factsMerged()),
                        String.valueOf(result.duration().toMillis()), asExpected() ? "ok" : "EXPECTED " + EXPECTED));
        List<String> lines = new ArrayList<>();
        lines.add("Convergence engine: " + example.description());
        lines.add("");
        lines.addAll(Text.table(rows));
        lines.add("");
        for (Fact fact : result.context().facts()) {
            lines.add("  " + fact.key() + " = " + shortValue(fact.value()) + "   [" + fact.provenance().agent()
                    + ", cycle " + fact.provenance().cycle() + "]");
        }
        return lines;
    }

    /** The example's result as JSON: its termination in the wire format, counters and the facts reached. */
    public ObjectNode json() {
        ObjectNode node = Wire.MAPPER.createObjectNode();
        node.put("scenario", example.name());
        node.put("engine", "converge");
        node.set("termination", Wire.encode(result.termination()));
        node.put("category", result.termination().category().name());
        node.put("outcome", result.outcome().name());
        node.put("cycles", result.cycles());
        node.put("factsMerged", result.factsMerged());
        node.put("durationMs", result.duration().toMillis());
        ObjectNode facts = node.putObject("facts");
        for (Fact fact : result.context().facts()) {
            facts.set(fact.key(), Wire.MAPPER.valueToTree(fact.value()));
        }
        return node;
    }

    private static String shortValue(Object value) {
        String text;
        try {
            text = Wire.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            text = String.valueOf(value);
        }
        text = text.replace("\\n", " ");
        return text.length() > VALUE_WIDTH ? text.substring(0, VALUE_WIDTH - 1) + "…" : text;
    }
}
