package dev.terminus.cli.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Termination;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a termination means and what to do next, as a person reads it ({@link #toText()}) and as a script
 * reads it ({@link #toJson()}). Both views hold the same content: the case, its facts (the wire form), the
 * category and its meaning, the default outcome, the predicates and the {@link Playbook} steps.
 *
 * {@snippet :
 * Explanation explanation = Explanation.of(new Termination.MaxIterationsReached(25, 25));
 * System.out.print(explanation.toText());
 * }
 */
public final class Explanation {

    private static final String LABEL_INDENT = "  ";
    private static final int LABEL_WIDTH = 17;

    private final Termination termination;
    private final ObjectNode wire;

    private Explanation(Termination termination, ObjectNode wire) {
        this.termination = termination;
        this.wire = wire;
    }

    /**
     * Explains a termination.
     *
     * @param termination a framework case (or an extension the command line's mapper can write)
     * @return its explanation
     * @throws IllegalArgumentException when the termination cannot be written in the wire format
     */
    public static Explanation of(Termination termination) {
        return new Explanation(termination, Wire.encode(termination));
    }

    /**
     * The case's name as on the wire ({@code $kind}): the tag of a framework case.
     *
     * @return the case name
     */
    public String caseName() {
        return wire.path("$kind").asText(termination.tag());
    }

    /**
     * The six predicates, by method name, in declaration order.
     *
     * @return an unmodifiable map from predicate name (e.g. {@code isStuck}) to its value
     */
    public Map<String, Boolean> predicates() {
        Map<String, Boolean> predicates = new LinkedHashMap<>();
        predicates.put("isSuccess", termination.isSuccess());
        predicates.put("isError", termination.isError());
        predicates.put("isBudgetExhausted", termination.isBudgetExhausted());
        predicates.put("isStuck", termination.isStuck());
        predicates.put("isValidationFailure", termination.isValidationFailure());
        predicates.put("isSuspended", termination.isSuspended());
        return java.util.Collections.unmodifiableMap(predicates);
    }

    /**
     * What to do next.
     *
     * @return the playbook steps, never empty
     */
    public List<String> nextSteps() {
        return Playbook.nextSteps(termination);
    }

    /**
     * The view for a person: labelled summary, facts, then the numbered steps, lines wrapped at 100 columns.
     *
     * @return the text, ending with a line feed
     */
    public String toText() {
        List<String> lines = new ArrayList<>();
        String truePredicates = predicates().entrySet().stream()
                .filter(Map.Entry::getValue)
                .map(Map.Entry::getKey)
                .collect(Collectors.joining(", "));
        lines.add(label("Case") + caseName());
        lines.addAll(Text.wrap(label("Category"), termination.category() + " - "
                + Playbook.meaning(termination.category())));
        lines.add(label("Default outcome") + termination.defaultOutcome());
        lines.add(label("Predicates") + (truePredicates.isEmpty() ? "none is true" : truePredicates));
        lines.add("");
        lines.add("Facts");
        List<String> facts = Facts.lines(termination, wire, LABEL_INDENT);
        lines.addAll(facts.isEmpty() ? List.of(LABEL_INDENT + "(none: this case carries no fields)") : facts);
        lines.add("");
        lines.add("What to do next");
        List<String> steps = nextSteps();
        for (int i = 0; i < steps.size(); i++) {
            lines.addAll(Text.wrap(LABEL_INDENT + (i + 1) + ". ", steps.get(i)));
        }
        return String.join("\n", lines) + "\n";
    }

    /**
     * The view for a script: {@code case}, {@code termination} (the wire form itself), {@code category},
     * {@code categoryMeaning}, {@code defaultOutcome}, {@code predicates} (the six booleans) and
     * {@code nextSteps}.
     *
     * @return a new JSON object
     */
    public ObjectNode toJson() {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode json = nodes.objectNode();
        json.put("case", caseName());
        json.set("termination", wire.deepCopy());
        json.put("category", termination.category().name());
        json.put("categoryMeaning", Playbook.meaning(termination.category()));
        json.put("defaultOutcome", termination.defaultOutcome().name());
        ObjectNode predicates = json.putObject("predicates");
        predicates().forEach(predicates::put);
        ArrayNode steps = json.putArray("nextSteps");
        nextSteps().forEach(steps::add);
        return json;
    }

    private static String label(String label) {
        return Text.pad(label, LABEL_WIDTH);
    }
}
