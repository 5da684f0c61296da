package dev.terminus.cli.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.cli.report.ReportRows;
import dev.terminus.eval.Progress;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Summary;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress line: a 30-character bar, the counts and the ETA, redrawn in place, finished with a line break. */
class ProgressBarTest {
    private static final ReportRow ROW = ReportRows.passed("t", 0, 1, 1);

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    /** The bar's clock, in nanoseconds: it moves only when a test moves it. */
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final ProgressBar bar = new ProgressBar(new PrintStream(bytes, true, StandardCharsets.UTF_8), nanos::get);

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theLineShowsTheFractionDoneTheCountsAndTheEtaAtThePaceSoFar() {
        // given: 4 of 10 finished in 8 s, so 6 more take 12 s
        Progress progress = new Progress(10, 5, 4, 2, 1, 0, 1, Duration.ofSeconds(8));

        // when
        String line = ProgressBar.line(progress);

        // then
        assertThat(line).isEqualTo("[############..................] 4/10  passed 2  failed 1  excluded 0  errors 1  ETA 12s");
    }

    @Test
    void beforeTheFirstRunFinishesTheBarIsEmptyAndTheEtaUnknown() {
        // when
        String line = ProgressBar.line(new Progress(400, 8, 0, 0, 0, 0, 0, Duration.ofMillis(300)));

        // then
        assertThat(line).isEqualTo("[" + ".".repeat(30) + "] 0/400  passed 0  failed 0  excluded 0  errors 0  ETA -");
    }

    @Test
    void aBenchmarkWithNothingToRunIsAFullBar() {
        // when
        String line = ProgressBar.line(new Progress(0, 0, 0, 0, 0, 0, 0, Duration.ZERO));

        // then
        assertThat(line).startsWith("[" + "#".repeat(30) + "] 0/0 ");
    }

    @Test
    void excludedRunsAreCountedSoTheFourCountsAddUpToTheRunsFinished() {
        // when
        String line = ProgressBar.line(new Progress(3, 3, 3, 1, 0, 2, 0, Duration.ofSeconds(3)));

        // then
        assertThat(line).isEqualTo("[" + "#".repeat(30) + "] 3/3  passed 1  failed 0  excluded 2  errors 0  ETA 0s");
    }

    @Test
    void theLineIsRedrawnInPlaceAtMostEvery100MillisecondsButAlwaysForTheLastRun() {
        // when: three runs finish within 99 ms, the third the last
        bar.taskFinished(new Progress(3, 3, 1, 1, 0, 0, 0, Duration.ofMillis(10)), ROW);
        nanos.addAndGet(50_000_000L);
        bar.taskFinished(new Progress(3, 3, 2, 2, 0, 0, 0, Duration.ofMillis(60)), ROW);
        nanos.addAndGet(49_000_000L);
        bar.taskFinished(new Progress(3, 3, 3, 2, 1, 0, 0, Duration.ofMillis(109)), ROW);

        // then: the second came too soon after the first
        assertThat(printed()).startsWith("\r[##########....................] 1/3  passed 1")
                .doesNotContain("2/3").contains("\r[" + "#".repeat(30) + "] 3/3  passed 2  failed 1")
                .doesNotContain("\n");
    }

    @Test
    void aRunFinishing100MillisecondsAfterTheLastDrawIsDrawn() {
        // given: drawn at 0 ms, then skipped at 60 ms
        bar.taskFinished(new Progress(10, 8, 1, 1, 0, 0, 0, Duration.ofMillis(10)), ROW);
        nanos.addAndGet(60_000_000L);
        bar.taskFinished(new Progress(10, 8, 2, 2, 0, 0, 0, Duration.ofMillis(70)), ROW);

        // when: 100 ms after the draw
        nanos.addAndGet(40_000_000L);
        bar.taskFinished(new Progress(10, 8, 3, 3, 0, 0, 0, Duration.ofMillis(110)), ROW);

        // then
        assertThat(printed().split("\r", -1)).hasSize(3);
        assertThat(printed()).doesNotContain("2/10").endsWith(ProgressBar.line(
                new Progress(10, 8, 3, 3, 0, 0, 0, Duration.ofMillis(110))));
    }

    @Test
    void aShorterLineIsPaddedWithSpacesSoNothingOfTheLongerLineBeforeItIsLeft() {
        // given: a line ending "ETA 1000s", then the last run's (always drawn), one character shorter
        Progress before = new Progress(10, 10, 9, 9, 0, 0, 0, Duration.ofSeconds(9_000));
        Progress last = new Progress(10, 10, 10, 10, 0, 0, 0, Duration.ofSeconds(9_001));
        bar.taskFinished(before, ROW);

        // when
        bar.taskFinished(last, ROW);

        // then: after the second carriage return a terminal shows the new line and a space over the old "s"
        String[] draws = printed().split("\r", -1);
        assertThat(draws).hasSize(3);
        assertThat(draws[1]).isEqualTo(ProgressBar.line(before)).endsWith("ETA 1000s");
        assertThat(draws[2]).isEqualTo(ProgressBar.line(last) + " ").hasSameSizeAs(draws[1]);
    }

    @Test
    void theFinishedBenchmarksLineIsPaddedToo() {
        // given: a long line drawn first
        Progress longer = new Progress(1000, 1000, 10, 10, 0, 0, 0, Duration.ofSeconds(100));
        Progress finished = new Progress(2, 2, 2, 2, 0, 0, 0, Duration.ofSeconds(1));
        bar.taskFinished(longer, ROW);

        // when
        bar.benchmarkFinished(finished, Summary.of(List.of(ROW)));

        // then
        String[] draws = printed().split("\r", -1);
        String padding = " ".repeat(ProgressBar.line(longer).length() - ProgressBar.line(finished).length());
        assertThat(padding).isNotEmpty();
        assertThat(draws[2]).isEqualTo(ProgressBar.line(finished) + padding + System.lineSeparator());
    }

    @Test
    void theFinishedBenchmarkEndsTheLineWithALineBreak() {
        // when
        bar.benchmarkFinished(new Progress(2, 2, 2, 1, 1, 0, 0, Duration.ofSeconds(1)), Summary.of(List.of(ROW)));

        // then
        assertThat(printed()).isEqualTo("\r[" + "#".repeat(30) + "] 2/2  passed 1  failed 1  excluded 0  errors 0  ETA 0s"
                + System.lineSeparator());
    }
}
