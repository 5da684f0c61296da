package dev.terminus.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The inline SVG charts: bars scaled to the largest, a visible sliver for small counts, thinned tick labels. */
class SvgTest {

    private static List<String> all(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        List<String> found = new ArrayList<>();
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }

    @Test
    void horizontalBarsAreScaledToTheLargestAndANonZeroCountIsNeverInvisible() {
        // given
        StringBuilder html = new StringBuilder();

        // when
        Svg.horizontalBars(html, "Counts", List.of(new Svg.Bar("most", 1000, "#111"), new Svg.Bar("half", 500, "#222"),
                new Svg.Bar("one", 1, "#333"), new Svg.Bar("none", 0, "#444")));

        // then
        String svg = html.toString();
        assertThat(all(svg, "<rect [^>]* width=\"(\\d+)\"")).containsExactly("300", "150", "1", "0");
        assertThat(all(svg, "fill=\"(#\\d+)\"")).containsExactly("#111", "#222", "#333", "#444");
        assertThat(all(svg, "<title>([^<]*)</title>")).containsExactly("most: 1000", "half: 500", "one: 1", "none: 0");
        assertThat(svg).contains("height=\"" + (4 * 22 + 4) + "\"").startsWith("<figure><figcaption>Counts</figcaption>")
                .endsWith("</svg></figure>\n");
    }

    @Test
    void allZeroBarsDrawNothingWithoutDividingByZero() {
        // given
        StringBuilder html = new StringBuilder();

        // when
        Svg.horizontalBars(html, "Zeroes", List.of(new Svg.Bar("a", 0, "#111"), new Svg.Bar("b", 0, "#111")));

        // then
        assertThat(all(html.toString(), "<rect [^>]* width=\"(\\d+)\"")).containsExactly("0", "0");
    }

    @Test
    void aHistogramsBarsAreScaledToItsTallestWhichLabelsTheAxis() {
        // given
        StringBuilder html = new StringBuilder();

        // when
        Svg.histogram(html, "Iterations", List.of("1", "2", "3"), new long[] {40, 10, 0}, "#abc", true);

        // then
        String svg = html.toString();
        assertThat(all(svg, "height=\"(\\d+)\" fill")).containsExactly("160", "40", "0");
        assertThat(all(svg, "<title>([^<]*)</title>")).containsExactly("1: 40", "2: 10", "3: 0");
        assertThat(svg).contains("<text class=\"tick\" x=\"0\" y=\"20\">40</text>");
    }

    @Test
    void aDiscreteHistogramCentresItsLabelsAndAContinuousOneStartsThemAtTheBarsEdge() {
        // given
        StringBuilder discrete = new StringBuilder();
        StringBuilder continuous = new StringBuilder();

        // when
        Svg.histogram(discrete, "d", List.of("1", "2"), new long[] {1, 2}, "#abc", true);
        Svg.histogram(continuous, "c", List.of("0 ms", "10 ms"), new long[] {1, 2}, "#abc", false);

        // then
        assertThat(all(discrete.toString(), "<text class=\"tick\" x=\"(\\d+)\" y=\"186\" text-anchor=\"middle\">"))
                .containsExactly("59", "99");
        assertThat(all(continuous.toString(), "<text class=\"tick\" x=\"(\\d+)\" y=\"186\">")).containsExactly("40", "80");
    }

    @Test
    void aHistogramOfManyBucketsLabelsOnlyEveryFewSoTheLabelsDoNotOverlap() {
        // given: 40 buckets of 12 pixels; a 3-character label needs 26
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            labels.add("b" + i);
        }
        StringBuilder html = new StringBuilder();

        // when
        Svg.histogram(html, "many", labels, new long[40], "#abc", true);

        // then
        assertThat(all(html.toString(), "text-anchor=\"middle\">([^<]*)</text>")).containsExactly("b0", "b3", "b6",
                "b9", "b12", "b15", "b18", "b21", "b24", "b27", "b30", "b33", "b36", "b39");
        assertThat(all(html.toString(), "<title>([^<]*): 0</title>")).hasSize(40);
    }

    @Test
    void theLastBucketWhichGathersTheRestIsAlwaysLabelledInsteadOfANeighbourTooClose() {
        // given: 60 buckets of 8 pixels, labelled every 4th; the last, 59, is 3 buckets from 56
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            labels.add(i == 59 ? "59+" : Integer.toString(i));
        }
        StringBuilder html = new StringBuilder();

        // when
        Svg.histogram(html, "iterations", labels, new long[60], "#abc", true);

        // then
        List<String> shown = all(html.toString(), "text-anchor=\"middle\">([^<]*)</text>");
        assertThat(shown).startsWith("0", "4", "8").endsWith("48", "52", "59+").doesNotContain("56");
    }

    @Test
    void theLabelColumnIsAsWideAsTheLongestLabelAndAVeryLongOneIsShortenedWholeInItsTooltip() {
        // given
        String longKind = "ExtremelyLongApplicationTerminationKindNameThatGoesOnAndOn";
        StringBuilder narrow = new StringBuilder();
        StringBuilder wide = new StringBuilder();
        StringBuilder shortened = new StringBuilder();

        // when
        Svg.horizontalBars(narrow, "n", List.of(new Svg.Bar("FATAL", 1, "#111")));
        Svg.horizontalBars(wide, "w", List.of(new Svg.Bar("UNKNOWN_EXECUTION_ERROR", 1, "#111")));
        Svg.horizontalBars(shortened, "s", List.of(new Svg.Bar(longKind, 1, "#111")));

        // then: the bar starts right of the label column
        int narrowStart = Integer.parseInt(all(narrow.toString(), "<rect x=\"(\\d+)\"").getFirst());
        int wideStart = Integer.parseInt(all(wide.toString(), "<rect x=\"(\\d+)\"").getFirst());
        assertThat(narrowStart).isLessThan(wideStart);
        assertThat(wideStart).isGreaterThanOrEqualTo(8 + Svg.labelPixels("UNKNOWN_EXECUTION_ERROR"));
        assertThat(all(shortened.toString(), "text-anchor=\"end\">([^<]*)</text>")).singleElement().asString()
                .hasSize(36).endsWith("\u2026");
        assertThat(all(shortened.toString(), "<title>([^<]*)</title>")).containsExactly(longKind + ": 1");
    }
}
