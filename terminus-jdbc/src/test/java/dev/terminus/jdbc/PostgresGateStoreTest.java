package dev.terminus.jdbc;

import java.nio.file.Path;

class PostgresGateStoreTest extends GateStoreContract {
    @Override
    TestDatabase open(Path directory) {
        return TestDatabase.postgres();
    }
}
