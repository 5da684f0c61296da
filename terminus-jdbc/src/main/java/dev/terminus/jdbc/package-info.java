/**
 * Paused runs, decisions and the run journal in a database, over plain JDBC and the application's
 * {@link javax.sql.DataSource}: {@link dev.terminus.jdbc.JdbcStores} builds them (PostgreSQL, or an embedded H2 file),
 * {@link dev.terminus.jdbc.JdbcGateStore} keeps paused runs, {@link dev.terminus.jdbc.JdbcDecisions} decides each gate
 * once, {@link dev.terminus.jdbc.RunJournal} records every ended run. See ADR 0046.
 */
@NullMarked
package dev.terminus.jdbc;

import org.jspecify.annotations.NullMarked;
