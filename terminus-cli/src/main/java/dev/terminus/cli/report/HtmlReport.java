package dev.terminus.cli.report;

import dev.terminus.Category;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Status;
import dev.terminus.eval.Summary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A report as one self-contained HTML page: the summary, then charts of terminations by case and by category, the
 * rows' status, every task's repeats as coloured cells, and the distributions of iterations and durations. Inline CSS
 * and SVG only: no script, no external resource, so the page opens anywhere, offline.
 */
public final class HtmlReport {
    /** Tasks shown in the per-task grid; the page says how many more there are. */
    static final int TASK_GRID_LIMIT = 400;

    private HtmlReport() {}

    /**
     * @param title the page's title (the suite's name)
     * @param summary the rows' summary
     * @param rows the rows
     * @return the page
     */
    public static String render(String title, Summary summary, List<ReportRow> rows) {
        StringBuilder html = new StringBuilder(64 * 1024 + rows.size() * 64);
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.escape(title)).append(" - Terminus report</title><style>").append(Style.CSS)
                .append("</style></head><body>\n<h1>").append(Html.escape(title)).append("</h1>\n");
        headline(html, summary);
        html.append("<section class=\"charts\">\n");
        terminations(html, summary);
        categories(html, summary);
        statuses(html, summary);
        iterations(html, rows);
        durations(html, rows);
        html.append("</section>\n");
        TaskGrid.render(html, rows, TASK_GRID_LIMIT);
        html.append("</body></html>\n");
        return html.toString();
    }

    private static void headline(StringBuilder html, Summary s) {
        html.append("<section class=\"headline\">");
        tile(html, "Pass rate", String.format(java.util.Locale.ROOT, "%.1f%%", 100 * s.passRate()),
                Svg.count(s.passed()) + " of " + Svg.count(s.evaluated()) + " evaluated");
        tile(html, "Runs", Svg.count(s.rows()), Svg.count(s.tasks()) + " tasks, " + Svg.count(s.excluded())
                + " excluded, " + Svg.count(s.notEvaluated()) + " not evaluated");
        tile(html, "Tokens", Svg.count(s.usage().inputTokens() + s.usage().outputTokens()),
                Svg.count(s.usage().inputTokens()) + " in, " + Svg.count(s.usage().outputTokens()) + " out");
        tile(html, "Cost", "$" + s.costUsd().toPlainString(), Svg.count(s.retries()) + " retries");
        tile(html, "Duration p50 / p90 / p99", Svg.count(s.durationMs().p50()) + " / " + Svg.count(s.durationMs().p90())
                + " / " + Svg.count(s.durationMs().p99()) + " ms", "max " + Svg.count(s.durationMs().max()) + " ms");
        html.append("</section>\n");
    }

    private static void tile(StringBuilder html, String label, String value, String detail) {
        html.append("<div class=\"tile\"><div class=\"label\">").append(Html.escape(label))
                .append("</div><div class=\"value\">").append(Html.escape(value)).append("</div><div class=\"detail\">")
                .append(Html.escape(detail)).append("</div></div>");
    }

    private static void terminations(StringBuilder html, Summary s) {
        List<Svg.Bar> bars = new ArrayList<>();
        s.byTermination().forEach((tag, count) -> bars.add(new Svg.Bar(tag, count, Style.TERMINATION)));
        Svg.horizontalBars(html, "Terminations by case", bars);
    }

    private static void categories(StringBuilder html, Summary s) {
        List<Svg.Bar> bars = new ArrayList<>();
        for (Map.Entry<Category, Integer> entry : s.byCategory().entrySet()) {
            bars.add(new Svg.Bar(entry.getKey().name(), entry.getValue(), Style.category(entry.getKey())));
        }
        Svg.horizontalBars(html, "Terminations by category", bars);
    }

    private static void statuses(StringBuilder html, Summary s) {
        List<Svg.Bar> bars = new ArrayList<>();
        for (Map.Entry<Status, Integer> entry : s.byStatus().entrySet()) {
            bars.add(new Svg.Bar(entry.getKey().name(), entry.getValue(), Style.status(entry.getKey())));
        }
        Svg.horizontalBars(html, "Runs by status", bars);
    }

    /** A bar per iteration count from the smallest to the largest seen, the last of at most 60 gathering the rest. */
    private static void iterations(StringBuilder html, List<ReportRow> rows) {
        int lo = Integer.MAX_VALUE;
        int hi = 0;
        for (ReportRow row : rows) {
            lo = Math.min(lo, row.iterations());
            hi = Math.max(hi, row.iterations());
        }
        if (rows.isEmpty()) {
            lo = 0;
        }
        long[] bins = new long[Math.min(hi - lo + 1, 60)];
        for (ReportRow row : rows) {
            bins[Math.min(row.iterations() - lo, bins.length - 1)]++;
        }
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < bins.length; i++) {
            boolean gathers = i == bins.length - 1 && hi - lo + 1 > bins.length;
            labels.add(lo + i + (gathers ? "+" : ""));
        }
        Svg.histogram(html, "Iterations per run", labels, bins, Style.ITERATIONS, true);
    }

    private static void durations(StringBuilder html, List<ReportRow> rows) {
        long max = 0;
        for (ReportRow row : rows) {
            max = Math.max(max, row.durationMs());
        }
        int buckets = 20;
        long step = Math.max(1, (max + buckets) / buckets);
        long[] bins = new long[buckets];
        for (ReportRow row : rows) {
            bins[(int) Math.min(buckets - 1, row.durationMs() / step)]++;
        }
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < buckets; i++) {
            labels.add(Svg.count(i * step) + " ms");
        }
        Svg.histogram(html, "Duration per run", labels, bins, Style.DURATION, false);
    }

    /** @return the rows of a task, in repeat order, by task id in first-seen order */
    static Map<String, List<ReportRow>> byTask(List<ReportRow> rows) {
        Map<String, List<ReportRow>> tasks = new LinkedHashMap<>();
        for (ReportRow row : rows) {
            tasks.computeIfAbsent(row.task(), t -> new ArrayList<>()).add(row);
        }
        tasks.values().forEach(list -> list.sort(java.util.Comparator.comparingInt(ReportRow::repeat)));
        return tasks;
    }
}
