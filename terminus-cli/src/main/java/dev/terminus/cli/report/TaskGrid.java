package dev.terminus.cli.report;

import dev.terminus.eval.ReportRow;
import java.util.List;
import java.util.Map;

/**
 * The per-task table of the report page: one coloured cell per repeat (passed, failed, excluded, not evaluated), and
 * the last repeat's termination with the agent that ended its run and, for a pipeline's run, the stage that stopped
 * it.
 */
final class TaskGrid {
    private TaskGrid() {}

    static void render(StringBuilder html, List<ReportRow> rows, int limit) {
        Map<String, List<ReportRow>> tasks = HtmlReport.byTask(rows);
        html.append("<h2>Status by task</h2>\n<p class=\"legend\">");
        for (ReportRow.Verdict verdict : ReportRow.Verdict.values()) {
            html.append("<span><i class=\"cell\" style=\"background:").append(Style.verdict(verdict))
                    .append("\"></i>").append(verdict.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '))
                    .append("</span>");
        }
        html.append("</p>\n<table class=\"grid\"><tr><th>Task</th><th>Repeats</th><th>Last termination</th></tr>\n");
        int shown = 0;
        for (Map.Entry<String, List<ReportRow>> task : tasks.entrySet()) {
            if (shown++ == limit) {
                break;
            }
            html.append("<tr><td>").append(Html.escape(task.getKey())).append("</td><td>");
            ReportRow last = null;
            for (ReportRow row : task.getValue()) {
                html.append("<i class=\"cell\" style=\"background:").append(Style.verdict(row.verdict()))
                        .append("\" title=\"repeat ").append(row.repeat()).append(": ").append(row.status());
                if (row.termination() != null) {
                    html.append(", ").append(Html.escape(Reports.caseName(row.termination())));
                }
                if (row.agent() != null) {
                    html.append(", ended by ").append(Html.escape(row.agent()));
                }
                if (row.stoppedByStage() != null) {
                    html.append(", stopped by stage ").append(Html.escape(row.stoppedByStage()));
                }
                html.append("\"></i>");
                last = row;
            }
            html.append("</td><td>").append(last == null || last.termination() == null ? "-"
                    : Html.escape(Reports.caseName(last.termination())) + endedBy(last))
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
        if (tasks.size() > limit) {
            html.append("<p class=\"note\">").append(tasks.size() - limit).append(" more tasks are not shown; the"
                    + " charts above count every run.</p>\n");
        }
    }

    /** @return " (agent, stage name)" with what the row names of the two, or nothing */
    private static String endedBy(ReportRow row) {
        String agent = row.agent() == null ? null : Html.escape(row.agent());
        String stage = row.stoppedByStage() == null ? null : "stage " + Html.escape(row.stoppedByStage());
        if (agent == null && stage == null) {
            return "";
        }
        return " (" + (agent == null ? stage : stage == null ? agent : agent + ", " + stage) + ")";
    }
}
