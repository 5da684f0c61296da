package dev.terminus.jdbc;

import java.nio.file.Path;

class PostgresSchemaTest extends SchemaContract {
    @Override
    TestDatabase open(Path directory) {
        return TestDatabase.postgres();
    }
}
