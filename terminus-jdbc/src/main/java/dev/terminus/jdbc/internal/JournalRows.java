package dev.terminus.jdbc.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.jdbc.JournalEntry;
import dev.terminus.jdbc.RunKind;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The rows of {@code terminus_run} and {@code terminus_run_message}: inserted once, read by queries. */
public final class JournalRows {

    /**
     * A run to write, its termination and messages already in the wire format (so that one that cannot be written
     * fails before it is kept, never when it is written later).
     *
     * @param entry the run's row
     * @param termination its termination in the wire format
     * @param transcript its messages in the wire format
     */
    public record NewRun(JournalEntry entry, String termination, List<String> transcript) {
        /**
         * @return the run, its termination and messages in the wire format
         * @throws IllegalArgumentException naming the termination's type when the wire format cannot write it (an
         *     extension not registered)
         */
        public static NewRun of(JournalEntry entry, List<Message> transcript) {
            try {
                return new NewRun(entry, Json.write(entry.termination()),
                        transcript.stream().map(Json::write).toList());
            } catch (java.io.UncheckedIOException e) {
                throw new IllegalArgumentException("the journal cannot write run " + entry.runId() + ": "
                        + Migrations.firstLine(e.getCause().getMessage()), e);
            }
        }
    }

    /** A row that does not hold what its columns must; its message names the row and the column. */
    public static final class BadRow extends Exception {
        private static final long serialVersionUID = 1L;

        BadRow(String message, @Nullable Throwable cause) {
            super(message, cause);
        }
    }

    static final String COLUMNS = "run_id, parent_run_id, run_kind, agent, termination, termination_tag, category,"
            + " outcome, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_usd, duration_ms, ended_at,"
            + " gate_id, decided_by, decided_at";

    private final Db db;
    private final String runs;
    private final String messages;

    /** @param db the store's database */
    public JournalRows(Db db) {
        this.db = db;
        this.runs = db.table("terminus_run");
        this.messages = db.table("terminus_run_message");
    }

    /** @return the table of runs, as a query names it */
    public String runs() {
        return runs;
    }

