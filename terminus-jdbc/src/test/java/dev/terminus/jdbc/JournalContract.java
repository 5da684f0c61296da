package dev.terminus.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.converge.ConvergenceEvent;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.pipeline.PipelineEvent;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.StageResult;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every ended run in the journal, its transcript apart, found by how it ended, whose it was and when. */
abstract class JournalContract extends StoreTestBase {

    private static final Instant NOON = Instant.parse("2026-12-08T12:00:00Z");

    private final RefundAgents agents = new RefundAgents();

    private RunJournal journalAt(Instant at) {
        return stores.journal().withClock(Clock.fixed(at, ZoneOffset.UTC));
    }

    @Test
    void anAgentsListenerRecordsEachEndedRunWithItsFiguresAndItsTranscriptApart() {
        // given
        RunJournal journal = journalAt(NOON);
        Agent agent = agents.agent("listened", journal);

        // when
        RunResult paused = agent.run("refund order 5");

        // then
        List<JournalEntry> found = journal.query().agent("listened").list();
        assertThat(found).hasSize(1);
        JournalEntry entry = found.getFirst();
        assertThat(entry.kind()).isEqualTo(RunKind.AGENT);
        assertThat(entry.termination()).isEqualTo(paused.termination());
        assertThat(entry.category()).isEqualTo(Category.SUSPENDED);
        assertThat(entry.outcome()).isEqualTo(Outcome.SUSPENDED);
        assertThat(entry.usage()).isEqualTo(paused.usage());
        assertThat(entry.costUsd()).isEqualByComparingTo(paused.costUsd());
        assertThat(entry.duration()).isEqualTo(Duration.ofMillis(paused.duration().toMillis()));
        assertThat(entry.endedAt()).isEqualTo(NOON);
        assertThat(entry.parentRunId()).isNull();
        assertThat(entry.decision()).isNull();
        assertThat(journal.transcript(entry.runId())).isEqualTo(paused.transcript());
        assertThat(journal.find(entry.runId())).contains(entry);
    }

    @Test
    void aQueryNarrowsByTerminationCategoryOutcomeAgentAndTimeRange() {
        // given: three runs of one agent, an hour apart, the last one cancelled
        RunResult paused = agents.agent("narrowed").run("refund order 6");
        RunResult cancelled = paused.toBuilder().termination(new Termination.Cancelled("operator"))
                .outcome(Outcome.CANCELLED).checkpoint(null).build();
        String first = journalAt(NOON).record(paused);
        String second = journalAt(NOON.plusSeconds(3600)).record(paused);
        String third = journalAt(NOON.plusSeconds(7200)).record(cancelled);
        RunJournal journal = stores.journal();

        // when / then
        assertThat(ids(journal.query().agent("narrowed"))).containsExactly(first, second, third);
        assertThat(ids(journal.query().agent("narrowed").termination("HitlGatePending"))).containsExactly(first, second);
        assertThat(ids(journal.query().agent("narrowed").category(Category.INTERRUPTED))).containsExactly(third);
        assertThat(ids(journal.query().agent("narrowed").outcome(Outcome.SUSPENDED))).containsExactly(first, second);
        assertThat(ids(journal.query().agent("narrowed").endedBetween(NOON.plusSeconds(1), NOON.plusSeconds(7200))))
                .containsExactly(second);
        assertThat(ids(journal.query().agent("narrowed").limit(1))).containsExactly(first);
        assertThat(journal.query().agent("nobody").list()).isEmpty();
    }

