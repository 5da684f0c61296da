package dev.terminus.jdbc;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.converge.ConvergenceEvent;
import dev.terminus.converge.ConvergenceListener;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.jdbc.internal.Db;
import dev.terminus.jdbc.internal.JournalRows;
import dev.terminus.pipeline.PipelineEvent;
import dev.terminus.pipeline.PipelineListener;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.StageResult;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The journal of ended runs: each with its id, agent, termination (in the wire format), category, outcome, usage,
 * cost, duration, parent run and end time, its transcript kept apart; queryable by termination, category, outcome,
 * agent and time range ({@link #query()}). A run's row and its messages are inserted once, in one transaction, and
 * never rewritten.
 *
 * <p>As an {@link AgentListener} it records every run of the agent when it ends, with the runs of the agents it called
 * as tools as its children; {@link #pipelines()} and {@link #convergence()} record pipelines (their stages' last runs
 * as children) and convergence runs. A run the database cannot take is not lost: it is kept in memory and written
 * with the next run, or by {@link #flush()}; {@link #unwritten()} counts them. The listener never breaks a run.
 *
 * {@snippet :
 * // given: JdbcStores stores
 * RunJournal journal = stores.journal();
 * Agent agent = Agent.builder(model).listener(journal).build();
 * agent.run("Refund order 42");
 * List<JournalEntry> capped = journal.query().termination("MaxIterationsReached")
 *         .endedBetween(Instant.parse("2026-01-01T00:00:00Z"), Instant.now()).list();
 * List<Message> transcript = journal.transcript(capped.getFirst().runId());
 * }
 */
public final class RunJournal implements AgentListener {

    /** The most runs kept in memory while the database cannot take them; older ones are then dropped, counted. */
    static final int MAX_UNWRITTEN = 10_000;
    /** The most results remembered to stamp with their decision ({@link #record(Resumed)}). */
    private static final int REMEMBERED = 1_024;

    private final Db db;
    private final JournalRows rows;
    private final Clock clock;
    private final ArrayDeque<JournalRows.NewRun> unwritten = new ArrayDeque<>();
    private long dropped;
    /** Held while the kept runs are written, so that two threads never write them twice. */
    private final Object flushing = new Object();
    /** The ids the listener gave the results it wrote lately, by identity: a resume stamps its run by it. */
    private final Map<Identity, String> ids = Collections.synchronizedMap(new Lru(REMEMBERED));

    RunJournal(Db db) {
        this(db, Clock.systemUTC());
    }

    private RunJournal(Db db, Clock clock) {
        this.db = db;
        this.rows = new JournalRows(db);
        this.clock = clock;
    }

    /**
     * @param clock the clock of the runs' end times (a fixed one in a test)
     * @return a journal of the same store timed by that clock
     */
    public RunJournal withClock(Clock clock) {
        return new RunJournal(db, Preconditions.notNull(clock, "clock"));
    }

    /** Records a run when it ends; never throws (a run the database refuses is kept, see the class comment). */
    @Override
    public void onEvent(AgentEvent event) {
        if (event instanceof AgentEvent.RunTerminated ended) {
            String runId = newId();
            ids.put(new Identity(ended.result()), runId);
            keep(() -> agentRuns(runId, null, ended.result(), null));
        }
    }

    /** @return a listener recording each pipeline when it ends, its stages' last agent runs as children */
    public PipelineListener pipelines() {
        return event -> {
            if (event instanceof PipelineEvent.PipelineFinished finished) {
                keep(() -> pipelineRuns(finished.result()));
            }
        };
    }

    /** @return a listener recording each convergence run when it ends */
    public ConvergenceListener convergence() {
        return event -> {
            if (event instanceof ConvergenceEvent.RunFinished finished) {
                keep(() -> List.of(convergenceRun(finished.engine(), finished.result())));
            }
        };
    }

    /**
     * Records an agent run that ended, with its children, now.
     *
     * @param result the run's result
     * @return the run's id in the journal
     * @throws JdbcStoreException naming the store when it cannot be written (the run is then not kept)
     * @throws IllegalArgumentException naming the run when the wire format cannot write its termination
     */
    public String record(RunResult result) {
        Preconditions.notNull(result, "result");
        String runId = newId();
        write(agentRuns(runId, null, result, null));
        return runId;
    }

    /**
     * Records a run resumed at a gate with the decision that resumed it: who decided and when. When this journal
     * already recorded the run as its agent's listener, that entry is stamped with the decision instead.
     *
     * @param resumed the decision and the resumed run's result
     * @return the run's id in the journal
     * @throws JdbcStoreException naming the store when it cannot be written
     */
    public String record(Resumed resumed) {
        Preconditions.notNull(resumed, "resumed");
        Decision d = resumed.decision();
        JournalEntry.Decided decided = new JournalEntry.Decided(d.gateId(), d.decidedBy(), d.decidedAt());
        String known = ids.get(new Identity(resumed.result()));
        if (known != null) {
            flush();
            try {
                if (rows.stamp(known, decided)) {
                    return known;
                }
            } catch (SQLException e) {
                throw new JdbcStoreException("cannot record the decision of run " + known + " in store " + db.name()
                        + ": " + Db.reason(e), e);
            }
        }
        String runId = newId();
        write(agentRuns(runId, null, resumed.result(), decided));
        return runId;
    }

    /** @return a query of the journal's runs: all of them until narrowed */
    public RunQuery query() {
        return new RunQuery(db, rows);
    }

    /**
     * @param runId a run's id in the journal
     * @return the run, if the journal has it
     * @throws JdbcStoreException naming the store and the row when it cannot be read or holds no valid entry
     */
    public Optional<JournalEntry> find(String runId) {
        Preconditions.notBlank(runId, "runId");
        List<JournalEntry> found = query().runId(runId).list();
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    /**
     * @param runId a run's id in the journal
     * @return its transcript, system prompt first; empty for a run without messages or not in the journal
     * @throws JdbcStoreException naming the store and the row when it cannot be read or holds no valid message
     */
    public List<Message> transcript(String runId) {
        Preconditions.notBlank(runId, "runId");
        try {
            return rows.transcript(runId);
        } catch (SQLException e) {
            throw new JdbcStoreException("cannot read the transcript of run " + runId + " from store " + db.name()
                    + ": " + Db.reason(e), e);
        } catch (JournalRows.BadRow e) {
            throw new JdbcStoreException("store " + db.name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes the runs kept while the database could not take them.
     *
     * @return how many were written
     * @throws JdbcStoreException naming the store when it still cannot take them (they stay kept)
     */
    public int flush() {
        synchronized (flushing) {
            List<JournalRows.NewRun> batch;
            synchronized (unwritten) {
                batch = new ArrayList<>(unwritten);
            }
            if (batch.isEmpty()) {
                return 0;
            }
            try {
                rows.insert(batch);
            } catch (SQLException e) {
                throw new JdbcStoreException("cannot write " + batch.size() + " journal runs to store " + db.name()
                        + ": " + Db.reason(e), e);
            }
            synchronized (unwritten) {
                for (int i = 0; i < batch.size(); i++) {
                    unwritten.pollFirst();
                }
            }
            return batch.size();
        }
    }

    /** @return how many ended runs wait in memory for the database; {@link #flush()} writes them */
    public int unwritten() {
        synchronized (unwritten) {
            return unwritten.size();
        }
    }

    /**
     * @return how many ended runs the listener dropped: more than 10,000 waited for the database, or the wire format
     *     cannot write their termination (an extension its {@code TerminusModule} does not register)
     */
    public long dropped() {
        synchronized (unwritten) {
            return dropped;
        }
    }

    /** Writes runs (after those kept), or keeps them when the database cannot take them. */
    private void keep(java.util.function.Supplier<List<JournalRows.NewRun>> build) {
        List<JournalRows.NewRun> runs;
        try {
            runs = build.get();
        } catch (IllegalArgumentException cannotBeWritten) { // an extension termination the wire format lacks
            synchronized (unwritten) {
                dropped++;
            }
            return;
        }
        try {
            if (unwritten() > 0) {
                flush();
            }
            rows.insert(runs);
        } catch (SQLException | JdbcStoreException e) {
            synchronized (unwritten) {
                unwritten.addAll(runs);
                while (unwritten.size() > MAX_UNWRITTEN) {
                    unwritten.pollFirst();
                    dropped++;
                }
            }
        }
    }

    private void write(List<JournalRows.NewRun> runs) {
        try {
            rows.insert(runs);
        } catch (SQLException e) {
            throw new JdbcStoreException("cannot write run " + runs.getFirst().entry().runId() + " to store "
                    + db.name() + ": " + Db.reason(e), e);
        }
    }

    private List<JournalRows.NewRun> agentRuns(String runId, @Nullable String parent, RunResult result,
            JournalEntry.@Nullable Decided decided) {
        List<JournalRows.NewRun> runs = new ArrayList<>();
        addAgentRun(runs, runId, parent, result, result.agentName().orElse(""), decided);
        return runs;
    }

    private void addAgentRun(List<JournalRows.NewRun> runs, String runId, @Nullable String parent, RunResult result,
            String agent, JournalEntry.@Nullable Decided decided) {
        runs.add(JournalRows.NewRun.of(new JournalEntry(runId, parent, RunKind.AGENT, agent, result.termination(),
                result.outcome(), result.usage(), result.costUsd(), result.duration(), now(), decided),
                result.transcript()));
        for (ChildRun child : result.children()) {
            addAgentRun(runs, newId(), runId, child.result(), child.result().agentName().orElse(child.toolName()),
                    null);
        }
    }

    private List<JournalRows.NewRun> pipelineRuns(PipelineResult result) {
        String runId = newId();
        BigDecimal cost = result.costUsd();
        List<JournalRows.NewRun> runs = new ArrayList<>();
        runs.add(JournalRows.NewRun.of(new JournalEntry(runId, null, RunKind.PIPELINE, result.pipelineName(),
                result.termination(), result.outcome(), result.usage(), cost, result.duration(), now(), null),
                List.of()));
        for (StageResult stage : result.stages()) {
            stage.lastRun().ifPresent(run -> addAgentRun(runs, newId(), runId, run,
                    run.agentName().orElse(stage.name()), null));
        }
        return runs;
    }

    private JournalRows.NewRun convergenceRun(String engine, ConvergenceResult result) {
        Usage usage = result.usage();
        Termination termination = result.termination();
        return JournalRows.NewRun.of(new JournalEntry(newId(), null, RunKind.CONVERGENCE, engine, termination,
                result.outcome(), usage, BigDecimal.ZERO, result.duration(), now(), null), List.of());
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    private static String newId() {
        return UUID.randomUUID().toString();
    }

    @Override
    public String toString() {
        return "RunJournal[" + db.name() + "]";
    }

    /** A result as a key by identity: two runs may end with equal results. */
    private record Identity(RunResult result) {
        @Override
        public boolean equals(@Nullable Object o) {
            return o instanceof Identity other && other.result == result;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(result);
        }
    }

    /** A map keeping its latest entries. */
    private static final class Lru extends LinkedHashMap<Identity, String> {
        private static final long serialVersionUID = 1L;
        private final int capacity;

        Lru(int capacity) {
            this.capacity = capacity;
        }

        @Override
        protected boolean removeEldestEntry(Map.Entry<Identity, String> eldest) {
            return size() > capacity;
        }
    }
}
