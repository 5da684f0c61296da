package dev.terminus.jdbc;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Preconditions;
import dev.terminus.jdbc.internal.Db;
import dev.terminus.jdbc.internal.JournalRows;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A query of the journal's runs, narrowed by each condition set (all must hold), oldest end first. Not thread-safe:
 * build it where it is run.
 *
 * {@snippet :
 * // given: RunJournal journal; Instant yesterday; Instant today
 * List<JournalEntry> failedYesterday = journal.query()
 *         .agent("support")
 *         .category(Category.RETRYABLE)
 *         .endedBetween(yesterday, today)
 *         .limit(100)
 *         .list();
 * }
 */
public final class RunQuery {
    /** The most rows one query returns. */
    public static final int MAX_LIMIT = 10_000;

    private final Db db;
    private final JournalRows rows;
    private final List<String> conditions = new ArrayList<>();
    private final List<Object> parameters = new ArrayList<>();
    private int limit = 1_000;

    RunQuery(Db db, JournalRows rows) {
        this.db = db;
        this.rows = rows;
    }

    /** @param tag a termination's tag, such as {@code MaxIterationsReached} @return this query */
    public RunQuery termination(String tag) {
        return where("termination_tag = ?", Preconditions.notBlank(tag, "termination"));
    }

    /** @param category what the caller should do next @return this query */
    public RunQuery category(Category category) {
        return where("category = ?", Preconditions.notNull(category, "category").name());
    }

    /** @param outcome the dashboard outcome @return this query */
    public RunQuery outcome(Outcome outcome) {
        return where("outcome = ?", Preconditions.notNull(outcome, "outcome").name());
    }

    /** @param agent an agent's name (a pipeline's or engine's for those) @return this query */
    public RunQuery agent(String agent) {
        return where("agent = ?", Preconditions.notNull(agent, "agent"));
    }

    /** @param kind a kind of run @return this query */
    public RunQuery kind(RunKind kind) {
        return where("run_kind = ?", Preconditions.notNull(kind, "kind").name());
    }

    /** @param runId the parent run's id @return this query: the runs it called */
    public RunQuery parentRun(String runId) {
        return where("parent_run_id = ?", Preconditions.notBlank(runId, "parentRun"));
    }

    RunQuery runId(String runId) {
        return where("run_id = ?", runId);
    }

    /**
     * @param from the earliest end, inclusive
     * @param to the latest end, exclusive
     * @return this query
     * @throws IllegalArgumentException naming both when {@code to} is before {@code from}
     */
    public RunQuery endedBetween(Instant from, Instant to) {
        Preconditions.notNull(from, "from");
        Preconditions.notNull(to, "to");
        if (to.isBefore(from)) {
            throw new IllegalArgumentException("endedBetween: to " + to + " is before from " + from);
        }
        where("ended_at >= ?", JournalRows.at(from));
        return where("ended_at < ?", JournalRows.at(to));
    }

    /**
     * @param limit the most runs to return, 1 to 10,000 (1,000 unless set)
     * @return this query
     * @throws IllegalArgumentException naming the value when it is out of range
     */
    public RunQuery limit(int limit) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be 1 to " + MAX_LIMIT + ", was " + limit);
        }
        this.limit = limit;
        return this;
    }

    /**
     * @return the runs, oldest end first
     * @throws JdbcStoreException naming the store and the row when it cannot be read or a row holds no valid entry
     */
    public List<JournalEntry> list() {
        try {
            return rows.select(String.join(" AND ", conditions), parameters, limit);
        } catch (SQLException e) {
            throw new JdbcStoreException("cannot query the journal of store " + db.name() + ": " + Db.reason(e), e);
        } catch (JournalRows.BadRow e) {
            throw new JdbcStoreException("store " + db.name() + ": " + e.getMessage(), e);
        }
    }

    private RunQuery where(String condition, Object parameter) {
        conditions.add(condition);
        parameters.add(parameter);
        return this;
    }
}
