package dev.terminus.test;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the contract's golden vectors are: {@code shared/golden} beside the project, as the system property
 * {@code terminus.golden.dir} says (the build's Surefire configuration sets it), else {@code ../../shared/golden}
 * from a module's directory. Tests read the vectors from there; they are never copied into the project.
 */
public final class GoldenVectors {
    private GoldenVectors() {}

    /**
     * @return the directory of the termination vectors
     * @throws IllegalStateException naming the path when it is not there
     */
    public static Path terminationsDir() {
        String configured = System.getProperty("terminus.golden.dir");
        Path golden = configured == null || configured.isBlank() ? Path.of("../../shared/golden") : Path.of(configured);
        Path dir = golden.resolve("terminations").toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("golden vectors not found at " + dir
                    + " (set the system property terminus.golden.dir to the shared/golden directory)");
        }
        return dir;
    }
}
