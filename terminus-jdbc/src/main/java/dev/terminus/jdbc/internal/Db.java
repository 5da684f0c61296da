package dev.terminus.jdbc.internal;

import dev.terminus.Preconditions;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * The database of a store: its data source, the schema its tables live in, and its name for messages.
 *
 * @param dataSource the application's data source
 * @param schema the schema of the tables, or null for the connection's own
 * @param name the store's name in messages
 */
public record Db(DataSource dataSource, @Nullable String schema, String name) {

    /** The SQLState of a unique or primary-key violation, in PostgreSQL and H2. */
    public static final String UNIQUE_VIOLATION = "23505";

    /** Validates. */
    public Db {
        Preconditions.notNull(dataSource, "dataSource");
        Preconditions.notBlank(name, "name");
    }

    /**
     * @param table a table's name
     * @return it qualified by the schema, when there is one
     */
    public String table(String table) {
        return schema == null ? table : schema + "." + table;
    }

    /**
     * Runs work on a fresh connection of the data source, closed after it.
     *
     * @param work the work
     * @param <R> its result
     * @return its result
     * @throws SQLException what the driver met
     */
    public <R> R call(SqlWork<R> work) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            if (!connection.getAutoCommit()) {
                connection.setAutoCommit(true);
            }
            return work.on(connection);
        }
    }

    /**
     * Runs work in one transaction: committed when it returns, rolled back when it throws.
     *
     * @param work the work
     * @param <R> its result
     * @return its result
     * @throws SQLException what the driver met
     */
    public <R> R transaction(SqlWork<R> work) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try {
                R result = work.on(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                try {
                    connection.rollback();
                } catch (SQLException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw e;
            } finally {
                try {
                    connection.setAutoCommit(true);
                } catch (SQLException broken) {
                    // the connection is closed next; what the work met is what is reported
                }
            }
        }
    }

    /**
     * @param e what the driver met
     * @return its first line, after its SQLState when it has one: the reason in a one-line message
     */
    public static String reason(SQLException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        String line = (newline < 0 ? message : message.substring(0, newline)).strip();
        return e.getSQLState() == null ? line : line + " (SQLState " + e.getSQLState() + ")";
    }
}
