package dev.terminus.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The store's tables at the version this Terminus reads, beside the application's own; other versions refused. */
abstract class SchemaContract extends StoreTestBase {

    @Test
    void buildingTwiceLeavesTheTablesAsTheyAre() {
        // given
        stores.decisions().decide(dev.terminus.agent.GateDecision.approve("gate-kept"), "alice");

        // when
        JdbcStores again = database.stores();

        // then
        assertThat(again.decisions().decisionOf("gate-kept")).isPresent();
    }

    @Test
    void aDatabaseAtANewerSchemaVersionIsRefusedInOneLineNamingTheVersion() throws Exception {
        // given: a newer Terminus migrated the tables to version 2 (Flyway's columns are quoted, in lower case)
        database.execute("INSERT INTO " + database.table("terminus_schema_history") + " (\"installed_rank\","
                + " \"version\", \"description\", \"type\", \"script\", \"checksum\", \"installed_by\","
                + " \"installed_on\", \"execution_time\", \"success\") VALUES (99, '2', 'future', 'SQL', 'V2__future.sql', 0, 'terminus', CURRENT_TIMESTAMP, 0, TRUE)");
        try {
            // when / then
            assertThatThrownBy(database::stores)
                    .isInstanceOf(JdbcStoreException.class)
                    .hasMessage("store " + database.label() + ": schema version 2 (in "
                            + database.table("terminus_schema_history") + ") is newer than this Terminus reads (1):"
                            + " upgrade Terminus");
        } finally {
            database.execute("DELETE FROM " + database.table("terminus_schema_history") + " WHERE \"installed_rank\" = 99");
        }
    }

    @Test
    void anUnreachableDatabaseIsRefusedInOneLineNamingTheStore() {
        // when / then
        assertThatThrownBy(() -> JdbcStores.custom().dataSource(database.unreachable()).name("gone").build())
                .isInstanceOf(JdbcStoreException.class)
                .hasMessageStartingWith("store gone: cannot connect: ")
                .message().doesNotContain("\n");
    }

    @Test
    void tablesNotMigratedAreRefusedWhenMigratingIsOff() throws Exception {
        // given: an empty schema of the same database
        String fresh = "terminus_unmigrated_" + Long.toHexString(System.nanoTime());
        database.execute("CREATE SCHEMA " + fresh);
        try {
            // when / then
            assertThatThrownBy(() -> JdbcStores.custom().dataSource(database.dataSource()).schema(fresh).name("app")
                    .migrate(false).build())
                    .isInstanceOf(JdbcStoreException.class)
                    .hasMessage("store app: schema version none (in " + fresh + ".terminus_schema_history) is not 1 and"
                            + " migrate is off: migrate it");
        } finally {
            database.execute("DROP SCHEMA " + fresh + " CASCADE");
        }
    }

    @Test
    void aSchemaHoldingTheApplicationsOwnTablesAndFlywayHistoryGetsTerminusTablesBeside() throws Exception {
        // given
        String shared = "terminus_shared_" + Long.toHexString(System.nanoTime());
        database.execute("CREATE SCHEMA " + shared);
        database.execute("CREATE TABLE " + shared + ".flyway_schema_history (installed_rank INT PRIMARY KEY)");
        database.execute("CREATE TABLE " + shared + ".orders (id INT PRIMARY KEY)");
        try {
            // when
            JdbcStores beside = JdbcStores.custom().dataSource(database.dataSource()).schema(shared).name("app").build();
            beside.decisions().decide(dev.terminus.agent.GateDecision.approve("gate-beside"), "alice");

            // then
            assertThat(beside.decisions().decisionOf("gate-beside")).isPresent();
            database.execute("INSERT INTO " + shared + ".orders VALUES (1)");
            database.execute("INSERT INTO " + shared + ".flyway_schema_history VALUES (1)");
        } finally {
            database.execute("DROP SCHEMA " + shared + " CASCADE");
        }
    }
}
