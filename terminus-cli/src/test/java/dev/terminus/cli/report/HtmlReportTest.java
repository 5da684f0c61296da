package dev.terminus.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Summary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The report page: self-contained, escaped, with every chart, a capped task grid, histograms that count every row. */
class HtmlReportTest {
    private static final Pattern BAR = Pattern.compile("<title>([^<]*): (\\d+)</title>");

    private static String render(List<ReportRow> rows) {
        return HtmlReport.render("suite", Summary.of(rows), rows);
    }

    /** The demo's mix: passes, a wrong answer, an excluded capacity stop, a timeout, a 401, a failure retried. */
    private static List<ReportRow> mixed() {
        List<ReportRow> rows = new ArrayList<>();
        for (int repeat = 0; repeat < 2; repeat++) {
            rows.add(ReportRows.passed("norway", repeat, 1, 30 + repeat));
            rows.add(ReportRows.passed("denmark", repeat, 2, 85));
            rows.add(ReportRows.failed("finland", repeat, 1, 86));
            rows.add(ReportRows.excluded("estonia", repeat, 3, 30));
            rows.add(ReportRows.timedOut("latvia", repeat, 405));
            rows.add(ReportRows.authFailed("lithuania", repeat, 6));
            rows.add(ReportRows.serverFailed("austria", repeat, 27, 2));
        }
        return rows;
    }

    /** The figure with this caption, from its start to its end. */
    private static String figure(String page, String caption) {
        int start = page.indexOf("<figure><figcaption>" + caption + "</figcaption>");
        assertThat(start).as("a figure captioned " + caption).isNotNegative();
        return page.substring(start, page.indexOf("</figure>", start));
    }

    /** The bars of a chart, label to count, in the order drawn. */
    private static Map<String, Long> bars(String figure) {
        Map<String, Long> bars = new LinkedHashMap<>();
        Matcher matcher = BAR.matcher(figure);
        while (matcher.find()) {
            bars.put(matcher.group(1), Long.parseLong(matcher.group(2)));
        }
        return bars;
    }

