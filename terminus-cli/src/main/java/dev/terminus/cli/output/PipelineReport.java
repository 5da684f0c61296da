package dev.terminus.cli.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.RunResult;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.StageResult;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How {@code terminus run} shows a pipeline's result: a table of its stages, then the pipeline's termination with its
 * facts, the stage that stopped it and what to do next; or the same as JSON, every termination in the wire format.
 */
public final class PipelineReport {
    private static final int LABEL_WIDTH = 14;

    private PipelineReport() {}

    /**
     * Prints a pipeline's result: its table and summary, or its JSON.
     *
     * @param out where to print it
     * @param result the result
     * @param json whether to print JSON
     */
    public static void print(PrintStream out, PipelineResult result, boolean json) {
        if (json) {
            out.print(Wire.pretty(json(result)));
        } else {
            text(result).forEach(out::println);
        }
        out.flush();
    }

    /**
     * @param result a pipeline's result
     * @return the stage that stopped the pipeline (its termination is the pipeline's), or empty when the pipeline
     *     completed or was cancelled between stages
     */
    public static Optional<StageResult> stoppedBy(PipelineResult result) {
        if (result.completed() || result.stages().isEmpty()) {
            return Optional.empty();
        }
        StageResult last = result.stages().getLast();
        boolean stops = last.outcome() == Outcome.FAILED || last.outcome() == Outcome.CANCELLED
                || last.outcome() == Outcome.SUSPENDED;
        return stops && last.termination().equals(result.termination()) ? Optional.of(last) : Optional.empty();
    }

