package dev.terminus.cli.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link FilePaths#sameFile}: the one answer to "would writing one of these replace the other". */
class FilePathsTest {

    @TempDir
    Path dir;

    @Test
    void aPathThatDoesNotExistYetIsTheSameFileAsItselfSpelledAnotherWay() {
        // given
        Path plain = dir.resolve("report.jsonl");
        Path roundabout = dir.resolve("out/../././report.jsonl");

        // when / then
        assertThat(Files.exists(plain)).isFalse();
        assertThat(FilePaths.sameFile(plain, roundabout)).isTrue();
        assertThat(FilePaths.sameFile(plain, dir.resolve("report.html"))).isFalse();
    }

    @Test
    void anExistingFileReachedThroughALinkIsTheSameFile() throws IOException {
        // given
        Path report = Files.writeString(dir.resolve("report.jsonl"), "{}\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.jsonl"), report);

        // when / then
        assertThat(FilePaths.sameFile(link, report)).isTrue();
        assertThat(FilePaths.sameFile(report, link)).isTrue();
    }

    @Test
    void twoExistingFilesOrAnExistingAndAMissingOneAreNot() throws IOException {
        // given
        Path report = Files.writeString(dir.resolve("report.jsonl"), "{}\n");
        Path other = Files.writeString(dir.resolve("other.jsonl"), "{}\n");

        // when / then
        assertThat(FilePaths.sameFile(report, other)).isFalse();
        assertThat(FilePaths.sameFile(report, dir.resolve("missing.jsonl"))).isFalse();
        assertThat(FilePaths.sameFile(dir.resolve("missing.jsonl"), report)).isFalse();
    }
}
