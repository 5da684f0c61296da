package dev.terminus.checkpoint.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.checkpoint.CheckpointFormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GateFilesTest {

    @TempDir
    Path dir;

    @Test
    void savedBytesLoadBackFromTheGatesFile() throws IOException {
        // given
        GateFiles files = GateFiles.in(dir, ".review.json", "review");

        // when
        files.save("gate-7f3a", bytes("{\"ok\": true}"));

        // then
        assertThat(files.pathOf("gate-7f3a")).isEqualTo(dir.resolve("gate-7f3a.review.json"));
        assertThat(dir.resolve("gate-7f3a.review.json")).hasContent("{\"ok\": true}");
        assertThat(files.load("gate-7f3a")).hasValueSatisfying(loaded -> assertThat(loaded)
                .isEqualTo(bytes("{\"ok\": true}")));
    }

    @Test
    void savingAgainReplacesTheWholeFile() throws IOException {
        // given
        GateFiles files = GateFiles.in(dir, ".review.json", "review");
        files.save("gate-1", bytes("a first version that is longer"));

        // when
        files.save("gate-1", bytes("second"));

        // then
        assertThat(files.load("gate-1")).hasValueSatisfying(loaded -> assertThat(loaded).isEqualTo(bytes("second")));
        assertThat(namesIn(dir)).containsExactly("gate-1.review.json");
    }

    @Test
    void aMissingGateLoadsAsEmptyAndAMissingDirectoryHasNothingPending() throws IOException {
        // given
        GateFiles files = GateFiles.in(dir.resolve("not-yet"), ".review.json", "review");

        // when / then
        assertThat(files.load("gate-1")).isEmpty();
        assertThat(files.pending()).isEmpty();
        assertThat(dir.resolve("not-yet")).doesNotExist();
    }

    @Test
    void deletingAMissingGateReturnsFalseAndAnExistingOneTrue() throws IOException {
        // given
        GateFiles files = GateFiles.in(dir, ".review.json", "review");
        files.save("gate-1", bytes("x"));

        // when
        boolean existing = files.delete("gate-1");
        boolean missing = files.delete("gate-1");

        // then
        assertThat(existing).isTrue();
        assertThat(missing).isFalse();
        assertThat(files.pending()).isEmpty();
    }

    @Test
    void pendingListsTheGateIdsSortedAndNeverATemporaryFile() throws IOException {
        // given: saved gates, a temporary file left by a save that died, and files that are not the store's
        GateFiles files = GateFiles.in(dir, ".review.json", "review");
        for (String id : List.of("gate-b", "gate-a", "Gate-Z")) {
            files.save(id, bytes(id));
        }
        Files.writeString(dir.resolve(".gate-c18446744073709551615.tmp"), "half a wri");
        Files.writeString(dir.resolve(".gate-c.review.json"), "hidden");
        Files.writeString(dir.resolve("gate-d.review.json.tmp"), "not ours");
        Files.createDirectories(dir.resolve("folder.review.json"));

        // when
        List<String> pending = files.pending();

        // then
        assertThat(pending).containsExactly("Gate-Z", "gate-a", "gate-b");
    }

    @Test
    void twoSuffixesInOneDirectoryDoNotListEachOthersFiles() throws IOException {
        // given
        GateFiles reviews = GateFiles.in(dir, ".review.json", "review");
        GateFiles audits = GateFiles.in(dir, ".audit.json", "audit");

        // when
        reviews.save("gate-1", bytes("review"));
        audits.save("gate-2", bytes("audit"));

        // then
        assertThat(reviews.pending()).containsExactly("gate-1");
        assertThat(audits.pending()).containsExactly("gate-2");
        assertThat(reviews.load("gate-2")).isEmpty();
        assertThat(audits.delete("gate-1")).isFalse();
        assertThat(namesIn(dir)).containsExactly("gate-1.review.json", "gate-2.audit.json");
    }

    @Test
    void aTypedLoadReadsTheValueOfTheGatesFile() throws IOException {
        // given
        GateFiles files = GateFiles.in(dir, ".review.json", "review");
        files.save("gate-1", bytes("gate-1:approve"));

        // when
        var loaded = files.load("gate-1", GateFilesTest::readReview, GateFilesTest::gateIdOf);

        // then
        assertThat(loaded).contains("gate-1:approve");
        assertThat(files.load("gate-2", GateFilesTest::readReview, GateFilesTest::gateIdOf)).isEmpty();
    }

    @Test
    void aTypedLoadOfContentTheReaderRefusesFailsNamingTheFileAndTheReadersMessage() throws IOException {
        // given
        GateFiles files = GateFiles.in(dir, ".review.json", "review");
        files.save("gate-1", bytes("no colon"));

        // when / then
        assertThatThrownBy(() -> files.load("gate-1", GateFilesTest::readReview, GateFilesTest::gateIdOf))
                .isInstanceOf(CheckpointFormatException.class)
                .hasMessage(dir.resolve("gate-1.review.json") + " does not hold a valid review: Review \"no colon\""
                        + " has no ':'")
                .hasCauseInstanceOf(CheckpointFormatException.class);
    }

    @Test
    void aTypedLoadOfAFileHoldingAnotherGatesValueIsRefusedNamingBothGates() throws IOException {
        // given: gate-a's file renamed to gate-b's
        GateFiles files = GateFiles.in(dir, ".review.json", "review");
        files.save("gate-a", bytes("gate-a:approve"));
        Files.move(files.pathOf("gate-a"), files.pathOf("gate-b"));

        // when / then
        assertThatThrownBy(() -> files.load("gate-b", GateFilesTest::readReview, GateFilesTest::gateIdOf))
                .isInstanceOf(CheckpointFormatException.class)
                .hasMessage(dir.resolve("gate-b.review.json")
                        + " holds the review of gate \"gate-a\", not of \"gate-b\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"../x", "..", ".hidden", "a/b", "a\\b", "", " ", "gäte", "gate-1\n"})
    void aGateIdThatCannotNameAFileIsRefusedNamingItAndWhatTheFileHolds(String gateId) {
        // given
        GateFiles files = GateFiles.in(dir.resolve("store"), ".review.json", "review");

        // when / then
        for (var call : List.<ThrowingCall>of(() -> files.pathOf(gateId), () -> files.save(gateId, bytes("x")),
                () -> files.load(gateId), () -> files.delete(gateId))) {
            assertThatThrownBy(call::run).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("gate id \"" + gateId + "\" cannot name a review file: it must be 1 to 128 characters"
                            + " among A-Z a-z 0-9 . _ - and not start with '.'");
        }
        assertThat(dir.resolve("store")).doesNotExist();
    }

    @Test
    void theLongestAllowedIdWorksAndOneLongerIsRefused() throws IOException {
        // given
        GateFiles files = GateFiles.in(dir, ".review.json", "review");

        // when
        files.save("a".repeat(128), bytes("x"));

        // then
        assertThat(files.pending()).containsExactly("a".repeat(128));
        assertThatThrownBy(() -> files.pathOf("a".repeat(129))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("gate id \"" + "a".repeat(129) + "\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".", "json", "/.json", ".a/b", ". json"})
    void aSuffixThatIsNotADotAndFileNameCharactersIsRefusedNamingIt(String suffix) {
        // when / then
        assertThatThrownBy(() -> GateFiles.in(dir, suffix, "review")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("suffix \"" + suffix + "\" must be");
    }

    @Test
    void aBlankKindIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> GateFiles.in(dir, ".review.json", " ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("kind \" \" must not be blank");
    }

    /** A review is {@code <gateId>:<verdict>}. */
    private static String readReview(byte[] bytes) throws CheckpointFormatException {
        String review = new String(bytes, StandardCharsets.UTF_8);
        if (!review.contains(":")) {
            throw new CheckpointFormatException("Review \"" + review + "\" has no ':'");
        }
        return review;
    }

    private static String gateIdOf(String review) {
        return review.substring(0, review.indexOf(':'));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> namesIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @FunctionalInterface
    private interface ThrowingCall {
        void run() throws Exception;
    }
}
