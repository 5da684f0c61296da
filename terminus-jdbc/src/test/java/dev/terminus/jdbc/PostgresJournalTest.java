package dev.terminus.jdbc;

import java.nio.file.Path;

class PostgresJournalTest extends JournalContract {
    @Override
    TestDatabase open(Path directory) {
        return TestDatabase.postgres();
    }
}
