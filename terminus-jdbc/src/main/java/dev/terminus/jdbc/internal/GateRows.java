package dev.terminus.jdbc.internal;

import dev.terminus.Preconditions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The rows of {@code terminus_gate} of one kind. */
public final class GateRows {
    /** The longest gate id a row holds. */
    public static final int MAX_ID = 512;

    private final Db db;
    private final String kind;
    private final String table;

    /**
     * @param db the store's database
     * @param kind the kind of paused run
     */
    public GateRows(Db db, String kind) {
        this.db = db;
        this.kind = kind;
        this.table = db.table("terminus_gate");
    }

    /**
     * @param gateId a gate id
     * @return it, when a row can hold it
     * @throws IllegalArgumentException naming the gate id when it is blank or longer than {@value #MAX_ID}
     */
    public static String checkId(String gateId) {
        Preconditions.notBlank(gateId, "gateId");
        if (gateId.length() > MAX_ID) {
            throw new IllegalArgumentException("gateId \"" + gateId.substring(0, 40) + "…\" has " + gateId.length()
                    + " characters: a store holds ids of up to " + MAX_ID);
        }
        return gateId;
    }

    /** @return how a message names a gate's row */
    public String rowName(String gateId) {
        return "terminus_gate(kind=" + kind + ", gate_id=" + gateId + ")";
    }

    /** Replaces or inserts a gate's row, each in one statement. */
    public void save(String gateId, String body) throws SQLException {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        db.call(c -> {
            for (int attempt = 0; ; attempt++) {
                if (update(c, gateId, body, now) == 1) {
                    return null;
                }
                try (PreparedStatement insert = c.prepareStatement(
                        "INSERT INTO " + table + " (kind, gate_id, body, saved_at) VALUES (?, ?, ?, ?)")) {
                    insert.setString(1, kind);
                    insert.setString(2, gateId);
                    insert.setString(3, body);
                    insert.setObject(4, now);
                    insert.executeUpdate();
                    return null;
                } catch (SQLException e) {
                    if (!Db.UNIQUE_VIOLATION.equals(e.getSQLState()) || attempt > 0) {
                        throw e;
                    } // another process inserted it first: replace theirs
                }
            }
        });
    }

    private int update(Connection c, String gateId, String body, OffsetDateTime now) throws SQLException {
        try (PreparedStatement update = c.prepareStatement(
                "UPDATE " + table + " SET body = ?, saved_at = ? WHERE kind = ? AND gate_id = ?")) {
            update.setString(1, body);
            update.setObject(2, now);
            update.setString(3, kind);
            update.setString(4, gateId);
            return update.executeUpdate();
        }
    }

    /** @return a gate's body, if it has a row */
    public Optional<String> load(String gateId) throws SQLException {
        return db.call(c -> {
            try (PreparedStatement select = c.prepareStatement(
                    "SELECT body FROM " + table + " WHERE kind = ? AND gate_id = ?")) {
                select.setString(1, kind);
                select.setString(2, gateId);
                try (ResultSet rs = select.executeQuery()) {
                    return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.<String>empty();
                }
            }
        });
    }

    /** @return the gate ids of the kind, sorted */
    public List<String> pending() throws SQLException {
        return db.call(c -> {
            try (PreparedStatement select = c.prepareStatement(
                    "SELECT gate_id FROM " + table + " WHERE kind = ?")) {
                select.setString(1, kind);
                List<String> ids = new ArrayList<>();
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
                ids.sort(null); // in Java's order, whatever the database's collation
                return List.copyOf(ids);
            }
        });
    }

    /** @return whether a row was removed */
    public boolean delete(String gateId) throws SQLException {
        return db.call(c -> {
            try (PreparedStatement delete = c.prepareStatement(
                    "DELETE FROM " + table + " WHERE kind = ? AND gate_id = ?")) {
                delete.setString(1, kind);
                delete.setString(2, gateId);
                return delete.executeUpdate() > 0;
            }
        });
    }
}
