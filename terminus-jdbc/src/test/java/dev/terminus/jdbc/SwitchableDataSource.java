package dev.terminus.jdbc;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A data source whose connections come from the real database until {@link #cut()}, then from one that cannot be
 * reached (a real driver's refusal), until {@link #restore()}: the database going away mid-run and coming back.
 */
final class SwitchableDataSource implements DataSource {
    private final DataSource up;
    private final DataSource down;
    private volatile boolean cut;

    SwitchableDataSource(TestDatabase database) {
        this.up = database.dataSource();
        this.down = database.unreachable();
    }

    void cut() {
        cut = true;
    }

    void restore() {
        cut = false;
    }

    private DataSource current() {
        return cut ? down : up;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return current().getConnection();
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return current().getConnection(username, password);
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return up.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        up.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        up.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return up.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return false;
    }
}
