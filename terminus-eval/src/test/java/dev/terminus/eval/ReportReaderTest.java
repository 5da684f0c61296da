package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportReaderTest {

    private static final String FIRST = ReportJson.ofDefaults().write(Fixtures.evaluated("t1", 0, true, 3));
    private static final String SECOND = ReportJson.ofDefaults().write(Fixtures.evaluated("t2", 0, false, 4));

    @TempDir
    Path dir;

    @Test
    void rowsAreReadInFileOrderSkippingBlankLines() throws IOException {
        // given
        Path file = dir.resolve("r.jsonl");
        Files.writeString(file, FIRST + "\n\n" + SECOND + "\n");

        // when / then
        assertThat(ReportReader.read(file)).containsExactly(Fixtures.evaluated("t1", 0, true, 3),
                Fixtures.evaluated("t2", 0, false, 4));
    }

    @Test
    void aLastLineCutShortByACrashIsSkipped() throws IOException {
        // given
        Path file = dir.resolve("r.jsonl");
        Files.writeString(file, FIRST + "\n" + SECOND.substring(0, 30));

        // when / then
        assertThat(ReportReader.read(file)).containsExactly(Fixtures.evaluated("t1", 0, true, 3));
    }

    @Test
    void theLengthOfATornLastLineIsToldAndAWholeLastLineIsNotTorn() throws IOException {
        // given
        Path torn = Files.writeString(dir.resolve("torn.jsonl"), FIRST + "\n" + SECOND.substring(0, 30));
        Path whole = Files.writeString(dir.resolve("whole.jsonl"), FIRST + "\n" + SECOND);
        Path ended = Files.writeString(dir.resolve("ended.jsonl"), FIRST + "\n");

        // when / then
        assertThat(ReportReader.tornLastLineBytes(torn, ReportJson.ofDefaults())).isEqualTo(30);
        assertThat(ReportReader.tornLastLineBytes(whole, ReportJson.ofDefaults())).isZero();
        assertThat(ReportReader.tornLastLineBytes(ended, ReportJson.ofDefaults())).isZero();
    }

    @Test
    void aWholeLastLineWithoutLineBreakIsRead() throws IOException {
        // given
        Path file = dir.resolve("r.jsonl");
        Files.writeString(file, FIRST + "\n" + SECOND);

        // when / then
        assertThat(ReportReader.read(file)).hasSize(2);
    }

    @Test
    void aBrokenLineInTheMiddleIsAnErrorNamingTheFileAndLine() throws IOException {
        // given
        Path file = dir.resolve("r.jsonl");
        Files.writeString(file, FIRST + "\n{\"task\":\n" + SECOND + "\n");

        // when / then
        assertThatThrownBy(() -> ReportReader.read(file)).isInstanceOf(IOException.class)
                .hasMessageStartingWith(file + " line 2: ");
    }

    @Test
    void aBrokenLastLineEndingWithALineBreakIsAnError() throws IOException {
        // given
        Path file = dir.resolve("r.jsonl");
        Files.writeString(file, FIRST + "\nnot json\n");

        // when / then
        assertThatThrownBy(() -> ReportReader.read(file)).hasMessageStartingWith(file + " line 2: ");
    }

    @Test
    void anEmptyFileHasNoRows() throws IOException {
        // given
        Path file = dir.resolve("r.jsonl");
        Files.writeString(file, "");

        // when / then
        assertThat(ReportReader.read(file)).isEmpty();
    }
}
