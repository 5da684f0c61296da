package dev.terminus.cli.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The contract's golden vectors, in the repository's copy ({@link dev.terminus.test.GoldenVectors}). */
public final class GoldenFiles {
    private GoldenFiles() {}

    static Path terminationsDir() {
        return dev.terminus.test.GoldenVectors.terminationsDir();
    }

    /** The case vectors (every {@code *.json} but {@code cases.json}), sorted by name. */
    public static List<Path> caseFiles() {
        try (Stream<Path> files = Files.list(terminationsDir())) {
            return files.filter(file -> file.getFileName().toString().endsWith(".json"))
                    .filter(file -> !file.getFileName().toString().equals("cases.json"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The row of {@code cases.json} for a case: its tag, category, default outcome and predicates. */
    static JsonNode caseRow(String caseName) {
        try {
            for (JsonNode row : new ObjectMapper().readTree(terminationsDir().resolve("cases.json").toFile())) {
                if (row.path("case").asText().equals(caseName)) {
                    return row;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalArgumentException("cases.json has no row for " + caseName);
    }

    public static String caseName(Path file) {
        return file.getFileName().toString().replace(".json", "");
    }
}
