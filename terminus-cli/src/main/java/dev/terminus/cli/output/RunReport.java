package dev.terminus.cli.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** How {@code terminus run} shows a result: a summary for a person, JSON, and a row of the demo table. */
public final class RunReport {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int LABEL_WIDTH = 14;

    private RunReport() {}

    /** The summary: the termination with its facts, category, outcome, counters, tokens, cost and duration. */
    public static List<String> text(String scenario, RunResult result) {
        return text(scenario, RunView.of(result));
    }

    /** The summary of a run however it ran. */
    public static List<String> text(String scenario, RunView result) {
        Termination termination = result.termination();
        List<String> lines = new ArrayList<>();
        lines.add(label("Scenario") + scenario);
        if (result.agentName() != null) {
            lines.add(label("Agent") + result.agentName());
        }
        lines.add(label("Termination") + termination.tag());
        lines.addAll(Facts.lines(termination, Wire.encode(termination), " ".repeat(LABEL_WIDTH + 2)));
        lines.add(label("Category") + termination.category() + " - " + Playbook.meaning(termination.category()));
        lines.add(label("Outcome") + result.outcome());
        lines.add(label("Iterations") + result.iterationCount());
        if (result.figures()) {
            lines.add(label("Tool calls") + result.toolCalls());
            lines.add(label("Tokens") + tokens(result.usage()));
            lines.add(label("Cost") + "$" + result.costUsd().toPlainString());
            lines.add(label("Duration") + result.duration().toMillis() + " ms");
        }
        List<String> children = children(result, "");
        for (int i = 0; i < children.size(); i++) {
            lines.addAll(Text.wrap(label(i == 0 ? "Children" : ""), children.get(i)));
        }
        // an answer cut short is shown as such, not as the answer
        if (result.finalAnswer() != null && !result.finalAnswer().equals(result.incompleteAnswer())) {
            lines.addAll(Text.wrap(label("Answer"), result.finalAnswer()));
        }
        if (result.incompleteAnswer() != null) {
            lines.addAll(Text.wrap(label("Cut short"), result.incompleteAnswer().isEmpty() ? "(no text arrived)"
                    : result.incompleteAnswer()));
        }
        List<String> steps = Playbook.nextSteps(termination, result.gate());
        for (int i = 0; i < steps.size(); i++) {
            lines.addAll(Text.wrap(label(i == 0 ? "Next" : ""), (i + 1) + ". " + steps.get(i)));
        }
        return lines;
    }

    /** The result as JSON, the termination and the transcript in the wire format. */
    public static ObjectNode json(String scenario, RunResult result) {
        return json(scenario, RunView.of(result));
    }

    /**
     * The result as JSON, however it ran: without iteration records when its output has none (a workflow's), without
     * figures when they are not known (a workflow waiting at a gate).
     */
    public static ObjectNode json(String scenario, RunView result) {
        ObjectNode node = NODES.objectNode();
        node.put("scenario", scenario);
        return result(node, result);
    }

    /**
     * A run's fields, after the scenario's name: the agent that ended it, its termination, figures, answer,
     * iteration records and transcript, then its children ({@code toolName}, {@code iteration} and their
     * {@code result}, these same fields).
     */
    private static ObjectNode result(ObjectNode node, RunView result) {
        if (result.agentName() == null) {
            node.putNull("agentName");
        } else {
            node.put("agentName", result.agentName());
        }
        node.set("termination", Wire.encode(result.termination()));
        node.put("category", result.termination().category().name());
        node.put("outcome", result.outcome().name());
        node.put("iterations", result.iterationCount());
        if (result.figures()) {
            node.put("toolCalls", result.toolCalls());
            node.set("usage", usage(result.usage()));
            node.put("costUsd", result.costUsd());
            node.put("durationMs", result.duration().toMillis());
        }
        if (result.finalAnswer() == null) {
            node.putNull("finalAnswer");
        } else {
            node.put("finalAnswer", result.finalAnswer());
        }
        if (result.incompleteAnswer() != null) {
            node.put("incompleteAnswer", result.incompleteAnswer());
        }
        List<IterationRecord> records = result.iterations();
        ArrayNode iterations = records == null ? NODES.arrayNode() : node.putArray("iterationRecords");
        for (IterationRecord record : records == null ? List.<IterationRecord>of() : records) {
            ObjectNode row = iterations.addObject();
            row.put("iteration", record.iteration());
            row.set("usage", usage(record.usage()));
            row.put("toolCalls", record.toolCalls());
            row.put("finishReason", record.finishReason() == null ? null : record.finishReason().name());
            row.put("durationMs", record.duration().toMillis());
        }
        ArrayNode transcript = node.putArray("transcript");
        for (Message message : result.transcript()) {
            transcript.add(Wire.MAPPER.valueToTree(message));
        }
        ArrayNode children = node.putArray("children");
        for (RunView.Child child : result.children()) {
            ObjectNode row = children.addObject();
            row.put("toolName", child.toolName());
            row.put("iteration", child.iteration());
            row.set("result", result(NODES.objectNode(), child.result()));
        }
        return node;
    }

    /**
     * The children of a run, one line each, their own children after them two spaces further in: the tool, the
     * agent, the parent's iteration, the termination, the iterations and the tokens.
     */
    public static List<String> children(RunView result, String indent) {
        List<String> lines = new ArrayList<>();
        for (RunView.Child child : result.children()) {
            RunView run = child.result();
            lines.add(indent + child.toolName() + " -> " + (run.agentName() == null ? "?" : run.agentName())
                    + " (iteration " + child.iteration() + "): " + run.termination().tag() + ", "
                    + run.iterationCount() + (run.iterationCount() == 1 ? " iteration, " : " iterations, ")
                    + run.usage().totalTokens() + " tokens");
            lines.addAll(children(run, indent + "  "));
        }
        return lines;
    }

    /** The header of the demo table. */
    public static List<String> demoHeader() {
        return List.of("Scenario", "Termination", "Category", "Outcome", "Iter", "Tools", "Tokens", "Cost USD", "ms", "Check");
    }

    /** One row of the demo table. */
    public static List<String> demoRow(String scenario, @Nullable String expected, RunResult result) {
        return demoRow(scenario, expected, RunView.of(result));
    }

    /** One row of the demo table, however the scenario ran. */
    public static List<String> demoRow(String scenario, @Nullable String expected, RunView result) {
        String tag = result.termination().tag();
        String check = expected == null ? "" : expected.equals(tag) ? "ok" : "EXPECTED " + expected;
        boolean known = result.figures();
        return List.of(scenario, tag, result.termination().category().name(), result.outcome().name(),
                String.valueOf(result.iterationCount()), known ? String.valueOf(result.toolCalls()) : "-",
                known ? String.valueOf(result.usage().totalTokens()) : "-",
                known ? result.costUsd().toPlainString() : "-",
                known ? String.valueOf(result.duration().toMillis()) : "-", check);
    }

    static ObjectNode usage(Usage usage) {
        ObjectNode node = NODES.objectNode();
        node.put("inputTokens", usage.inputTokens());
        node.put("outputTokens", usage.outputTokens());
        node.put("cachedInputTokens", usage.cachedInputTokens());
        node.put("reasoningTokens", usage.reasoningTokens());
        return node;
    }

    private static String tokens(Usage usage) {
        return usage.inputTokens() + " in, " + usage.outputTokens() + " out (" + usage.totalTokens() + " total"
                + (usage.cachedInputTokens() > 0 ? ", " + usage.cachedInputTokens() + " cached" : "") + ")";
    }

    private static String label(String label) {
        return "  " + Text.pad(label, LABEL_WIDTH);
    }
}
