package dev.terminus.checkpoint.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {

    @TempDir
    Path dir;

    @Test
    void writesTheBytesCreatingMissingParentDirectories() throws IOException {
        // given
        Path target = dir.resolve("a/b/report.html");

        // when
        AtomicFile.replace(target, "report", bytes("<html>"));

        // then
        assertThat(target).hasContent("<html>");
    }

    @Test
    void replacesAnExistingFileWholeAndLeavesNoTemporaryFile() throws IOException {
        // given
        Path target = dir.resolve("state.json");
        Files.writeString(target, "old content that is longer than the new one");

        // when
        AtomicFile.replace(target, "state", bytes("new"));

        // then
        assertThat(target).hasContent("new");
        assertThat(namesIn(dir)).containsExactly("state.json");
    }

    @Test
    void aWriteThatCannotReplaceItsTargetFailsLeavingTheTargetAndNoTemporaryFile() throws IOException {
        // given: the target is a directory that is not empty, which no rename may replace
        Path target = dir.resolve("busy");
        Files.createDirectories(target.resolve("inside"));

        // when / then
        assertThatThrownBy(() -> AtomicFile.replace(target, "busy", bytes("x"))).isInstanceOf(IOException.class);
        assertThat(target.resolve("inside")).isDirectory();
        assertThat(namesIn(dir)).containsExactly("busy");
    }

    @Test
    void aMissingTargetIsRefusedNamingTheParameter() {
        assertThatThrownBy(() -> AtomicFile.replace(null, "x", bytes("x")))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("target");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static Stream<String> namesIn(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }
}
