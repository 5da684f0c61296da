package dev.terminus.cli.report;

import dev.terminus.Category;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Status;

/** The report page's colours and CSS. */
final class Style {
    static final String TERMINATION = "#4c78a8";
    static final String ITERATIONS = "#72b7b2";
    static final String DURATION = "#b279a2";

    static final String CSS = """
            body{font:14px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px;color:#222;background:#fafafa}
            h1{font-size:22px;margin:0 0 16px}
            .headline{display:flex;flex-wrap:wrap;gap:12px;margin-bottom:20px}
            .tile{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 14px;min-width:170px}
            .tile .label{color:#666;font-size:12px}.tile .value{font-size:22px;font-weight:600}
            .tile .detail{color:#666;font-size:12px}
            .charts{display:flex;flex-wrap:wrap;gap:16px;margin-bottom:24px}
            figure{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 12px;margin:0}
            figure svg{display:block}
            figcaption{font-weight:600;margin-bottom:6px}
            svg text{font-size:12px;fill:#333}svg text.tick{font-size:10px;fill:#666}
            table.grid{border-collapse:collapse;background:#fff;border:1px solid #ddd}
            table.grid td,table.grid th{padding:2px 6px;border-bottom:1px solid #eee;text-align:left;font-size:12px}
            .cell{display:inline-block;width:14px;height:14px;border-radius:2px;margin-right:2px;vertical-align:middle}
            .legend span{margin-right:14px}.note{color:#666}
            """;

    private Style() {}

    static String category(Category category) {
        return switch (category) {
            case SUCCESS -> "#54a24b";
            case CAPACITY -> "#eeca3b";
            case INTERRUPTED -> "#9d755d";
            case SUSPENDED -> "#72b7b2";
            case RETRYABLE -> "#f58518";
            case FATAL -> "#e45756";
        };
    }

    static String status(Status status) {
        return status == Status.SUCCESS ? "#54a24b" : status == Status.TASK_TIMEOUT ? "#eeca3b" : "#e45756";
    }

    static String verdict(ReportRow.Verdict verdict) {
        return switch (verdict) {
            case PASSED -> "#54a24b";
            case FAILED -> "#e45756";
            case EXCLUDED -> "#bab0ac";
            case NOT_EVALUATED -> "#f58518";
        };
    }
}