    /** The table of the stages: one row per stage reached, then one per stage not reached. */
    public static List<String> table(PipelineResult result) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("Stage", "Termination", "Category", "Outcome", "Attempts", "Iter", "Tokens", "ms",
                "Skip reason"));
        for (StageResult stage : result.stages()) {
            rows.add(List.of(stage.name(), stage.termination().tag(), stage.termination().category().name(),
                    stage.outcome().name(), String.valueOf(stage.attempts()),
                    iterations(stage) == null ? "-" : String.valueOf(iterations(stage)),
                    String.valueOf(stage.usage().totalTokens()), String.valueOf(stage.duration().toMillis()),
                    skipReason(stage) == null ? "" : skipReason(stage)));
        }
        for (String name : result.notRun()) {
            rows.add(List.of(name, "-", "-", "not run", "0", "0", "0", "-", ""));
        }
        return Text.table(rows);
    }

    /** The summary: the table, then the pipeline's termination, what stopped it, its figures and the next steps. */
    static List<String> text(PipelineResult result) {
        List<String> lines = new ArrayList<>();
        lines.add(label("Pipeline") + result.pipelineName());
        lines.add("");
        table(result).forEach(line -> lines.add("  " + line));
        lines.add("");
        Termination termination = result.termination();
        lines.add(label("Termination") + termination.tag());
        lines.addAll(Facts.lines(termination, Wire.encode(termination), " ".repeat(LABEL_WIDTH + 2)));
        lines.add(label("Category") + termination.category() + " - " + Playbook.meaning(termination.category()));
        lines.add(label("Outcome") + result.outcome());
        Optional<StageResult> stopper = stoppedBy(result);
        lines.add(label("Stopped by") + stopper.map(stage -> "stage " + stage.name()).orElse(
                result.completed() ? "none: every stage was reached" : "none: cancelled between stages"));
        lines.add(label("Tokens") + result.usage().inputTokens() + " in, " + result.usage().outputTokens() + " out ("
                + result.usage().totalTokens() + " total)");
        lines.add(label("Cost") + "$" + result.costUsd().toPlainString());
        lines.add(label("Duration") + result.duration().toMillis() + " ms");
        answer(result).ifPresent(answer -> lines.addAll(Text.wrap(label("Answer"), answer)));
        List<String> steps = nextSteps(result, stopper);
        for (int i = 0; i < steps.size(); i++) {
            lines.addAll(Text.wrap(label(i == 0 ? "Next" : ""), (i + 1) + ". " + steps.get(i)));
        }
        return lines;
    }

    /**
     * The result as JSON: name, termination (wire format), category, outcome, the stopping stage's name, usage,
     * cost, duration, then each stage reached (termination, outcome, attempts, iterations, usage, input, answer,
     * skip reason) and the names of the stages not reached.
     */
    public static ObjectNode json(PipelineResult result) {
        ObjectNode node = Wire.MAPPER.createObjectNode();
        node.put("pipeline", result.pipelineName());
        node.set("termination", Wire.encode(result.termination()));
        node.put("category", result.termination().category().name());
        node.put("outcome", result.outcome().name());
        Optional<StageResult> stopper = stoppedBy(result);
        if (stopper.isPresent()) {
            node.put("stoppedBy", stopper.get().name());
        } else {
            node.putNull("stoppedBy");
        }
        node.set("usage", RunReport.usage(result.usage()));
        node.put("costUsd", result.costUsd());
        node.put("durationMs", result.duration().toMillis());
        ArrayNode stages = node.putArray("stages");
        for (StageResult stage : result.stages()) {
            ObjectNode row = stages.addObject();
            row.put("name", stage.name());
            row.put("phase", stage.phase().orElse(null));
            row.set("termination", Wire.encode(stage.termination()));
            row.put("category", stage.termination().category().name());
            row.put("outcome", stage.outcome().name());
            row.put("attempts", stage.attempts());
            row.put("iterations", iterations(stage));
            row.set("usage", RunReport.usage(stage.usage()));
            row.put("costUsd", stage.costUsd());
            row.put("durationMs", stage.duration().toMillis());
            row.put("input", input(stage));
            row.put("answer", stage.lastRun().flatMap(RunResult::finalAnswer).orElse(null));
            row.put("skipReason", skipReason(stage));
        }
        ArrayNode notRun = node.putArray("notRun");
        result.notRun().forEach(notRun::add);
        return node;
    }

    /**
     * The iterations of the stage's last attempt: 0 when its agent did not run, null when they are not known (a stage
     * ended before a pause, of which the pipeline's checkpoint keeps no transcript or iterations).
     */
    private static @Nullable Integer iterations(StageResult stage) {
        if (stage.lastRun().isEmpty()) {
            return 0;
        }
        RunResult run = stage.lastRun().get();
        return run.transcript().isEmpty() && run.iterations().isEmpty() ? null : run.iterations().size();
    }

    /** The task the stage's last attempt ran: its first user message (null when its agent did not run). */
    private static @Nullable String input(StageResult stage) {
        return stage.lastRun().flatMap(run -> run.transcript().stream()
                .filter(message -> message instanceof Message.User).map(message -> ((Message.User) message).content())
                .findFirst()).orElse(null);
    }

    private static @Nullable String skipReason(StageResult stage) {
        return stage.termination() instanceof Termination.Skipped(String reason) ? reason : null;
    }

    /** The answer of the last stage that answered, when the pipeline completed. */
    private static Optional<String> answer(PipelineResult result) {
        if (!result.completed()) {
            return Optional.empty();
        }
        for (StageResult stage : result.stages().reversed()) {
            Optional<String> answer = stage.lastRun().flatMap(RunResult::finalAnswer);
            if (answer.isPresent() && !(stage.termination() instanceof Termination.Skipped)) {
                return answer;
            }
        }
        return Optional.empty();
    }

    /** What to do next: after a completion, with the stages that failed and went on; else the stopping stage's. */
    private static List<String> nextSteps(PipelineResult result, Optional<StageResult> stopper) {
        if (result.completed()) {
            List<String> steps = new ArrayList<>();
            steps.add("Use the answer of the last stage that answered: every stage was reached.");
            for (StageResult stage : result.stages()) {
                if (stage.outcome() == Outcome.FAILED) {
                    steps.add("Stage " + stage.name() + " failed (" + stage.termination().tag() + ") and the pipeline"
                            + " went on (onFailure: continue): check its result before relying on the answer.");
                }
            }
            return steps;
        }
        if (stopper.isEmpty()) {
            return Playbook.nextSteps(result.termination());
        }
        StageResult stage = stopper.get();
        Playbook.Gate gate = stage.lastRun().flatMap(RunResult::checkpoint).map(Checkpoint::inputRequest)
                .isPresent() ? Playbook.Gate.INPUT : Playbook.Gate.APPROVAL;
        List<String> steps = new ArrayList<>();
        steps.add("Stage " + stage.name() + " stopped the pipeline with " + stage.termination().tag() + " after "
                + stage.attempts() + (stage.attempts() == 1 ? " attempt" : " attempts")
                + (result.notRun().isEmpty() ? "" : "; " + String.join(", ", result.notRun()) + " did not run")
                + ". For that stage:");
        steps.addAll(Playbook.nextSteps(stage.termination(), gate));
        return steps;
    }

    private static String label(String label) {
        return "  " + Text.pad(label, LABEL_WIDTH);
    }
}
