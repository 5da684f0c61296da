package dev.terminus.cli.report;

import dev.terminus.Category;
import dev.terminus.eval.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A report's summary for the terminal: pass rate, terminations by category and case, tokens, cost, durations. */
public final class TextSummary {
    private TextSummary() {}

    /**
     * @param title the suite's name
     * @param s the summary
     * @return the lines to print
     */
    public static List<String> lines(String title, Summary s) {
        List<String> lines = new ArrayList<>();
        lines.add(title + ": " + s.rows() + " runs of " + s.tasks() + " tasks");
        lines.add(String.format(Locale.ROOT, "  Pass rate     %.1f%% (%d of %d evaluated; %d excluded, %d not evaluated)",
                100 * s.passRate(), s.passed(), s.evaluated(), s.excluded(), s.notEvaluated()));
        lines.add("  pass@k        " + s.tasksPassedAnyRepeat() + " tasks passed at least once, "
                + s.tasksPassedEveryRepeat() + " passed every repeat");
        StringBuilder categories = new StringBuilder("  Categories   ");
        for (Map.Entry<Category, Integer> entry : s.byCategory().entrySet()) {
            if (entry.getValue() > 0) {
                categories.append(' ').append(entry.getKey()).append(' ').append(entry.getValue());
            }
        }
        lines.add(categories.toString());
        StringBuilder cases = new StringBuilder("  Terminations ");
        s.byTermination().forEach((tag, count) -> cases.append(' ').append(tag).append(' ').append(count));
        lines.add(cases.toString());
        StringBuilder statuses = new StringBuilder("  Statuses     ");
        s.byStatus().forEach((status, count) -> {
            if (count > 0) {
                statuses.append(' ').append(status).append(' ').append(count);
            }
        });
        lines.add(statuses.toString());
        lines.add("  Tokens        " + s.usage().inputTokens() + " in, " + s.usage().outputTokens() + " out");
        lines.add("  Cost          $" + s.costUsd().toPlainString() + (s.retries() > 0 ? " (" + s.retries()
                + " retries)" : ""));
        lines.add("  Duration      p50 " + s.durationMs().p50() + " ms, p90 " + s.durationMs().p90() + " ms, p99 "
                + s.durationMs().p99() + " ms, max " + s.durationMs().max() + " ms");
        return lines;
    }
}
