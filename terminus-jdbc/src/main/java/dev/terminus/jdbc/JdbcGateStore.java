package dev.terminus.jdbc;

import dev.terminus.Preconditions;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.PausedRun;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.CheckpointJson;
import dev.terminus.checkpoint.FileGateStore;
import dev.terminus.jdbc.internal.Db;
import dev.terminus.jdbc.internal.GateRows;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * A {@link GateStore} keeping paused runs as rows of {@code terminus_gate}, one per kind and gate id, each holding
 * the JSON a {@link FileGateStore.Codec} writes (the same a file of {@link FileGateStore} holds): agent checkpoints,
 * convergence pauses and pipeline checkpoints side by side, none listing another's. A save replaces the row in one
 * statement, so a reader sees the previous version or the new one. Get one from {@link JdbcStores}.
 *
 * {@snippet :
 * // given: JdbcStores stores
 * JdbcGateStore<Checkpoint> store = stores.checkpoints();
 * agent.run("Refund order 42").checkpoint().ifPresent(store::save);
 * for (String gateId : store.pending()) {
 *     RunResult done = agent.approve(store.load(gateId).orElseThrow());
 *     store.delete(gateId);
 * }
 * }
 *
 * <p><b>Gate ids</b> are any non-blank text of up to 512 characters. <b>Errors</b>: what the database refuses, and a
 * row that does not hold a valid paused run of its gate (a column edited by hand, a row of a newer format), is a
 * {@link GateStoreException} of one line naming the store and the row.
 *
 * @param <T> what the store holds
 */
public final class JdbcGateStore<T extends PausedRun> implements GateStore<T> {

    private final Db db;
    private final FileGateStore.Codec<T> codec;
    private final GateRows rows;

    private JdbcGateStore(Db db, FileGateStore.Codec<T> codec) {
        this.db = db;
        this.codec = codec;
        this.rows = new GateRows(db, Preconditions.notBlank(codec.kind(), "codec.kind()"));
    }

    static JdbcGateStore<Checkpoint> checkpoints(Db db) {
        return new JdbcGateStore<>(db, CheckpointJson.ofDefaults());
    }

    static <T extends PausedRun> JdbcGateStore<T> of(Db db, FileGateStore.Codec<T> codec) {
        return new JdbcGateStore<>(db, codec);
    }

    /** @return what the rows hold: {@code checkpoint}, {@code pause}, {@code pipeline-checkpoint} */
    public String kind() {
        return codec.kind();
    }

    /**
     * {@inheritDoc}
     *
     * @throws GateStoreException naming the store and the gate when it cannot be written
     * @throws IllegalArgumentException naming the gate id when it is longer than 512 characters
     */
    @Override
    public void save(T paused) {
        Preconditions.notNull(paused, "paused");
        String gateId = GateRows.checkId(paused.gateId());
        String body = new String(codec.writeBytes(paused), StandardCharsets.UTF_8);
        try {
            rows.save(gateId, body);
        } catch (SQLException e) {
            throw new GateStoreException("cannot save the " + kind() + " of gate \"" + gateId + "\" to store "
                    + db.name() + ": " + Db.reason(e), e);
        }
    }

    /**
     * {@inheritDoc}
     *
     * @throws GateStoreException naming the store and the row when it cannot be read or does not hold a valid paused
     *     run of that gate
     */
    @Override
    public Optional<T> load(String gateId) {
        GateRows.checkId(gateId);
        Optional<String> body;
        try {
            body = rows.load(gateId);
        } catch (SQLException e) {
            throw new GateStoreException("cannot load the " + kind() + " of gate \"" + gateId + "\" from store "
                    + db.name() + ": " + Db.reason(e), e);
        }
        if (body.isEmpty()) {
            return Optional.empty();
        }
        String row = rows.rowName(gateId);
        T paused;
        try {
            paused = codec.read(body.get().getBytes(StandardCharsets.UTF_8));
        } catch (CheckpointFormatException | RuntimeException e) {
            throw new GateStoreException("store " + db.name() + ": row " + row + " does not hold a valid " + kind()
                    + ": " + oneLine(e.getMessage()), e);
        }
        if (!paused.gateId().equals(gateId)) {
            throw new GateStoreException("store " + db.name() + ": row " + row + " holds the " + kind()
                    + " of gate \"" + paused.gateId() + "\"", new IllegalStateException("gate id mismatch"));
        }
        return Optional.of(paused);
    }

    /**
     * {@inheritDoc}
     *
     * @throws GateStoreException naming the store when it cannot be read
     */
    @Override
    public List<String> pending() {
        try {
            return rows.pending();
        } catch (SQLException e) {
            throw new GateStoreException("cannot list the " + kind() + " rows of store " + db.name() + ": "
                    + Db.reason(e), e);
        }
    }

    /**
     * {@inheritDoc}
     *
     * @throws GateStoreException naming the store and the gate when it cannot be removed
     */
    @Override
    public boolean delete(String gateId) {
        GateRows.checkId(gateId);
        try {
            return rows.delete(gateId);
        } catch (SQLException e) {
            throw new GateStoreException("cannot delete the " + kind() + " of gate \"" + gateId + "\" from store "
                    + db.name() + ": " + Db.reason(e), e);
        }
    }

    static String oneLine(@org.jspecify.annotations.Nullable String message) {
        return message == null ? "" : message.replaceAll("\\s*\\R\\s*", " ").strip();
    }

    @Override
    public String toString() {
        return "JdbcGateStore[" + db.name() + ", " + kind() + "]";
    }
}
