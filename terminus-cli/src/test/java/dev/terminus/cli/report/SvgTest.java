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
        assertThat(all(svg, "<rect [^>]* width=\"(\\d+)\"")).containsExactly("420", "210", "1", "0");
        assertThat(all(svg, "fill=\"(#\\d+)\"")).containsExactly("#111", "#222", "#333", "#444");
        assertThat(all(svg, "<title>([^<]*)</title>")).containsExactly("most: 1000", "half: 500", "one: 1", "none: 0");
        assertThat(svg).contains("height=\"" + (4 * 22 + 8) + "\"").startsWith("<figure><figcaption>Counts</figcaption>")
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
        // given
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            labels.add("b" + i);
        }
        StringBuilder html = new StringBuilder();

        // when
        Svg.histogram(html, "many", labels, new long[40], "#abc", true);

        // then
        assertThat(all(html.toString(), "text-anchor=\"middle\">([^<]*)</text>"))
                .containsExactly("b0", "b5", "b10", "b15", "b20", "b25", "b30", "b35");
        assertThat(all(html.toString(), "<title>([^<]*): 0</title>")).hasSize(40);
    }
}
