package dev.terminus.cli.report;

import java.util.List;
import java.util.Locale;

/**
 * Inline SVG bar charts for the HTML report: no script, no external resource, so the page works offline. Sizes are
 * chosen so two charts sit side by side on a 1280-pixel screen: the label column of horizontal bars is as wide as
 * its longest label (a very long one is shortened, whole in its tooltip), and a histogram's plot is at most 480
 * pixels wide whatever its number of buckets, its axis labels thinned so they never overlap.
 */
final class Svg {
    static final int BAR_WIDTH = 300;
    private static final int ROW_HEIGHT = 22;
    private static final int LABEL_CHARS = 36;
    /** The same for the 10-pixel tick labels. */
    private static final int TICK_CHAR_PX = 6;
    private static final int PLOT_WIDTH = 480;
    /** Where a histogram's plot starts, right of its axis labels: at least this far. */
    private static final int PLOT_LEFT = 40;
    private static final int CHART_HEIGHT = 160;

    /** One bar: a label, a count and its colour. */
    record Bar(String label, long value, String colour) {}

    private Svg() {}

    /** @return the count with grouped thousands, as shown beside a bar or on an axis */
    static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** Horizontal bars, one per row, scaled to the largest value, each with its count. */
    static void horizontalBars(StringBuilder html, String title, List<Bar> bars) {
        long max = 1;
        int widest = 40;
        for (Bar bar : bars) {
            max = Math.max(max, bar.value());
            widest = Math.max(widest, labelPixels(shortened(bar.label())));
        }
        int labelWidth = 8 + widest;
        int height = Math.max(1, bars.size()) * ROW_HEIGHT + 4;
        html.append("<figure><figcaption>").append(Html.escape(title)).append("</figcaption>")
                .append("<svg role=\"img\" aria-label=\"").append(Html.escape(title)).append("\" width=\"")
                .append(labelWidth + BAR_WIDTH + 8 + 8 * count(max).length()).append("\" height=\"").append(height)
                .append("\" xmlns=\"http://www.w3.org/2000/svg\">");
        int y = 2;
        for (Bar bar : bars) {
            long width = Math.round((double) bar.value() / max * BAR_WIDTH);
            html.append("<text x=\"").append(labelWidth - 8).append("\" y=\"").append(y + 15)
                    .append("\" text-anchor=\"end\">").append(Html.escape(shortened(bar.label()))).append("</text>")
                    .append("<rect x=\"").append(labelWidth).append("\" y=\"").append(y + 2).append("\" width=\"")
                    .append(Math.max(width, bar.value() > 0 ? 1 : 0)).append("\" height=\"").append(ROW_HEIGHT - 6)
                    .append("\" fill=\"").append(bar.colour()).append("\"><title>").append(Html.escape(bar.label()))
                    .append(": ").append(bar.value()).append("</title></rect>")
                    .append("<text x=\"").append(labelWidth + width + 6).append("\" y=\"").append(y + 15)
                    .append("\">").append(count(bar.value())).append("</text>");
            y += ROW_HEIGHT;
        }
        html.append("</svg></figure>\n");
    }

    /**
     * A generous estimate of a 12-pixel label's width in common sans-serif fonts: capitals, digits and underscores
     * (status names such as {@code UNKNOWN_EXECUTION_ERROR}) are the widest.
     */
    static int labelPixels(String label) {
        int px = 0;
        for (int i = 0; i < label.length(); i++) {
            char c = label.charAt(i);
            px += Character.isUpperCase(c) || c == '_' || c == 'm' || c == 'w' ? 9 : Character.isDigit(c) ? 8 : 7;
        }
        return px;
    }

    private static String shortened(String label) {
        return label.length() <= LABEL_CHARS ? label : label.substring(0, LABEL_CHARS - 1) + "\u2026";
    }

    /**
     * A histogram: vertical bars over labelled buckets, on a baseline. A discrete histogram (a bucket per value)
     * centres each label under its bar; a continuous one puts it at the bar's left edge, where its range starts. Only
     * every few buckets are labelled when their labels would not fit side by side; the last bucket (the one that
     * gathers the rest) is always labelled, its labelled neighbour dropped when the two would overlap.
     */
    static void histogram(StringBuilder html, String title, List<String> buckets, long[] counts, String colour,
            boolean discrete) {
        long max = 1;
        int longest = 1;
        for (int i = 0; i < counts.length; i++) {
            max = Math.max(max, counts[i]);
            longest = Math.max(longest, buckets.get(i).length());
        }
        int left = Math.max(PLOT_LEFT, count(max).length() * TICK_CHAR_PX + 8);
        int barWidth = Math.max(8, Math.min(40, PLOT_WIDTH / Math.max(1, counts.length)));
        int labelSpace = longest * TICK_CHAR_PX + 8;
        int every = Math.max(1, (labelSpace + barWidth - 1) / barWidth);
        int base = CHART_HEIGHT + 10;
        int width = left + counts.length * barWidth + (discrete ? 10 : labelSpace);
        html.append("<figure><figcaption>").append(Html.escape(title)).append("</figcaption>")
                .append("<svg role=\"img\" aria-label=\"").append(Html.escape(title)).append("\" width=\"")
                .append(width).append("\" height=\"").append(CHART_HEIGHT + 34)
                .append("\" xmlns=\"http://www.w3.org/2000/svg\">");
        int last = counts.length - 1;
        int before = (counts.length - 1) / every * every;
        boolean[] labelled = new boolean[counts.length];
        for (int i = 0; i < counts.length; i += every) {
            labelled[i] = true;
        }
        if (!labelled[last]) { // the last bucket gathers the rest: label it, if need be instead of its neighbour
            labelled[last] = true;
            labelled[before] = before == 0 || (last - before) * barWidth >= labelSpace;
        }
        for (int i = 0; i < counts.length; i++) {
            long h = Math.round((double) counts[i] / max * CHART_HEIGHT);
            int x = left + i * barWidth;
            html.append("<rect x=\"").append(x).append("\" y=\"").append(base - h).append("\" width=\"")
                    .append(barWidth - 2).append("\" height=\"").append(h).append("\" fill=\"").append(colour)
                    .append("\"><title>").append(Html.escape(buckets.get(i))).append(": ").append(counts[i])
                    .append("</title></rect>");
            if (labelled[i]) {
                html.append("<text class=\"tick\" x=\"").append(discrete ? x + (barWidth - 2) / 2 : x)
                        .append("\" y=\"").append(CHART_HEIGHT + 26)
                        .append(discrete ? "\" text-anchor=\"middle\">" : "\">").append(Html.escape(buckets.get(i)))
                        .append("</text>");
            }
        }
        html.append("<line x1=\"").append(left - 4).append("\" y1=\"").append(base).append("\" x2=\"")
                .append(left + counts.length * barWidth).append("\" y2=\"").append(base)
                .append("\" stroke=\"#999\"/>")
                .append("<text class=\"tick\" x=\"0\" y=\"20\">").append(count(max)).append("</text>")
                .append("<text class=\"tick\" x=\"0\" y=\"").append(base).append("\">0</text>")
                .append("</svg></figure>\n");
    }
}
