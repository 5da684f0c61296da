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
    void theNextWriteRemovesTheTemporaryFilesOfProcessesThatAreGoneAndKeepsOthers() throws Exception {
        // given: leftovers of a process that has ended, of this process, of a live process, and files not of this
        // naming
        Process ended = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "-version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        ended.waitFor();
        long self = ProcessHandle.current().pid();
        long live = ProcessHandle.current().parent().orElseThrow().pid();
        Files.writeString(dir.resolve(".gate-1~" + ended.pid() + "~0123456789abcdef.tmp"), "half a wri");
        Files.writeString(dir.resolve(".gate-2~" + self + "~fedcba9876543210.tmp"), "half");
        Files.writeString(dir.resolve(".gate-3~" + live + "~00000000000000ff.tmp"), "in flight");
        Files.writeString(dir.resolve(".gate-4~99999999999999999999~00000000000000ff.tmp"), "no such process");
        Files.writeString(dir.resolve(".gate-518446744073709551615.tmp"), "another naming");
        Files.writeString(dir.resolve("notes.tmp"), "not hidden");

        // when
        AtomicFile.replace(dir.resolve("gate-1.json"), "gate-1", bytes("{}"));

        // then
        assertThat(namesIn(dir)).containsExactly(".gate-3~" + live + "~00000000000000ff.tmp",
                ".gate-518446744073709551615.tmp", "gate-1.json", "notes.tmp");
    }

    @Test
    void removingLeftoversOfAMissingDirectoryRemovesNothing() throws IOException {
        assertThat(AtomicFile.removeLeftovers(dir.resolve("missing"))).isZero();
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
