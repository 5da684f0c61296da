package dev.terminus.jackson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The contract's golden vectors, in the repository's copy ({@link dev.terminus.test.GoldenVectors}). */
final class GoldenFiles {
    private GoldenFiles() {}

    static Path terminationsDir() {
        return dev.terminus.test.GoldenVectors.terminationsDir();
    }

    /** The file names of the case vectors (every {@code *.json} but {@code cases.json}), sorted. */
    static List<String> caseFiles() {
        Path dir = terminationsDir();
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".json") && !name.equals("cases.json"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the golden vectors in " + dir, e);
        }
    }

    static Path file(String name) {
        return terminationsDir().resolve(name);
    }
}
