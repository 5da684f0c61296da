package dev.terminus.jdbc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * A test class against one real database, opened once for the class: its subclasses name the database (the embedded
 * default, or PostgreSQL, skipped in one line when no server answers).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class StoreTestBase {
    TestDatabase database;
    JdbcStores stores;
    private Path directory;

    /** @return the database of this class, in {@code directory} when it is embedded */
    abstract TestDatabase open(Path directory);

    @BeforeAll
    void openDatabase() throws IOException {
        directory = Files.createTempDirectory("terminus-jdbc");
        database = open(directory);
        stores = database.stores();
    }

    @AfterAll
    void closeDatabase() throws Exception {
        if (database != null) {
            database.close();
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
