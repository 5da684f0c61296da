/**
 * Paused runs, decisions and the run journal in a database, over plain JDBC.
 */
@NullMarked
package dev.terminus.jdbc;

import org.jspecify.annotations.NullMarked;
