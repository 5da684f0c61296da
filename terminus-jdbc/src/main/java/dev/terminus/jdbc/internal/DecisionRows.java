package dev.terminus.jdbc.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.terminus.agent.GateDecision;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.Instant;
import java.util.Optional;

/** The rows of {@code terminus_decision}: one per gate, inserted once, never changed. */
public final class DecisionRows {

    /**
     * A decision's row, read back.
     *
     * @param decision what was decided
     * @param decidedBy who
     * @param decidedAt when
     */
    public record Row(GateDecision decision, String decidedBy, Instant decidedAt) {}

    /** A row that does not hold a decision; its message names the row and the column. */
    public static final class BadRow extends Exception {
        private static final long serialVersionUID = 1L;

        BadRow(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final String table;
    private final Db db;

    /** @param db the store's database */
    public DecisionRows(Db db) {
        this.db = db;
        this.table = db.table("terminus_decision");
    }

    /** What an insert found. */
    public enum Insert {
        /** This decision is the gate's. */
        RECORDED,
        /** The gate was decided before. */
        DECIDED_BEFORE,
        /** The gate has no stored paused run of the kind asked for. */
        NOT_STORED
    }

    /**
     * Inserts a gate's decision unless it has one, in one statement: of concurrent inserts for one gate, one succeeds,
     * the primary key refusing the others (a gate already decided is usually seen by the statement itself).
     *
     * @param storedKind when not null, the decision is inserted only if the gate has a row of this kind in
     *     {@code terminus_gate} (in the same statement)
     * @return what the insert found: {@link Insert#NOT_STORED} also when a gate of a stored kind was decided before
     */
    public Insert insert(GateDecision decision, String decidedBy, Instant decidedAt,
            @org.jspecify.annotations.Nullable String storedKind) throws SQLException {
        String gateId = decision.gateId();
        return db.call(c -> {
            String sql = storedKind == null
                    ? "INSERT INTO " + table + " (gate_id, decision, body, decided_by, decided_at) VALUES (?, ?, ?, ?, ?)"
                    : "INSERT INTO " + table + " (gate_id, decision, body, decided_by, decided_at)"
                            + " SELECT ?, ?, ?, ?, ? FROM " + db.table("terminus_gate") + " WHERE kind = ? AND gate_id = ?"
                            + " AND NOT EXISTS (SELECT 1 FROM " + table + " WHERE gate_id = ?)";
            try (PreparedStatement insert = c.prepareStatement(sql)) {
                insert.setString(1, gateId);
                insert.setString(2, decision.getClass().getSimpleName());
                insert.setString(3, Json.write(decision));
                insert.setString(4, decidedBy);
                insert.setObject(5, OffsetDateTime.ofInstant(decidedAt, ZoneOffset.UTC));
                if (storedKind != null) {
                    insert.setString(6, storedKind);
                    insert.setString(7, gateId);
                    insert.setString(8, gateId);
                }
                return insert.executeUpdate() == 1 ? Insert.RECORDED : Insert.NOT_STORED;
            } catch (SQLException e) {
                if (!Db.UNIQUE_VIOLATION.equals(e.getSQLState())) {
                    throw e;
                }
                return Insert.DECIDED_BEFORE;
            }
        });
    }

    /**
     * Removes a decision that resumed nothing (the agent asked to resume did not fit the checkpoint): only the row of
     * that author and time.
     *
     * @return whether it was removed
     */
    public boolean withdraw(String gateId, String decidedBy, Instant decidedAt) throws SQLException {
        return db.call(c -> {
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM " + table
                    + " WHERE gate_id = ? AND decided_by = ? AND decided_at = ?")) {
                delete.setString(1, gateId);
                delete.setString(2, decidedBy);
                delete.setObject(3, OffsetDateTime.ofInstant(decidedAt, ZoneOffset.UTC));
                return delete.executeUpdate() == 1;
            }
        });
    }

    /** @return a gate's decision, if it has one */
    public Optional<Row> find(String gateId) throws SQLException, BadRow {
        String[] cells = db.call(c -> select(c, gateId));
        if (cells == null) {
            return Optional.empty();
        }
        String row = "terminus_decision(gate_id=" + gateId + ")";
        GateDecision decision;
        try {
            decision = Json.decision(cells[0], gateId, cells[1]);
        } catch (JsonProcessingException | RuntimeException e) {
            throw new BadRow("row " + row + " does not hold a decision: decision \"" + cells[0] + "\", body: "
                    + Migrations.firstLine(e.getMessage()), e);
        }
        if (cells[2] == null || cells[2].isBlank()) {
            throw new BadRow("row " + row + " has no decided_by", new IllegalStateException("blank decided_by"));
        }
        Instant at;
        try {
            at = OffsetDateTime.parse(cells[3]).toInstant();
        } catch (RuntimeException e) {
            throw new BadRow("row " + row + " has a decided_at that is no time: " + cells[3], e);
        }
        return Optional.of(new Row(decision, cells[2], at));
    }

    private String @org.jspecify.annotations.Nullable [] select(Connection c, String gateId) throws SQLException {
        try (PreparedStatement select = c.prepareStatement(
                "SELECT decision, body, decided_by, decided_at FROM " + table + " WHERE gate_id = ?")) {
            select.setString(1, gateId);
            try (ResultSet rs = select.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                OffsetDateTime at = rs.getObject(4, OffsetDateTime.class);
                return new String[] {rs.getString(1), rs.getString(2), rs.getString(3),
                    at == null ? null : at.toString()};
            }
        }
    }
}
