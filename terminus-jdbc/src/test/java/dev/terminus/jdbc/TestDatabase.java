package dev.terminus.jdbc;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.jspecify.annotations.Nullable;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A real database for one test class: an embedded H2 file in a temporary directory, or a fresh schema of the
 * PostgreSQL server at 127.0.0.1:5432 (database {@code test}, trust authentication), dropped after. When no
 * PostgreSQL server answers, its tests are skipped with one line saying why.
 */
abstract class TestDatabase implements AutoCloseable {

    /** The server's URL; {@code -Dterminus.jdbc.postgres=...} names another. */
    private static final String PG_URL = System.getProperty("terminus.jdbc.postgres",
            "jdbc:postgresql://127.0.0.1:5432/test");
    private static volatile @Nullable String pgUser;
    private static volatile @Nullable String pgUnreachable;
    private static volatile boolean pgChecked;
    private static volatile boolean skipReported;

    /** @return the schema of Terminus's tables, or null for the connection's own */
    abstract @Nullable String schema();

    /** @return a data source of the database, giving a new connection each time */
    abstract DataSource dataSource();

    /** @return a data source whose connections cannot be made (the server gone, the file removed) */
    abstract DataSource unreachable();

    /** @return what the tests name it by */
    abstract String label();

    /** @return the stores over {@link #dataSource()} */
    JdbcStores stores() {
        return stores(dataSource());
    }

    /** @return the stores over a data source of this database */
    JdbcStores stores(DataSource dataSource) {
        JdbcStores.Builder builder = JdbcStores.custom().dataSource(dataSource).name(label());
        if (schema() != null) {
            builder.schema(schema());
        }
        return builder.build();
    }

    /** @return the table's name in SQL, qualified by the schema */
    String table(String table) {
        return schema() == null ? table : schema() + "." + table;
    }

    /** Runs SQL on a connection of the database (to edit a row by hand). */
    void execute(String sql) throws SQLException {
        try (Connection c = dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** @return a pool of that many connections, for a race */
    HikariDataSource pool(int connections) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(dataSource());
        config.setMaximumPoolSize(connections);
        config.setMinimumIdle(connections);
        config.setConnectionTimeout(30_000);
        return new HikariDataSource(config);
    }

    static TestDatabase h2(Path directory) {
        return new H2(directory);
    }

    /** @return a fresh schema of the PostgreSQL server; skips the test class (one line) when none answers */
    static TestDatabase postgres() {
        String reason = pgUnreachableReason();
        if (reason != null && !skipReported) {
            skipReported = true;
            System.err.println("PostgreSQL tests skipped: " + reason);
        }
        assumeTrue(reason == null, () -> "PostgreSQL tests skipped: " + reason);
        return new Postgres(pgUser);
    }

    private static @Nullable String pgUnreachableReason() {
        if (!pgChecked) {
            synchronized (TestDatabase.class) {
                if (!pgChecked) {
                    String why = null;
                    for (String user : new String[] {"postgres", System.getProperty("user.name")}) {
                        try (Connection c = pgSource(user).getConnection()) {
                            pgUser = user;
                            why = null;
                            break;
                        } catch (SQLException e) {
                            why = "no PostgreSQL server answers at " + PG_URL + " (" + firstLine(e) + ")";
                        }
                    }
                    pgUnreachable = why;
                    pgChecked = true;
                }
            }
        }
        return pgUnreachable;
    }

    private static String firstLine(SQLException e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    static PGSimpleDataSource pgSource(@Nullable String user) {
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setUrl(PG_URL);
        source.setUser(user);
        source.setLoginTimeout(3);
        source.setConnectTimeout(3);
        return source;
    }

    private static final class H2 extends TestDatabase {
        private final Path directory;
        private final JdbcDataSource source = new JdbcDataSource();

        H2(Path directory) {
            this.directory = directory;
            source.setURL("jdbc:h2:file:" + directory.resolve("terminus").toAbsolutePath() + ";LOCK_TIMEOUT=10000");
        }

        @Override
        @Nullable String schema() {
            return null;
        }

        @Override
        DataSource dataSource() {
            return source;
        }

        @Override
        DataSource unreachable() {
            JdbcDataSource gone = new JdbcDataSource();
            gone.setURL("jdbc:h2:file:" + directory.resolve("gone/terminus").toAbsolutePath() + ";IFEXISTS=TRUE");
            return gone;
        }

        @Override
        String label() {
            return "h2:" + directory.getFileName();
        }

        @Override
        public void close() {
            // the temporary directory goes with the test class
        }
    }

    private static final class Postgres extends TestDatabase {
        private final String schema = "terminus_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        private final PGSimpleDataSource source;

        Postgres(@Nullable String user) {
            this.source = pgSource(user);
        }

        @Override
        String schema() {
            return schema;
        }

        @Override
        DataSource dataSource() {
            return source;
        }

        @Override
        DataSource unreachable() {
            PGSimpleDataSource gone = new PGSimpleDataSource();
            gone.setUrl("jdbc:postgresql://127.0.0.1:1/test");
            gone.setUser(source.getUser());
            gone.setConnectTimeout(2);
            return gone;
        }

        @Override
        String label() {
            return "postgresql:" + schema;
        }

        @Override
        public void close() throws SQLException {
            execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }
}