    private static long sum(Map<String, Long> bars) {
        return bars.values().stream().mapToLong(Long::longValue).sum();
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
            count++;
        }
        return count;
    }

    @Test
    void thePageIsSelfContainedWithNoScriptAndNoResourceButTheSvgNamespace() {
        // when
        String page = render(mixed());

        // then
        assertThat(page).startsWith("<!DOCTYPE html>").endsWith("</body></html>\n")
                .doesNotContainIgnoringCase("<script").doesNotContainIgnoringCase("<link")
                .doesNotContainIgnoringCase("<img").doesNotContainIgnoringCase("<iframe")
                .doesNotContain("src=").doesNotContain("href=").doesNotContain("@import").doesNotContain("url(");
        Matcher urls = Pattern.compile("https?://[^\"'\\s<>)]*").matcher(page);
        List<String> found = new ArrayList<>();
        while (urls.find()) {
            found.add(urls.group());
        }
        assertThat(found).hasSize(count(page, "<svg ")).containsOnly("http://www.w3.org/2000/svg");
        assertThat(page).contains("<style>").contains("<meta charset=\"utf-8\">");
    }

    @Test
    void taskIdsTerminationTagsAndTheTitleAreEscaped() {
        // given
        String task = "t<1>&\"x\"'";
        ReportRow odd = ReportRows.success(task, 0, new ReportRows.OddTermination("Odd<b>&\"tag\"", Category.FATAL),
                Evaluation.fail("odd"), 1, 10);
        List<ReportRow> rows = List.of(odd, ReportRows.passed(task, 1, 1, 12));

        // when
        String page = HtmlReport.render("Q&A <suite> \"1\"", Summary.of(rows), rows);

        // then
        assertThat(page).doesNotContain("<suite>").doesNotContain("t<1>").doesNotContain("Odd<b>")
                .doesNotContain("\"tag\"").doesNotContain("\"x\"")
                .contains("<title>Q&amp;A &lt;suite&gt; &quot;1&quot; - Terminus report</title>")
                .contains("<h1>Q&amp;A &lt;suite&gt; &quot;1&quot;</h1>")
                .contains("<tr><td>t&lt;1&gt;&amp;&quot;x&quot;&#39;</td>");
        String tag = "Odd&lt;b&gt;&amp;&quot;tag&quot;";
        assertThat(bars(figure(page, "Terminations by case"))).containsEntry(tag, 1L);
        assertThat(page).contains("title=\"repeat 0: SUCCESS, " + tag + "\"");
        assertThat(count(page, tag)).as("the bar's label and title, the cell's title").isEqualTo(3);
    }

    @Test
    void thePageHasTheHeadlineAndEveryChartWithTheSummarysCounts() {
        // given
        List<ReportRow> rows = mixed();

        // when
        String page = render(rows);

        // then
        assertThat(page).contains("<div class=\"label\">Pass rate</div><div class=\"value\">66.7%</div>"
                + "<div class=\"detail\">4 of 6 evaluated</div>")
                .contains("<div class=\"value\">14</div><div class=\"detail\">7 tasks, 2 excluded, 6 not evaluated");
        assertThat(bars(figure(page, "Terminations by case"))).containsExactly(Map.entry("NaturalCompletion", 6L),
                Map.entry("Cancelled", 2L), Map.entry("Failed", 2L), Map.entry("MaxIterationsReached", 2L),
                Map.entry("ProviderAuthFailed", 2L));
        assertThat(bars(figure(page, "Terminations by category"))).containsExactly(Map.entry("SUCCESS", 6L),
                Map.entry("RETRYABLE", 2L), Map.entry("CAPACITY", 2L), Map.entry("FATAL", 2L),
                Map.entry("INTERRUPTED", 2L), Map.entry("SUSPENDED", 0L));
        Map<String, Long> statuses = bars(figure(page, "Runs by status"));
        assertThat(statuses).hasSize(8).containsEntry("SUCCESS", 8L).containsEntry("AGENT_ERROR", 4L)
                .containsEntry("TASK_TIMEOUT", 2L).containsEntry("SETUP_FAILED", 0L);
        assertThat(sum(statuses)).isEqualTo(rows.size());
        assertThat(bars(figure(page, "Iterations per run"))).containsExactly(Map.entry("1", 10L), Map.entry("2", 2L),
                Map.entry("3", 2L));
        assertThat(bars(figure(page, "Duration per run"))).hasSize(20);
        assertThat(page.indexOf("Terminations by case")).isLessThan(page.indexOf("Terminations by category"));
        assertThat(page.indexOf("Runs by status")).isLessThan(page.indexOf("Iterations per run"));
        assertThat(page.indexOf("Duration per run")).isLessThan(page.indexOf("<h2>Status by task</h2>"));
    }

    @Test
    void theHistogramsBucketsAddUpToTheRowCount() {
        // given: a spread of iterations and durations, one run far longer than the others
        Random random = new Random(42);
        List<ReportRow> rows = new ArrayList<>();
        for (int i = 0; i < 997; i++) {
            rows.add(ReportRows.passed("task-" + i % 250, i / 250, 1 + random.nextInt(12), random.nextInt(3_000)));
        }
        rows.add(ReportRows.timedOut("slow", 0, 120_000));
        rows.add(ReportRows.setupFailed("broken", 0));
        rows.add(ReportRows.excluded("capped", 0, 12, 0));

        // when
        String page = render(rows);

        // then
        Map<String, Long> iterations = bars(figure(page, "Iterations per run"));
        assertThat(iterations).hasSize(13).containsKeys("0", "12");
        assertThat(iterations.get("0")).as("the setup failure never ran").isEqualTo(1);
        assertThat(sum(iterations)).isEqualTo(rows.size());
        Map<String, Long> durations = bars(figure(page, "Duration per run"));
        assertThat(durations).hasSize(20);
        assertThat(sum(durations)).isEqualTo(rows.size());
        assertThat(durations.values()).last().as("the slowest run is in the last bucket").isEqualTo(1L);
        assertThat(durations.keySet()).first().isEqualTo("0 ms");
    }

    @Test
    void iterationsBeyondSixtyBucketsGatherInTheLastOneAndStillAddUp() {
        // given
        List<ReportRow> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            rows.add(ReportRows.passed("t" + i, 0, 5 + i, 10));
        }

        // when
        String page = render(rows);

        // then
        Map<String, Long> iterations = bars(figure(page, "Iterations per run"));
        assertThat(iterations).hasSize(60);
        assertThat(iterations.keySet()).first().isEqualTo("5");
        assertThat(iterations).containsEntry("63", 1L).containsEntry("64+", 300L - 59);
        assertThat(sum(iterations)).isEqualTo(300);
    }

    @Test
    void theTaskGridStopsAtItsLimitAndSaysHowManyMoreThereAre() {
        // given
        int extra = 37;
        List<ReportRow> rows = new ArrayList<>();
        for (int i = 0; i < HtmlReport.TASK_GRID_LIMIT + extra; i++) {
            rows.add(ReportRows.passed("task-" + i, 0, 1, 10));
        }

        // when
        String page = render(rows);

        // then
        assertThat(count(page, "<tr><td>")).isEqualTo(HtmlReport.TASK_GRID_LIMIT);
        assertThat(page).contains("<tr><td>task-" + (HtmlReport.TASK_GRID_LIMIT - 1) + "</td>")
                .doesNotContain("<tr><td>task-" + HtmlReport.TASK_GRID_LIMIT + "</td>")
                .contains("<p class=\"note\">" + extra + " more tasks are not shown; the charts above count every"
                        + " run.</p>");
        assertThat(bars(figure(page, "Runs by status"))).containsEntry("SUCCESS",
                (long) HtmlReport.TASK_GRID_LIMIT + extra);
    }

    @Test
    void aGridOfExactlyTheLimitHasNoNote() {
        // given
        List<ReportRow> rows = new ArrayList<>();
        for (int i = 0; i < HtmlReport.TASK_GRID_LIMIT; i++) {
            rows.add(ReportRows.passed("task-" + i, 0, 1, 10));
        }

        // when
        String page = render(rows);

        // then
        assertThat(count(page, "<tr><td>")).isEqualTo(HtmlReport.TASK_GRID_LIMIT);
        assertThat(page).doesNotContain("more tasks are not shown");
    }

    @Test
    void anEmptyRowListRendersEveryChartWithZeroes() {
        // when
        String page = render(List.of());

        // then
        assertThat(page).contains("<h1>suite</h1>").contains("<div class=\"value\">0.0%</div>")
                .contains("0 of 0 evaluated").contains("<h2>Status by task</h2>").doesNotContain("<tr><td>")
                .doesNotContain("more tasks").endsWith("</body></html>\n");
        assertThat(bars(figure(page, "Terminations by case"))).isEmpty();
        assertThat(sum(bars(figure(page, "Terminations by category")))).isZero();
        assertThat(sum(bars(figure(page, "Runs by status")))).isZero();
        assertThat(bars(figure(page, "Iterations per run"))).containsExactly(Map.entry("0", 0L));
        assertThat(bars(figure(page, "Duration per run"))).hasSize(20).allSatisfy((label, n) -> assertThat(n).isZero());
    }
}
