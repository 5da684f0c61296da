package dev.terminus.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;

/**
 * Recorded workflow histories kept as fixtures: each recording is a folder named by the day it was made
 * ({@code histories/2026-11-26/...}), written once and never again, and every later build replays every recording,
 * so a change that alters what a run already recorded would decide fails the build however long ago it was recorded.
 * A change meant to alter decisions is gated with {@code Workflow.getVersion} (ADR 0024) and adds a recording.
 *
 * {@snippet :
 * // given: void replay(Path history)
 * for (Path recording : HistoryFixtures.recordings(getClass(), "/histories")) {
 *     replay(recording.resolve("tool-round.json"));
 * }
 * }
 */
public final class HistoryFixtures {
    /** The system property naming the day a recording is made for: {@code YYYY-MM-DD}, today when absent. */
    public static final String DAY_PROPERTY = "terminus.recordingDay";

    private HistoryFixtures() {}

    /**
     * @param anchor a class whose class path holds the recordings
     * @param resourceRoot the folder of the recordings on the class path, e.g. {@code /histories}
     * @return every recording's folder, oldest first
     * @throws IllegalStateException naming the folder when there is no such folder or it holds no recording
     */
    public static List<Path> recordings(Class<?> anchor, String resourceRoot) {
        URL root = anchor.getResource(resourceRoot);
        if (root == null) {
            throw new IllegalStateException("no recorded histories at " + resourceRoot + " on the class path");
        }
        try (Stream<Path> folders = Files.list(Path.of(root.toURI()))) {
            List<Path> recordings = folders.filter(Files::isDirectory)
                    .filter(folder -> folder.getFileName().toString().matches("\\d{4}-\\d{2}-\\d{2}"))
                    .sorted().toList();
            if (recordings.isEmpty()) {
                throw new IllegalStateException("no recording (a folder named YYYY-MM-DD) in " + root);
            }
            return recordings;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Makes the folder of a new recording: the day's folder under {@code root} (the day from {@value #DAY_PROPERTY},
     * or today).
     *
     * @param root the folder of the recordings in the source tree
     * @return the new, empty folder
     * @throws IllegalStateException naming the folder when it exists: a recording is never made again
     */
    public static Path newRecording(Path root) {
        String day = System.getProperty(DAY_PROPERTY, "").strip();
        Path folder = root.resolve(day.isEmpty() ? LocalDate.now().toString() : LocalDate.parse(day).toString());
        if (Files.exists(folder)) {
            throw new IllegalStateException(folder + " exists: recorded histories are never recorded again; every"
                    + " build replays them. Record on another day (-D" + DAY_PROPERTY + "=YYYY-MM-DD) if a change"
                    + " needs a new recording");
        }
        try {
            return Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
