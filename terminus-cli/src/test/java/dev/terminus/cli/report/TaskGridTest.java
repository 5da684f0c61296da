package dev.terminus.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.eval.ReportRow;
import dev.terminus.eval.ReportRow.Verdict;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The per-task grid: tasks in first-seen order, a cell per repeat in repeat order, the last termination. */
class TaskGridTest {

    private static String render(List<ReportRow> rows, int limit) {
        StringBuilder html = new StringBuilder();
        TaskGrid.render(html, rows, limit);
        return html.toString();
    }

    private static String rowOf(String grid, String task) {
        Matcher matcher = Pattern.compile("<tr><td>" + Pattern.quote(task) + "</td>.*?</tr>").matcher(grid);
        assertThat(matcher.find()).as(task).isTrue();
        return matcher.group();
    }

    @Test
    void eachTasksRepeatsAreCellsInRepeatOrderColouredByVerdictWithTheLastTermination() {
        // given: rows in the order they finished, not in repeat order
        List<ReportRow> rows = List.of(ReportRows.timedOut("b", 1, 400), ReportRows.passed("a", 2, 1, 10),
                ReportRows.passed("b", 0, 1, 10), ReportRows.failed("a", 0, 1, 10), ReportRows.excluded("a", 1, 3, 10));

        // when
        String grid = render(rows, 10);

        // then
        assertThat(grid.indexOf("<tr><td>b</td>")).as("first seen first").isLessThan(grid.indexOf("<tr><td>a</td>"));
        assertThat(rowOf(grid, "a")).isEqualTo("<tr><td>a</td><td>"
                + "<i class=\"cell\" style=\"background:" + Style.verdict(Verdict.FAILED)
                + "\" title=\"repeat 0: SUCCESS, NaturalCompletion\"></i>"
                + "<i class=\"cell\" style=\"background:" + Style.verdict(Verdict.EXCLUDED)
                + "\" title=\"repeat 1: SUCCESS, MaxIterationsReached\"></i>"
                + "<i class=\"cell\" style=\"background:" + Style.verdict(Verdict.PASSED)
                + "\" title=\"repeat 2: SUCCESS, NaturalCompletion\"></i>"
                + "</td><td>NaturalCompletion</td></tr>");
        assertThat(rowOf(grid, "b")).contains("title=\"repeat 0: SUCCESS, NaturalCompletion\"")
                .contains("style=\"background:" + Style.verdict(Verdict.NOT_EVALUATED)
                        + "\" title=\"repeat 1: TASK_TIMEOUT, Cancelled\"")
                .endsWith("<td>Cancelled</td></tr>");
    }

    @Test
    void eachCellAndTheLastTerminationNameTheAgentThatEndedTheRun() {
        // given: a run handed over to another agent, which ended it
        ReportRow handedOver = ReportRows.passed("t", 0, 2, 5).toBuilder().agent("billing").build();

        // when
        String grid = render(List.of(handedOver), 10);

        // then
        assertThat(rowOf(grid, "t")).contains("title=\"repeat 0: SUCCESS, NaturalCompletion, ended by billing\"")
                .endsWith("<td>NaturalCompletion (billing)</td></tr>");
    }

    @Test
    void aPipelinesCellAndLastTerminationNameTheStageThatStoppedIt() {
        // given: a pipeline stopped by its review stage, whose agent ended the run, then one cancelled in a function
        // stage, which ran no agent
        ReportRow stopped = ReportRows.timedOut("t", 0, 400).toBuilder().agent("reviewer").stoppedByStage("review")
                .build();
        ReportRow inFunction = ReportRows.timedOut("t", 1, 400).toBuilder().stoppedByStage("publish").build();

        // when
        String grid = render(List.of(stopped, inFunction), 10);

        // then
        assertThat(rowOf(grid, "t"))
                .contains("title=\"repeat 0: TASK_TIMEOUT, Cancelled, ended by reviewer, stopped by stage review\"")
                .contains("title=\"repeat 1: TASK_TIMEOUT, Cancelled, stopped by stage publish\"")
                .endsWith("<td>Cancelled (stage publish)</td></tr>");
        assertThat(rowOf(render(List.of(stopped), 10), "t"))
                .endsWith("<td>Cancelled (reviewer, stage review)</td></tr>");
    }

    @Test
    void aLastRunWithoutATerminationShowsADash() {
        // when
        String grid = render(List.of(ReportRows.passed("t", 0, 1, 5), ReportRows.setupFailed("t", 1)), 10);

        // then
        assertThat(rowOf(grid, "t")).contains("title=\"repeat 1: SETUP_FAILED\"").endsWith("<td>-</td></tr>");
    }

    @Test
    void theLegendNamesEveryVerdictInItsColour() {
        // when
        String grid = render(List.of(), 10);

        // then
        for (Verdict verdict : Verdict.values()) {
            assertThat(grid).contains("<span><i class=\"cell\" style=\"background:" + Style.verdict(verdict) + "\"></i>"
                    + verdict.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + "</span>");
        }
        assertThat(grid).contains("not evaluated").doesNotContain("<tr><td>");
    }

    @Test
    void beyondTheLimitTheGridSaysHowManyTasksItLeftOut() {
        // given
        List<ReportRow> rows = List.of(ReportRows.passed("a", 0, 1, 1), ReportRows.passed("b", 0, 1, 1),
                ReportRows.passed("c", 0, 1, 1), ReportRows.passed("a", 1, 1, 1));

        // when
        String two = render(rows, 2);
        String three = render(rows, 3);

        // then
        assertThat(two).contains("<tr><td>a</td>", "<tr><td>b</td>").doesNotContain("<tr><td>c</td>")
                .contains("<p class=\"note\">1 more tasks are not shown;");
        assertThat(three).contains("<tr><td>c</td>").doesNotContain("more tasks");
    }
}
