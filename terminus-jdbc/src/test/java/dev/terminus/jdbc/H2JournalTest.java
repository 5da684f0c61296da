package dev.terminus.jdbc;

import java.nio.file.Path;

class H2JournalTest extends JournalContract {
    @Override
    TestDatabase open(Path directory) {
        return TestDatabase.h2(directory);
    }
}
