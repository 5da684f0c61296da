package dev.terminus.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoldenVectorsTest {

    @Test
    void theRepositoryHoldsItsOwnCopyOfTheContract() throws IOException {
        // when
        Path dir = GoldenVectors.dir();

        // then: inside the checkout, with the contract's README, its table and one vector per row of the table
        Path checkout = Path.of("..").toAbsolutePath().normalize();
        assertThat(dir).startsWith(checkout).isEqualTo(checkout.resolve("contract/golden"));
        assertThat(dir.resolve("README.md")).isRegularFile();
        String table = Files.readString(GoldenVectors.terminationsDir().resolve("cases.json"));
        try (Stream<Path> files = Files.list(GoldenVectors.terminationsDir())) {
            long vectors = files.filter(file -> !file.getFileName().toString().equals("cases.json")).count();
            assertThat(vectors).isEqualTo(33).isEqualTo(table.split("\"case\"").length - 1);
        }
    }

    @Test
    void theRepositoryCopyIsByteForByteTheReferenceCopyBesideTheCheckout() throws IOException {
        // given
        Optional<Path> reference = GoldenVectors.referenceDir();
        if (reference.isEmpty()) {
            String why = "no reference copy of the contract beside the checkout (looked for "
                    + Path.of(System.getProperty(GoldenVectors.REFERENCE_DIR_PROPERTY, "../../shared/golden"))
                            .toAbsolutePath().normalize()
                    + "): nothing to compare the repository's copy with";
            System.out.println("GoldenVectorsTest: skipped, " + why);
            Assumptions.abort(why);
        }

        // when
        SortedMap<String, byte[]> ours = contents(GoldenVectors.dir());
        SortedMap<String, byte[]> theirs = contents(reference.get());

        // then
        assertThat(ours.keySet()).as("the files of contract/golden against " + reference.get())
                .containsExactlyElementsOf(theirs.keySet());
        ours.forEach((file, bytes) -> assertThat(bytes)
                .as("contract/golden/%s differs from %s/%s", file, reference.get(), file)
                .isEqualTo(theirs.get(file)));
    }

    @Test
    void aMissingCopyIsAnErrorThatNamesWhereItLooked(@TempDir Path empty) {
        // given
        String before = System.getProperty(GoldenVectors.DIR_PROPERTY);
        System.setProperty(GoldenVectors.DIR_PROPERTY, empty.toString());
        try {
            // when / then
            assertThatThrownBy(GoldenVectors::terminationsDir)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(empty.resolve("terminations").toString())
                    .hasMessageContaining(GoldenVectors.DIR_PROPERTY);
        } finally {
            if (before == null) {
                System.clearProperty(GoldenVectors.DIR_PROPERTY);
            } else {
                System.setProperty(GoldenVectors.DIR_PROPERTY, before);
            }
        }
    }

    @Test
    void theReferenceCopyIsAbsentWhenNothingIsBesideTheCheckout(@TempDir Path empty) {
        // given
        String before = System.getProperty(GoldenVectors.REFERENCE_DIR_PROPERTY);
        System.setProperty(GoldenVectors.REFERENCE_DIR_PROPERTY, empty.resolve("shared/golden").toString());
        try {
            // when / then
            assertThat(GoldenVectors.referenceDir()).isEmpty();
        } finally {
            if (before == null) {
                System.clearProperty(GoldenVectors.REFERENCE_DIR_PROPERTY);
            } else {
                System.setProperty(GoldenVectors.REFERENCE_DIR_PROPERTY, before);
            }
        }
    }

    /** Every regular file below a directory, by its path relative to it ('/'-separated), with its bytes. */
    private static SortedMap<String, byte[]> contents(Path root) throws IOException {
        SortedMap<String, byte[]> contents = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                contents.put(root.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        }
        return contents;
    }
}
