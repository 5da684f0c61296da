package dev.terminus.jdbc;

import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.agent.Checkpoint;
import dev.terminus.converge.Pause;
import dev.terminus.converge.PauseJson;
import dev.terminus.jdbc.internal.Db;
import dev.terminus.jdbc.internal.Migrations;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.jspecify.annotations.Nullable;

/**
 * Paused runs, decisions and the run journal in one database: PostgreSQL (or another H2) over the application's
 * {@link DataSource}, or an embedded H2 file on one machine ({@link #embedded(Path)}). Building the stores brings
 * their tables to the schema version this Terminus reads, with Flyway migrations recorded in a history table of their
 * own ({@code terminus_schema_history}), so an application's own Flyway is not disturbed; a database at a newer
 * version is refused (ADR 0046).
 *
 * {@snippet :
 * // given: javax.sql.DataSource dataSource
 * JdbcStores stores = JdbcStores.custom().dataSource(dataSource).schema("terminus").build();
 * JdbcGateStore<Checkpoint> gates = stores.checkpoints();
 * RunResult paused = stores.savePaused(agent.run("Refund order 42"));   // Failed EXTERNAL when it cannot be saved
 * // later, maybe in another process: one decider wins, every other is told who did
 * Resumed done = stores.decisions().resume(agent, GateDecision.approve(gateId), "alice@example.com");
 * Agent journaled = Agent.builder(model).listener(stores.journal()).build();   // every ended run, queryable
 * }
 *
 * <p>Thread-safe; every call takes a connection of the data source and gives it back. The data source is the
 * application's: the stores never close it (those of {@link #embedded(Path)} need no closing).
 */
public final class JdbcStores {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

    private final Db db;
    private final JdbcGateStore<Checkpoint> checkpoints;
    private final JdbcDecisions decisions;
    private final RunJournal journal;

    private JdbcStores(Db db) {
        this.db = db;
        this.checkpoints = JdbcGateStore.checkpoints(db);
        this.decisions = new JdbcDecisions(db, checkpoints);
        this.journal = new RunJournal(db);
    }

    /** @return a builder: a data source is required */
    public static Builder custom() {
        return new Builder();
    }

    /**
     * The embedded default: an H2 database in one file, {@code <file>.mv.db}, created with its tables on first use.
     * Several stores of one process may share it; it is for one machine.
     *
     * @param file the database's file, without H2's {@code .mv.db} suffix
     * @return the stores
     * @throws IllegalArgumentException naming the file when it cannot name a database
     * @throws IllegalStateException naming the store when it cannot be opened or is at a newer schema version
     */
    public static JdbcStores embedded(Path file) {
        Preconditions.notNull(file, "file");
        String path = file.toAbsolutePath().normalize().toString();
        if (path.contains(";") || path.endsWith(".mv.db")) {
            throw new IllegalArgumentException("file \"" + file + "\" cannot name an embedded database: it must not"
                    + " contain ';' nor end with .mv.db (H2 adds it)");
        }
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:file:" + path + ";LOCK_TIMEOUT=10000");
        return custom().dataSource(h2).name("h2:" + path).build();
    }

    /** @return the store of the agent loop's checkpoints */
    public JdbcGateStore<Checkpoint> checkpoints() {
        return checkpoints;
    }

    /** @return the store of the convergence engine's pauses */
    public JdbcGateStore<Pause> pauses() {
        return JdbcGateStore.of(db, PauseJson.ofDefaults());
    }

    /** @return the store of paused pipelines' checkpoints */
    public JdbcGateStore<PausedPipeline> pipelineCheckpoints() {
        return JdbcGateStore.of(db, PausedPipeline.CODEC);
    }

    /** @return the gates' decisions, each made once */
    public JdbcDecisions decisions() {
        return decisions;
    }

    /** @return the journal of ended runs */
    public RunJournal journal() {
        return journal;
    }

    /**
     * Saves the checkpoint of a run that paused at a gate, and hands the result back: unchanged when it was saved or
     * the run did not pause; when it cannot be saved, the run ends {@code Failed} {@code EXTERNAL} (outcome
     * {@code FAILED}) with the one-line reason naming the store and the gate, instead of a stack trace, and its
     * checkpoint stays in the result ({@link RunResult#checkpoint()}) so that nothing is lost: it can be saved again.
     *
     * @param result a run's result
     * @return the result, or the failure to save its checkpoint
     */
    public RunResult savePaused(RunResult result) {
        return savePaused(checkpoints, result);
    }

