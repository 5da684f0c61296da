package dev.terminus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The bounded end of a stdio server's standard error: its last lines, short, and each one line of text. */
class StderrTailTest {

    @Test
    void keepsTheLast20LinesOldestFirst() {
        // given
        StderrTail tail = new StderrTail();

        // when
        IntStream.rangeClosed(1, 25).forEach(i -> tail.add("line " + i));

        // then
        assertThat(tail.lines()).hasSize(StderrTail.LINES).startsWith("line 6").endsWith("line 25");
    }

    @Test
    void shortensALongLineAndMarksTheCut() {
        // given
        StderrTail tail = new StderrTail();

        // when
        tail.add("x".repeat(10_000));

        // then
        assertThat(tail.lines()).singleElement()
                .isEqualTo("x".repeat(StderrTail.LINE_CHARACTERS) + "...");
    }

    @Test
    void replacesControlCharactersAndLeavesOutBlankLines() {
        // given
        StderrTail tail = new StderrTail();

        // when
        tail.add("\u001b[31mError:\tno key\u001b[0m");
        tail.add("   ");
        tail.add("");

        // then
        assertThat(tail.lines()).containsExactly("[31mError: no key [0m");
    }
}
