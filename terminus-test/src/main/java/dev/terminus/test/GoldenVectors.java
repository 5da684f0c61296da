package dev.terminus.test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the termination contract's golden vectors are.
 *
 * <p>The repository holds its own copy in {@code contract/golden}, and every test reads that copy, so a clone with
 * nothing beside it tests itself. The build's Surefire configuration passes its path as the system property
 * {@code terminus.golden.dir}; without the property (a test started from an IDE in a module's directory) it is
 * {@code ../contract/golden}.
 *
 * <p>The contract's reference copy may sit beside a checkout ({@code ../shared/golden} from the repository's root,
 * the property {@code terminus.shared.golden.dir}); {@link #referenceDir()} finds it, so that one test can check the
 * two copies are the same bytes.
 */
public final class GoldenVectors {
    /** The system property naming the repository's copy (its {@code golden} directory). */
    public static final String DIR_PROPERTY = "terminus.golden.dir";
    /** The system property naming the reference copy beside the checkout (its {@code golden} directory). */
    public static final String REFERENCE_DIR_PROPERTY = "terminus.shared.golden.dir";

    private GoldenVectors() {}

    /**
     * @return the repository's copy of the contract (the directory holding {@code README.md} and
     *     {@code terminations/})
     * @throws IllegalStateException naming the path when it is not there
     */
    public static Path dir() {
        Path dir = configured(DIR_PROPERTY, "../contract/golden");
        if (!Files.isDirectory(dir.resolve("terminations"))) {
            throw new IllegalStateException("golden vectors not found at " + dir.resolve("terminations")
                    + " (the repository keeps them in contract/golden; the system property " + DIR_PROPERTY
                    + " names that directory)");
        }
        return dir;
    }

    /**
     * @return the directory of the termination vectors in the repository's copy
     * @throws IllegalStateException naming the path when it is not there
     */
    public static Path terminationsDir() {
        return dir().resolve("terminations");
    }

    /**
     * @return the contract's reference copy beside the checkout, when there is one
     */
    public static Optional<Path> referenceDir() {
        Path dir = configured(REFERENCE_DIR_PROPERTY, "../../shared/golden");
        return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }

    private static Path configured(String property, String fallback) {
        String configured = System.getProperty(property);
        Path dir = configured == null || configured.isBlank() ? Path.of(fallback) : Path.of(configured);
        return dir.toAbsolutePath().normalize();
    }
}
