/** The SQL behind the stores: tables, migrations, rows. Not an API. */
@NullMarked
package dev.terminus.jdbc.internal;

import org.jspecify.annotations.NullMarked;