    /** Writes runs and their messages in one transaction: all of them, or none. */
    public void insert(List<NewRun> batch) throws SQLException {
        db.transaction(c -> {
            try (PreparedStatement run = c.prepareStatement("INSERT INTO " + runs + " (" + COLUMNS + ")"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
                    PreparedStatement message = c.prepareStatement(
                            "INSERT INTO " + messages + " (run_id, seq, body) VALUES (?, ?, ?)")) {
                for (NewRun newRun : batch) {
                    bind(run, newRun);
                    run.addBatch();
                    int seq = 0;
                    for (String m : newRun.transcript()) {
                        message.setString(1, newRun.entry().runId());
                        message.setInt(2, seq++);
                        message.setString(3, m);
                        message.addBatch();
                    }
                }
                run.executeBatch();
                message.executeBatch();
            }
            return null;
        });
    }

    private static void bind(PreparedStatement s, NewRun run) throws SQLException {
        JournalEntry e = run.entry();
        s.setString(1, e.runId());
        s.setString(2, e.parentRunId());
        s.setString(3, e.kind().name());
        s.setString(4, e.agent());
        s.setString(5, run.termination());
        s.setString(6, e.termination().tag());
        s.setString(7, e.termination().category().name());
        s.setString(8, e.outcome().name());
        s.setLong(9, e.usage().inputTokens());
        s.setLong(10, e.usage().outputTokens());
        s.setLong(11, e.usage().cachedInputTokens());
        s.setLong(12, e.usage().reasoningTokens());
        s.setBigDecimal(13, e.costUsd());
        s.setLong(14, e.duration().toMillis());
        s.setObject(15, OffsetDateTime.ofInstant(e.endedAt(), ZoneOffset.UTC));
        JournalEntry.Decided d = e.decision();
        s.setString(16, d == null ? null : d.gateId());
        s.setString(17, d == null ? null : d.decidedBy());
        s.setObject(18, d == null ? null : OffsetDateTime.ofInstant(d.decidedAt(), ZoneOffset.UTC));
    }

    /**
     * Stamps a written run with the decision that resumed it, once.
     *
     * @return whether the run was stamped (false when it is not written or already has a decision)
     */
    public boolean stamp(String runId, JournalEntry.Decided decided) throws SQLException {
        return db.call(c -> {
            try (PreparedStatement update = c.prepareStatement("UPDATE " + runs
                    + " SET gate_id = ?, decided_by = ?, decided_at = ? WHERE run_id = ? AND decided_by IS NULL")) {
                update.setString(1, decided.gateId());
                update.setString(2, decided.decidedBy());
                update.setObject(3, OffsetDateTime.ofInstant(decided.decidedAt(), ZoneOffset.UTC));
                update.setString(4, runId);
                return update.executeUpdate() == 1;
            }
        });
    }

    /**
     * @param where the conditions, {@code AND}-ed, or empty
     * @param parameters the conditions' parameters, in order
     * @param limit the most rows
     * @return the runs, oldest end first
     */
    public List<JournalEntry> select(String where, List<Object> parameters, int limit)
            throws SQLException, BadRow {
        List<Object[]> raw = db.call(c -> {
            try (PreparedStatement select = c.prepareStatement("SELECT " + COLUMNS + " FROM " + runs
                    + (where.isEmpty() ? "" : " WHERE " + where) + " ORDER BY ended_at, run_id"
                    + " FETCH FIRST " + limit + " ROWS ONLY")) {
                for (int i = 0; i < parameters.size(); i++) {
                    select.setObject(i + 1, parameters.get(i));
                }
                return cells(select);
            }
        });
        List<JournalEntry> entries = new ArrayList<>(raw.size());
        for (Object[] row : raw) {
            entries.add(entry(row));
        }
        return List.copyOf(entries);
    }

    private static List<Object[]> cells(PreparedStatement select) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        try (ResultSet rs = select.executeQuery()) {
            while (rs.next()) {
                Object[] row = new Object[18];
                for (int i = 0; i < 18; i++) {
                    row[i] = switch (i) {
                        case 8, 9, 10, 11, 13 -> rs.getObject(i + 1) == null ? null : rs.getLong(i + 1);
                        case 12 -> rs.getBigDecimal(i + 1);
                        case 14, 17 -> rs.getObject(i + 1, OffsetDateTime.class);
                        default -> rs.getString(i + 1);
                    };
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private static JournalEntry entry(Object[] row) throws BadRow {
        String runId = (String) row[0];
        String name = "terminus_run(run_id=" + runId + ")";
        try {
            RunKind kind = enumOf(RunKind.class, row[2], name, "run_kind");
            Termination termination;
            try {
                termination = Json.termination((String) row[4]);
            } catch (JsonProcessingException e) {
                throw new BadRow("row " + name + " column termination is not a termination in the wire format: "
                        + Migrations.firstLine(e.getOriginalMessage()), e);
            }
            if (!termination.tag().equals(row[5])) {
                throw new BadRow("row " + name + " column termination_tag \"" + row[5] + "\" is not its"
                        + " termination's (" + termination.tag() + ")", null);
            }
            if (!termination.category().name().equals(row[6])) {
                throw new BadRow("row " + name + " column category \"" + row[6] + "\" is not its termination's ("
                        + termination.category() + ")", null);
            }
            Outcome outcome = enumOf(Outcome.class, row[7], name, "outcome");
            Usage usage = new Usage((Long) row[8], (Long) row[9], (Long) row[10], (Long) row[11]);
            BigDecimal cost = (BigDecimal) row[12];
            if (cost == null || cost.signum() < 0) {
                throw new BadRow("row " + name + " column cost_usd is not a sum of money: " + cost, null);
            }
            long ms = (Long) row[13];
            if (ms < 0) {
                throw new BadRow("row " + name + " column duration_ms is negative: " + ms, null);
            }
            OffsetDateTime ended = (OffsetDateTime) row[14];
            JournalEntry.Decided decided = row[16] == null ? null
                    : new JournalEntry.Decided((String) row[15], (String) row[16], ((OffsetDateTime) row[17]).toInstant());
            return new JournalEntry(runId, (String) row[1], kind, (String) row[3], termination, outcome, usage,
                    cost.stripTrailingZeros(), Duration.ofMillis(ms), ended.toInstant(), decided);
        } catch (BadRow e) {
            throw e;
        } catch (RuntimeException e) {
            throw new BadRow("row " + name + " does not hold a journal entry: "
                    + Migrations.firstLine(e.getMessage()), e);
        }
    }

    private static <E extends Enum<E>> E enumOf(Class<E> type, Object value, String row, String column)
            throws BadRow {
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(value)) {
                return constant;
            }
        }
        throw new BadRow("row " + row + " column " + column + " \"" + value + "\" is not a " + type.getSimpleName(),
                null);
    }

    /** @return a run's messages, in order; empty when it has none or is not written */
    public List<Message> transcript(String runId) throws SQLException, BadRow {
        List<String[]> raw = db.call(c -> read(c, runId));
        List<Message> transcript = new ArrayList<>(raw.size());
        for (String[] row : raw) {
            try {
                transcript.add(Json.message(row[1]));
            } catch (JsonProcessingException | RuntimeException e) {
                throw new BadRow("row terminus_run_message(run_id=" + runId + ", seq=" + row[0]
                        + ") column body is not a message in the wire format: " + Migrations.firstLine(
                                e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()), e);
            }
        }
        return List.copyOf(transcript);
    }

    private List<String[]> read(Connection c, String runId) throws SQLException {
        try (PreparedStatement select = c.prepareStatement(
                "SELECT seq, body FROM " + messages + " WHERE run_id = ? ORDER BY seq")) {
            select.setString(1, runId);
            List<String[]> rows = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    rows.add(new String[] {Integer.toString(rs.getInt(1)), rs.getString(2)});
                }
            }
            return rows;
        }
    }

    /** @return an instant as a query parameter */
    public static OffsetDateTime at(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
