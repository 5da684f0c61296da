package dev.terminus.jdbc;

import java.nio.file.Path;

class PostgresDecisionRaceTest extends DecisionRaceContract {
    @Override
    TestDatabase open(Path directory) {
        return TestDatabase.postgres();
    }
}
