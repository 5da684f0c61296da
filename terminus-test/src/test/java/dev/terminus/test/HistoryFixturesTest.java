package dev.terminus.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recorded histories as fixtures: one folder a recording day, never recorded again, all of them found. */
class HistoryFixturesTest {
    @TempDir
    Path root;

    @AfterEach
    void clearTheDay() {
        System.clearProperty(HistoryFixtures.DAY_PROPERTY);
    }

    @Test
    void aNewRecordingIsTheFolderOfItsDay() {
        // given
        System.setProperty(HistoryFixtures.DAY_PROPERTY, "2026-11-26");

        // when
        Path recording = HistoryFixtures.newRecording(root);

        // then
        assertThat(recording).isEqualTo(root.resolve("2026-11-26")).isEmptyDirectory();
    }

    @Test
    void aDayIsNeverRecordedAgain() throws Exception {
        // given
        System.setProperty(HistoryFixtures.DAY_PROPERTY, "2026-11-24");
        Files.createDirectories(root.resolve("2026-11-24"));

        // when / then
        assertThatThrownBy(() -> HistoryFixtures.newRecording(root)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("2026-11-24 exists: recorded histories are never recorded again");
    }

    @Test
    void theRecordingsOnTheClassPathAreFoundOldestFirst() {
        // when
        var recordings = HistoryFixtures.recordings(HistoryFixturesTest.class, "/recorded");

        // then
        assertThat(recordings).extracting(path -> path.getFileName().toString())
                .containsExactly("2026-11-24", "2026-11-26");
    }

    @Test
    void noRecordingIsAClearError() {
        assertThatThrownBy(() -> HistoryFixtures.recordings(HistoryFixturesTest.class, "/nothing-here"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("no recorded histories at /nothing-here on the class path");
    }
}