    @Test
    void aRunResumedAtAGateIsRecordedOnceWithWhoDecidedAndWhen() {
        // given: a run paused, its checkpoint saved, its agent journaled
        RunJournal journal = stores.journal();
        Agent agent = agents.agent("decided", journal);
        stores.checkpoints().save(agent.run("refund order 7").checkpoint().orElseThrow());
        String gateId = ((Termination.HitlGatePending) journal.query().agent("decided").list().getFirst()
                .termination()).gateId();
        JdbcDecisions decisions = stores.decisions().withClock(Clock.fixed(NOON, ZoneOffset.UTC));

        // when
        Resumed resumed = decisions.resume(agent, GateDecision.approve(gateId), "alice@example.com");
        String runId = journal.record(resumed);

        // then: the listener's entry of the resumed run carries the decision; no second entry
        List<JournalEntry> runs = journal.query().agent("decided").list();
        assertThat(runs).hasSize(2);
        JournalEntry done = journal.find(runId).orElseThrow();
        assertThat(done.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(done.decision()).isEqualTo(new JournalEntry.Decided(gateId, "alice@example.com", NOON));
        assertThat(journal.transcript(runId)).isEqualTo(resumed.result().transcript());
    }

    @Test
    void aPipelineIsRecordedWithItsStagesLastRunsAsItsChildren() {
        // given
        RunJournal journal = stores.journal();
        RunResult run = agents.agent("stage-agent").run("refund order 8");
        StageResult stage = StageResult.builder().name("refund").termination(run.termination())
                .outcome(run.outcome()).attempts(1).usage(run.usage()).duration(run.duration()).lastRun(run).build();
        PipelineResult pipeline = PipelineResult.builder().pipelineName("support-pipeline")
                .termination(run.termination()).outcome(run.outcome()).stages(List.of(stage)).usage(run.usage())
                .duration(Duration.ofMillis(40)).build();

        // when
        journal.pipelines().onEvent(new PipelineEvent.PipelineFinished("support-pipeline", pipeline));

        // then
        JournalEntry parent = journal.query().kind(RunKind.PIPELINE).agent("support-pipeline").list().getFirst();
        List<JournalEntry> children = journal.query().parentRun(parent.runId()).list();
        assertThat(children).singleElement().satisfies(child -> {
            assertThat(child.agent()).isEqualTo("stage-agent");
            assertThat(child.kind()).isEqualTo(RunKind.AGENT);
        });
        assertThat(journal.transcript(children.getFirst().runId())).isEqualTo(run.transcript());
    }

    @Test
    void aConvergenceRunIsRecordedByItsEngineListener() {
        // given
        RunJournal journal = journalAt(NOON);
        ConvergenceResult converged = ConvergenceResult.builder().termination(new Termination.NaturalCompletion())
                .usage(Usage.of(30, 12)).duration(Duration.ofMillis(250)).build();

        // when
        journal.convergence().onEvent(new ConvergenceEvent.RunFinished("reconcile", converged));

        // then
        assertThat(journal.query().kind(RunKind.CONVERGENCE).agent("reconcile").list()).singleElement()
                .satisfies(entry -> {
                    assertThat(entry.termination()).isEqualTo(new Termination.NaturalCompletion());
                    assertThat(entry.usage()).isEqualTo(Usage.of(30, 12));
                    assertThat(entry.duration()).isEqualTo(Duration.ofMillis(250));
                    assertThat(entry.endedAt()).isEqualTo(NOON);
                });
    }

    @Test
    void aRunWhoseTerminationTheWireFormatCannotWriteIsDroppedCountedAndNeverBlocksTheOthers() {
        // given: an extension the default wire format does not register
        RunJournal journal = stores.journal();
        RunResult unwritable = RunResult.builder().termination(new Unregistered()).outcome(Outcome.FAILED)
                .agentName("extended").build();

        // when
        journal.onEvent(new AgentEvent.RunTerminated("extended", unwritable));
        journal.onEvent(new AgentEvent.RunTerminated("extended", agents.agent("extended").run("refund order 14")));

        // then
        assertThat(journal.dropped()).isEqualTo(1);
        assertThat(journal.unwritten()).isZero();
        assertThat(journal.query().agent("extended").list()).singleElement()
                .satisfies(entry -> assertThat(entry.termination()).isInstanceOf(Termination.HitlGatePending.class));
    }

    /** A termination of the application's that the journal's wire format does not know. */
    record Unregistered() implements Termination.Extension {
        @Override
        public String tag() {
            return "Unregistered";
        }

        @Override
        public Category category() {
            return Category.FATAL;
        }
    }

    @Test
    void runsEndingWhileTheDatabaseIsUnreachableAreKeptAndWrittenWhenItIsBack() {
        // given
        SwitchableDataSource source = new SwitchableDataSource(database);
        RunJournal journal = database.stores(source).journal();
        Agent agent = agents.agent("unreachable", journal);
        source.cut();

        // when: a run ends while the database is gone
        RunResult paused = agent.run("refund order 9");

        // then: the run ended as it would have, and its entry waits in memory
        assertThat(paused.termination()).isInstanceOf(Termination.HitlGatePending.class);
        assertThat(journal.unwritten()).isEqualTo(1);
        assertThatThrownBy(journal::flush).isInstanceOf(JdbcStoreException.class)
                .hasMessageStartingWith("cannot write 1 journal runs to store " + database.label() + ": ")
                .message().doesNotContain("\n");

        // and when the database is back, the next run writes both
        source.restore();
        agent.run("refund order 10");
        assertThat(journal.unwritten()).isZero();
        assertThat(journal.query().agent("unreachable").list()).hasSize(2);
    }

    @Test
    void aTerminationColumnEditedToGarbageIsRefusedInOneLineNamingTheRowAndColumn() throws Exception {
        // given
        String runId = stores.journal().record(agents.agent("garbled").run("refund order 11"));
        database.execute("UPDATE " + database.table("terminus_run") + " SET termination = '{\"$kind\":\"Nope\"}'"
                + " WHERE run_id = '" + runId + "'");

        // when / then
        assertThatThrownBy(() -> stores.journal().query().agent("garbled").list())
                .isInstanceOf(JdbcStoreException.class)
                .hasMessageStartingWith("store " + database.label() + ": row terminus_run(run_id=" + runId
                        + ") column termination is not a termination in the wire format: ")
                .message().doesNotContain("\n");
    }

    @Test
    void aCategoryColumnThatContradictsItsTerminationIsRefusedNamingTheRow() throws Exception {
        // given
        String runId = stores.journal().record(agents.agent("recategorized").run("refund order 12"));
        database.execute("UPDATE " + database.table("terminus_run") + " SET category = 'SUCCESS'"
                + " WHERE run_id = '" + runId + "'");

        // when / then
        assertThatThrownBy(() -> stores.journal().find(runId))
                .isInstanceOf(JdbcStoreException.class)
                .hasMessage("store " + database.label() + ": row terminus_run(run_id=" + runId + ") column category"
                        + " \"SUCCESS\" is not its termination's (SUSPENDED)");
    }

    @Test
    void aMessageEditedToGarbageIsRefusedNamingItsRow() throws Exception {
        // given
        String runId = stores.journal().record(agents.agent("mangled").run("refund order 13"));
        database.execute("UPDATE " + database.table("terminus_run_message") + " SET body = '[1,'"
                + " WHERE run_id = '" + runId + "' AND seq = 1");

        // when / then
        assertThatThrownBy(() -> stores.journal().transcript(runId))
                .isInstanceOf(JdbcStoreException.class)
                .hasMessageStartingWith("store " + database.label() + ": row terminus_run_message(run_id=" + runId
                        + ", seq=1) column body is not a message in the wire format: ")
                .message().doesNotContain("\n");
    }

    private static List<String> ids(RunQuery query) {
        return query.list().stream().map(JournalEntry::runId).toList();
    }

}
