package dev.terminus.jdbc.internal;

import java.sql.SQLException;
import java.util.Locale;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationVersion;

/**
 * Brings a store's tables to the schema version this Terminus reads, with Flyway and the versioned migrations under
 * {@code db/terminus/<vendor>}, recorded in a history table of Terminus's own ({@value #HISTORY}) so that the
 * application's own Flyway history is left alone. A database at a newer version is refused: its rows may mean what
 * this Terminus does not know.
 */
public final class Migrations {

    /** The schema version this Terminus reads and writes. */
    public static final int SCHEMA_VERSION = 1;
    /** Terminus's own Flyway history table. */
    public static final String HISTORY = "terminus_schema_history";

    private Migrations() {}

    /**
     * Migrates the store's tables, or checks them when migrating is off.
     *
     * @param db the store's database
     * @param migrate whether to create and upgrade the tables (else only check their version)
     * @throws IllegalStateException naming the store when it cannot be reached, is not a supported database, is at a
     *     newer schema version, or its migrations fail
     */
    public static void apply(Db db, boolean migrate) {
        String[] database = vendor(db);
        String vendor = database[0];
        // Flyway quotes the names it is given: give them in the case the database folds unquoted names to, so that
        // the SQL of the stores, which does not quote them, names the same tables
        java.util.function.UnaryOperator<String> fold = switch (database[1]) {
            case "upper" -> name -> name.toUpperCase(Locale.ROOT);
            case "lower" -> name -> name.toLowerCase(Locale.ROOT);
            default -> name -> name;
        };
        var config = Flyway.configure(Migrations.class.getClassLoader())
                .dataSource(db.dataSource())
                .locations("classpath:db/terminus/" + vendor)
                .table(fold.apply(HISTORY))
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .target(MigrationVersion.fromVersion(Integer.toString(SCHEMA_VERSION)));
        if (db.schema() != null) {
            config = config.schemas(fold.apply(db.schema())).defaultSchema(fold.apply(db.schema()));
        }
        Flyway flyway = config.load();
        try {
            MigrationInfo current = flyway.info().current();
            MigrationVersion known = MigrationVersion.fromVersion(Integer.toString(SCHEMA_VERSION));
            if (current != null && current.getVersion() != null && current.getVersion().isNewerThan(known.getVersion())) {
                throw new IllegalStateException("store " + db.name() + ": schema version " + current.getVersion()
                        + " (in " + db.table(HISTORY) + ") is newer than this Terminus reads (" + SCHEMA_VERSION
                        + "): upgrade Terminus");
            }
            if (migrate) {
                flyway.migrate();
            } else if (current == null || current.getVersion() == null || !current.getVersion().equals(known)) {
                throw new IllegalStateException("store " + db.name() + ": schema version "
                        + (current == null ? "none" : current.getVersion()) + " (in " + db.table(HISTORY)
                        + ") is not " + SCHEMA_VERSION + " and migrate is off: migrate it");
            }
        } catch (FlywayException e) {
            throw new IllegalStateException("store " + db.name() + ": cannot migrate its tables: "
                    + firstLine(e.getMessage()), e);
        }
    }

    /**
     * @return the migrations' folder for the store's database ({@code postgresql} or {@code h2}), and the case it
     *     folds unquoted names to ({@code upper}, {@code lower} or {@code mixed})
     */
    private static String[] vendor(Db db) {
        String product;
        String folds;
        try {
            String[] read = db.call(c -> {
                var meta = c.getMetaData();
                return new String[] {meta.getDatabaseProductName(), meta.storesUpperCaseIdentifiers() ? "upper"
                        : meta.storesLowerCaseIdentifiers() ? "lower" : "mixed"};
            });
            product = read[0];
            folds = read[1];
        } catch (SQLException e) {
            throw new IllegalStateException("store " + db.name() + ": cannot connect: " + Db.reason(e), e);
        }
        String lower = product.toLowerCase(Locale.ROOT);
        if (lower.contains("postgres")) {
            return new String[] {"postgresql", folds};
        }
        if (lower.equals("h2")) {
            return new String[] {"h2", folds};
        }
        throw new IllegalStateException("store " + db.name() + ": database \"" + product
                + "\" is not supported: PostgreSQL or H2");
    }

    /**
     * @param message a message, maybe of several lines
     * @return its first non-blank line
     */
    public static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        for (String line : message.split("\\R")) {
            if (!line.isBlank()) {
                return line.strip();
            }
        }
        return "";
    }
}
