package dev.terminus.jdbc;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

class PostgresSchemaTest extends SchemaContract {
    @Override
    TestDatabase open(Path directory) {
        return TestDatabase.postgres();
    }

    @Test
    void credentialsTheServerRefusesAreRefusedInOneLineNamingTheStore() {
        // given: a role the server does not know
        PGSimpleDataSource source = TestDatabase.pgSource("terminus_no_such_role");

        // when / then
        assertThatThrownBy(() -> JdbcStores.custom().dataSource(source).name("orders-db").build())
                .isInstanceOf(JdbcStoreException.class)
                .hasMessageStartingWith("store orders-db: cannot connect: FATAL: ")
                .hasMessageContaining("terminus_no_such_role")
                .message().doesNotContain("\n");
    }
}
