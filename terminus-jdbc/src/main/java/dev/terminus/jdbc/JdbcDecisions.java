package dev.terminus.jdbc;

import dev.terminus.Preconditions;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.jdbc.internal.Db;
import dev.terminus.jdbc.internal.DecisionRows;
import dev.terminus.jdbc.internal.GateRows;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The gates' decisions, each recorded once with who decided and when: of any number of processes deciding one gate
 * at the same instant, one records its decision and every other gets an {@link AlreadyDecidedException} saying who
 * decided and when. The row's primary key is the gate id, so the database itself picks the one insert that wins
 * (ADR 0046). A decision is never changed nor removed, but for one that resumed nothing because the agent asked to
 * resume did not fit the checkpoint ({@link #resume}).
 *
 * {@snippet :
 * // given: JdbcStores stores; RunJournal journal
 * JdbcDecisions decisions = stores.decisions();
 * try {
 *     Resumed done = decisions.resume(agent, GateDecision.approve(gateId), "alice@example.com");
 *     journal.record(done);                                  // the run, with who decided and when
 * } catch (AlreadyDecidedException e) {
 *     System.out.println(e.getMessage());   // gate "gate-…" is already decided: Approve by bob@… at 2026-…Z
 * }
 * }
 */
public final class JdbcDecisions {

    private final Db db;
    private final DecisionRows rows;
    private final JdbcGateStore<Checkpoint> checkpoints;
    private final Clock clock;

    JdbcDecisions(Db db, JdbcGateStore<Checkpoint> checkpoints) {
        this(db, checkpoints, Clock.systemUTC());
    }

    private JdbcDecisions(Db db, JdbcGateStore<Checkpoint> checkpoints, Clock clock) {
        this.db = db;
        this.rows = new DecisionRows(db);
        this.checkpoints = checkpoints;
        this.clock = clock;
    }

    /**
     * @param clock the clock decisions are timed by (a fixed one in a test)
     * @return decisions of the same store timed by that clock
     */
    public JdbcDecisions withClock(Clock clock) {
        return new JdbcDecisions(db, checkpoints, Preconditions.notNull(clock, "clock"));
    }

    /**
     * Records a gate's decision, unless the gate has one.
     *
     * @param decision the decision; its gate id names the gate (of a checkpoint, a pause or a pipeline checkpoint)
     * @param decidedBy who decides, as the application names people
     * @return the decision as recorded, timed now (to the microsecond)
     * @throws AlreadyDecidedException saying who decided the gate and when, when it was decided before
     * @throws JdbcStoreException naming the store and the gate when the decision cannot be recorded, or the gate's
     *     recorded decision cannot be read
     * @throws IllegalArgumentException naming a blank author or a gate id longer than 512 characters
     */
    public Decision decide(GateDecision decision, String decidedBy) {
        return record(decision, decidedBy, null)
                .orElseThrow(() -> new IllegalStateException("a decision without a stored kind is always recorded"));
    }

    /**
     * @param storedKind when not null, the decision is recorded only when the gate has a paused run of this kind
     * @return the decision recorded, or empty when the gate has no paused run of that kind
     */
    private Optional<Decision> record(GateDecision decision, String decidedBy, @Nullable String storedKind) {
        Preconditions.notNull(decision, "decision");
        Preconditions.notBlank(decidedBy, "decidedBy");
        GateRows.checkId(decision.gateId());
        if (decidedBy.length() > 256) {
            throw new IllegalArgumentException("decidedBy \"" + decidedBy.substring(0, 40) + "…\" has "
                    + decidedBy.length() + " characters: a store holds authors of up to 256");
        }
        Instant at = clock.instant().truncatedTo(ChronoUnit.MICROS);
        DecisionRows.Insert insert;
        try {
            insert = rows.insert(decision, decidedBy, at, storedKind);
        } catch (SQLException e) {
            throw new JdbcStoreException("cannot record the decision of gate \"" + decision.gateId() + "\" in store "
                    + db.name() + ": " + Db.reason(e), e);
        }
        return switch (insert) {
            case RECORDED -> Optional.of(new Decision(decision, decidedBy, at));
            case NOT_STORED -> { // no paused run: maybe it was resumed already
                Optional<Decision> before = decisionOf(decision.gateId());
                if (before.isPresent()) {
                    throw new AlreadyDecidedException(before.get());
                }
                yield Optional.empty();
            }
            case DECIDED_BEFORE -> throw new AlreadyDecidedException(decisionOf(decision.gateId())
                    .orElseThrow(() -> new JdbcStoreException("store " + db.name() + ": the decision of gate \""
                            + decision.gateId() + "\" was refused as a second one, but none can be read back")));
        };
    }

    /**
     * @param gateId a gate id
     * @return the gate's decision, if it was decided
     * @throws JdbcStoreException naming the store and the row when it cannot be read or does not hold a decision
     */
    public Optional<Decision> decisionOf(String gateId) {
        GateRows.checkId(gateId);
        try {
            return rows.find(gateId).map(JdbcDecisions::toDecision);
        } catch (SQLException e) {
            throw new JdbcStoreException("cannot read the decision of gate \"" + gateId + "\" from store "
                    + db.name() + ": " + Db.reason(e), e);
        } catch (DecisionRows.BadRow e) {
            throw new JdbcStoreException("store " + db.name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Decides a paused agent run's gate and, when this decision is the one recorded, resumes the run from its stored
     * checkpoint: a gate's run is resumed once, by the decider that won. The checkpoint's row is removed after the run
     * (a run that pauses again has its new checkpoint saved first, see {@link JdbcStores#savePaused}); when it cannot
     * be removed, the result is still returned and the row stays, decided, so nobody resumes it again.
     *
     * @param agent the agent of the paused run's configuration
     * @param decision the decision
     * @param decidedBy who decides
     * @return the decision and the resumed run's result
     * @throws AlreadyDecidedException saying who decided the gate and when, when it was decided before
     * @throws JdbcStoreException naming the store and the gate when no checkpoint of the gate is stored, or the
     *     decision cannot be recorded
     * @throws GateStoreException naming the store and the row when the checkpoint cannot be read
     * @throws IllegalArgumentException as {@link Agent#resume} when the decision does not fit the gate or the agent does
     *     not fit the checkpoint (another name, model or configuration); the decision is then withdrawn, the gate
     *     still undecided
     */
    public Resumed resume(Agent agent, GateDecision decision, String decidedBy) {
        Preconditions.notNull(agent, "agent");
        Preconditions.notNull(decision, "decision");
        String gateId = GateRows.checkId(decision.gateId());
        Decision recorded = record(decision, decidedBy, checkpoints.kind()).orElseThrow(() -> new JdbcStoreException(
                "store " + db.name() + " holds no checkpoint of gate \"" + gateId + "\""));
        Checkpoint checkpoint = checkpoints.load(gateId).orElseThrow(() -> new JdbcStoreException("store "
                + db.name() + ": the checkpoint of gate \"" + gateId + "\" was removed while it was decided"));
        RunResult result;
        try {
            result = agent.resume(checkpoint, decision);
        } catch (IllegalArgumentException doesNotFit) { // refused before the run went on: the decision resumed nothing
            try {
                rows.withdraw(gateId, recorded.decidedBy(), recorded.decidedAt());
            } catch (SQLException e) {
                doesNotFit.addSuppressed(e);
            }
            throw doesNotFit;
        }
        RunResult kept = JdbcStores.savePaused(checkpoints, result);
        try {
            checkpoints.delete(gateId);
        } catch (GateStoreException stays) {
            // the row stays, decided: nobody resumes it again, and the run's result is not lost
        }
        return new Resumed(recorded, kept);
    }

    private static Decision toDecision(DecisionRows.Row row) {
        return new Decision(row.decision(), row.decidedBy(), row.decidedAt());
    }

    @Override
    public String toString() {
        return "JdbcDecisions[" + db.name() + "]";
    }
}
