package dev.terminus.jdbc.internal;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Work on one connection.
 *
 * @param <R> its result
 */
@FunctionalInterface
public interface SqlWork<R> {
    /**
     * @param connection a connection of the store, in auto-commit mode
     * @return the result
     * @throws SQLException what the driver met
     */
    R on(Connection connection) throws SQLException;
}
