package dev.terminus.jdbc;

import java.nio.file.Path;

class H2DecisionRaceTest extends DecisionRaceContract {
    @Override
    TestDatabase open(Path directory) {
        return TestDatabase.h2(directory);
    }
}
