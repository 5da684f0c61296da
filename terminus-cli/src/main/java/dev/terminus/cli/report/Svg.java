package dev.terminus.cli.report;

import java.util.List;

/** Inline SVG bar charts for the HTML report: no script, no external resource, so the page works offline. */
final class Svg {
    private static final int LABEL_WIDTH = 230;
    private static final int BAR_WIDTH = 420;
    private static final int ROW_HEIGHT = 22;

    /** One bar: a label, a count and its colour. */
    record Bar(String label, long value, String colour) {}

    private Svg() {}

    /** Horizontal bars, one per row, scaled to the largest value, each with its count. */
    static void horizontalBars(StringBuilder html, String title, List<Bar> bars) {
        long max = 1;
        for (Bar bar : bars) {
            max = Math.max(max, bar.value());
        }
        int height = Math.max(1, bars.size()) * ROW_HEIGHT + 8;
        html.append("<figure><figcaption>").append(Html.escape(title)).append("</figcaption>")
                .append("<svg role=\"img\" aria-label=\"").append(Html.escape(title)).append("\" width=\"")
                .append(LABEL_WIDTH + BAR_WIDTH + 80).append("\" height=\"").append(height)
                .append("\" xmlns=\"http://www.w3.org/2000/svg\">");
        int y = 4;
        for (Bar bar : bars) {
            long width = Math.round((double) bar.value() / max * BAR_WIDTH);
            html.append("<text x=\"").append(LABEL_WIDTH - 8).append("\" y=\"").append(y + 15)
                    .append("\" text-anchor=\"end\">").append(Html.escape(bar.label())).append("</text>")
                    .append("<rect x=\"").append(LABEL_WIDTH).append("\" y=\"").append(y + 2).append("\" width=\"")
                    .append(Math.max(width, bar.value() > 0 ? 1 : 0)).append("\" height=\"").append(ROW_HEIGHT - 6)
                    .append("\" fill=\"").append(bar.colour()).append("\"><title>").append(Html.escape(bar.label()))
                    .append(": ").append(bar.value()).append("</title></rect>")
                    .append("<text x=\"").append(LABEL_WIDTH + width + 6).append("\" y=\"").append(y + 15)
                    .append("\">").append(bar.value()).append("</text>");
            y += ROW_HEIGHT;
        }
        html.append("</svg></figure>\n");
    }

    /**
     * A histogram: vertical bars over labelled buckets. A discrete histogram (a bucket per value) centres each label
     * under its bar; a continuous one puts it at the bar's left edge, where its range starts.
     */
    static void histogram(StringBuilder html, String title, List<String> buckets, long[] counts, String colour,
            boolean discrete) {
        long max = 1;
        for (long count : counts) {
            max = Math.max(max, count);
        }
        int barWidth = Math.max(8, Math.min(40, 640 / Math.max(1, counts.length)));
        int chartHeight = 160;
        int width = counts.length * barWidth + 60;
        html.append("<figure><figcaption>").append(Html.escape(title)).append("</figcaption>")
                .append("<svg role=\"img\" aria-label=\"").append(Html.escape(title)).append("\" width=\"")
                .append(width).append("\" height=\"").append(chartHeight + 60)
                .append("\" xmlns=\"http://www.w3.org/2000/svg\">");
        for (int i = 0; i < counts.length; i++) {
            long h = Math.round((double) counts[i] / max * chartHeight);
            int x = 40 + i * barWidth;
            html.append("<rect x=\"").append(x).append("\" y=\"").append(chartHeight - h + 10).append("\" width=\"")
                    .append(barWidth - 2).append("\" height=\"").append(h).append("\" fill=\"").append(colour)
                    .append("\"><title>").append(Html.escape(buckets.get(i))).append(": ").append(counts[i])
                    .append("</title></rect>");
            if (counts.length <= 16 || i % Math.max(1, counts.length / 8) == 0) {
                html.append("<text class=\"tick\" x=\"").append(discrete ? x + (barWidth - 2) / 2 : x)
                        .append("\" y=\"").append(chartHeight + 26)
                        .append(discrete ? "\" text-anchor=\"middle\">" : "\">").append(Html.escape(buckets.get(i))).append("</text>");
            }
        }
        html.append("<text class=\"tick\" x=\"0\" y=\"20\">").append(max).append("</text>")
                .append("<text class=\"tick\" x=\"0\" y=\"").append(chartHeight + 10).append("\">0</text>")
                .append("</svg></figure>\n");
    }
}
