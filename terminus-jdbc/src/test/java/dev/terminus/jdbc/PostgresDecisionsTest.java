package dev.terminus.jdbc;

import java.nio.file.Path;

class PostgresDecisionsTest extends DecisionsContract {
    @Override
    TestDatabase open(Path directory) {
        return TestDatabase.postgres();
    }
}