    static RunResult savePaused(JdbcGateStore<Checkpoint> store, RunResult result) {
        Preconditions.notNull(result, "result");
        if (result.checkpoint().isEmpty()) {
            return result;
        }
        try {
            store.save(result.checkpoint().get());
            return result;
        } catch (GateStoreException e) {
            Termination failed = new Termination.Failed(new ErrorInfo("GateStoreException", e.getMessage(),
                    ErrorCategory.EXTERNAL), e);
            return result.toBuilder().termination(failed).outcome(failed.defaultOutcome()).build();
        }
    }

    /** @return the store's name in messages */
    public String name() {
        return db.name();
    }

    @Override
    public String toString() {
        return "JdbcStores[" + db.name() + (db.schema() == null ? "" : ", schema " + db.schema()) + "]";
    }

    /** Settings of {@link JdbcStores}; each setter refuses a bad value naming it. */
    public static final class Builder {
        private @Nullable DataSource dataSource;
        private @Nullable String schema;
        private @Nullable String name;
        private boolean migrate = true;

        private Builder() {}

        /**
         * @param dataSource the application's data source (PostgreSQL or H2); the stores never close it
         * @return this builder
         */
        public Builder dataSource(DataSource dataSource) {
            this.dataSource = Preconditions.notNull(dataSource, "dataSource");
            return this;
        }

        /**
         * @param schema the schema of Terminus's tables, created when missing; by default the connection's own
         * @return this builder
         * @throws IllegalArgumentException naming the value when it is not a plain SQL identifier
         */
        public Builder schema(String schema) {
            Preconditions.notNull(schema, "schema");
            if (!IDENTIFIER.matcher(schema).matches()) {
                throw new IllegalArgumentException("schema \"" + schema + "\" is not a plain SQL identifier: a letter"
                        + " or '_', then up to 62 letters, digits or '_'");
            }
            this.schema = schema;
            return this;
        }

        /**
         * @param name the store's name in messages; by default the data source's URL without its parameters
         * @return this builder
         */
        public Builder name(String name) {
            this.name = Preconditions.notBlank(name, "name");
            return this;
        }

        /**
         * @param migrate whether building creates and upgrades the tables (the default), or only checks that they
         *     are at this Terminus's schema version (the application migrates them)
         * @return this builder
         */
        public Builder migrate(boolean migrate) {
            this.migrate = migrate;
            return this;
        }

        /**
         * Connects, and migrates or checks the tables.
         *
         * @return the stores
         * @throws IllegalStateException naming the data source when no data source was set
         * @throws JdbcStoreException naming the store when it cannot be reached, is not PostgreSQL or H2, is at a
         *     newer schema version, or its migrations fail
         */
        public JdbcStores build() {
            if (dataSource == null) {
                throw new IllegalStateException("dataSource is required: the application's DataSource (PostgreSQL or"
                        + " H2), or JdbcStores.embedded(file)");
            }
            Db db = new Db(dataSource, schema, name != null ? name : nameOf(dataSource));
            try {
                Migrations.apply(db, migrate);
            } catch (IllegalStateException e) {
                throw new JdbcStoreException(e.getMessage(), e.getCause() != null ? e.getCause() : e);
            }
            return new JdbcStores(db);
        }

        /** @return the data source's URL without its parameters (which may hold a password) */
        private static String nameOf(DataSource dataSource) {
            try (var connection = dataSource.getConnection()) {
                String url = connection.getMetaData().getURL();
                if (url == null) {
                    return dataSource.getClass().getSimpleName();
                }
                int cut = url.length();
                for (char c : new char[] {'?', ';'}) {
                    int at = url.indexOf(c);
                    if (at >= 0) {
                        cut = Math.min(cut, at);
                    }
                }
                return url.substring(0, cut);
            } catch (SQLException e) {
                throw new JdbcStoreException("store " + dataSource.getClass().getSimpleName() + ": cannot connect: "
                        + Db.reason(e), e);
            }
        }
    }
}
