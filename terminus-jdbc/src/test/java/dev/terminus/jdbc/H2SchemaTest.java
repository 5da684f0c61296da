package dev.terminus.jdbc;

import java.nio.file.Path;

class H2SchemaTest extends SchemaContract {
    @Override
    TestDatabase open(Path directory) {
        return TestDatabase.h2(directory);
    }
}
