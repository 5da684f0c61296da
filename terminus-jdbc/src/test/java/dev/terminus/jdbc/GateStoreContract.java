package dev.terminus.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.converge.Context;
import dev.terminus.converge.Fact;
import dev.terminus.converge.Pause;
import dev.terminus.converge.Proposal;
import dev.terminus.converge.ProposedFact;
import dev.terminus.pipeline.PipelineCheckpoint;
import dev.terminus.pipeline.StageResult;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@code GateStore} contract, as {@code FileGateStore} keeps it, on a database. */
abstract class GateStoreContract extends StoreTestBase {

    private final RefundAgents agents = new RefundAgents();

    private Checkpoint pausedAt(long order) {
        return agents.agent().run("refund order " + order).checkpoint().orElseThrow();
    }

    @Test
    void aSavedCheckpointLoadsBackEqualAndIsPendingUntilDeleted() {
        // given
        JdbcGateStore<Checkpoint> store = stores.checkpoints();
        Checkpoint checkpoint = pausedAt(42);

        // when
        store.save(checkpoint);

        // then
        assertThat(store.load(checkpoint.gateId())).contains(checkpoint);
        assertThat(store.pending()).contains(checkpoint.gateId());
        assertThat(store.delete(checkpoint.gateId())).isTrue();
        assertThat(store.load(checkpoint.gateId())).isEmpty();
        assertThat(store.delete(checkpoint.gateId())).isFalse();
        assertThat(store.pending()).doesNotContain(checkpoint.gateId());
    }

    @Test
    void aSaveReplacesTheRunOfTheSameGate() {
        // given
        JdbcGateStore<Checkpoint> store = stores.checkpoints();
        Checkpoint first = pausedAt(7);
        Checkpoint changed = first.withMetadata("tenant", "acme");

        // when
        store.save(first);
        store.save(changed);

        // then
        assertThat(store.load(first.gateId())).contains(changed);
    }

    @Test
    void checkpointsPausesAndPipelineCheckpointsLiveSideBySideWithoutListingEachOther() {
        // given
        Checkpoint checkpoint = pausedAt(8);
        Pause pause = pause("gate-pause-8");
        PausedPipeline pipeline = pipeline(pausedAt(9));

        // when
        stores.checkpoints().save(checkpoint);
        stores.pauses().save(pause);
        stores.pipelineCheckpoints().save(pipeline);

        // then
        assertThat(stores.pauses().load(pause.gateId())).contains(pause);
        assertThat(stores.pipelineCheckpoints().load(pipeline.gateId())).contains(pipeline);
        assertThat(stores.checkpoints().pending()).contains(checkpoint.gateId()).doesNotContain(pause.gateId(),
                pipeline.gateId());
        assertThat(stores.pauses().pending()).contains(pause.gateId()).doesNotContain(checkpoint.gateId());
        assertThat(stores.pipelineCheckpoints().pending()).contains(pipeline.gateId())
                .doesNotContain(checkpoint.gateId(), pause.gateId());
    }

    @Test
    void pendingGatesComeSortedAndAnUnknownGateLoadsEmpty() {
        // given
        JdbcGateStore<Pause> store = stores.pauses();
        store.save(pause("gate-sorted-b"));
        store.save(pause("gate-sorted-a"));

        // when
        List<String> pending = store.pending();

        // then
        assertThat(pending).isSorted().contains("gate-sorted-a", "gate-sorted-b");
        assertThat(store.load("gate-never-saved")).isEmpty();
    }

    @Test
    void aCheckpointColumnEditedToGarbageIsRefusedInOneLineNamingTheRow() throws Exception {
        // given
        Checkpoint checkpoint = pausedAt(11);
        stores.checkpoints().save(checkpoint);
        database.execute("UPDATE " + database.table("terminus_gate") + " SET body = '{\"formatVersion\": \"x\"'"
                + " WHERE gate_id = '" + checkpoint.gateId() + "'");

        // when / then
        assertThatThrownBy(() -> stores.checkpoints().load(checkpoint.gateId()))
                .isInstanceOf(GateStoreException.class)
                .hasMessageStartingWith("store " + database.label() + ": row terminus_gate(kind=checkpoint, gate_id="
                        + checkpoint.gateId() + ") does not hold a valid checkpoint: ")
                .message().doesNotContain("\n");
    }

    @Test
    void aRowHoldingAnotherGatesRunIsRefusedNamingBoth() throws Exception {
        // given
        Checkpoint checkpoint = pausedAt(12);
        stores.checkpoints().save(checkpoint);
        database.execute("UPDATE " + database.table("terminus_gate") + " SET gate_id = 'gate-renamed'"
                + " WHERE gate_id = '" + checkpoint.gateId() + "'");

        // when / then
        assertThatThrownBy(() -> stores.checkpoints().load("gate-renamed"))
                .isInstanceOf(GateStoreException.class)
                .hasMessage("store " + database.label() + ": row terminus_gate(kind=checkpoint, gate_id=gate-renamed)"
                        + " holds the checkpoint of gate \"" + checkpoint.gateId() + "\"");
    }

    @Test
    void aPausedRunWhoseCheckpointCannotBeSavedEndsFailedExternalNamingTheStoreAndKeepsItsCheckpoint() {
        // given: the database goes away while the run is paused
        SwitchableDataSource source = new SwitchableDataSource(database);
        JdbcStores flaky = database.stores(source);
        RunResult paused = agents.agent().run("refund order 13");
        source.cut();

        // when
        RunResult kept = flaky.savePaused(paused);

        // then
        var failed = (Termination.Failed) kept.termination();
        assertThat(failed.category()).isEqualTo(Category.RETRYABLE);
        assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL);
        assertThat(failed.error().message()).startsWith("cannot save the checkpoint of gate \""
                + paused.checkpoint().orElseThrow().gateId() + "\" to store " + database.label() + ": ")
                .doesNotContain("\n");
        assertThat(kept.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(kept.checkpoint()).isEqualTo(paused.checkpoint());
        assertThat(kept.transcript()).isEqualTo(paused.transcript());

        // and when the database is back, the kept checkpoint saves
        source.restore();
        assertThat(flaky.savePaused(kept.toBuilder().termination(paused.termination()).build()).termination())
                .isEqualTo(paused.termination());
        assertThat(stores.checkpoints().load(paused.checkpoint().orElseThrow().gateId()))
                .isEqualTo(paused.checkpoint());
    }

    static Pause pause(String gateId) {
        Proposal staged = Proposal.of("reader", new ProposedFact("total", 119050, 0.4));
        return new Pause(1, new Termination.HitlGatePending(gateId, staged.id(), "reader proposes total", "reader", 2),
                "reconcile", List.of("reader"), staged, List.of(), List.of(),
                Context.ofFacts(List.of(Fact.input("document", "INVOICE INV-0042"))), List.of(), List.of(), 1,
                new Usage(100, 50, 10, 5), Duration.ofMillis(1234));
    }

    static PausedPipeline pipeline(Checkpoint checkpoint) {
        StageResult stage = StageResult.builder().name("refund").termination(checkpoint.gate())
                .outcome(Outcome.SUSPENDED).attempts(1).usage(checkpoint.usage()).duration(checkpoint.elapsed())
                .build();
        return new PausedPipeline(new PipelineCheckpoint("support", "refund order 9", List.of(), stage,
                Duration.ofSeconds(1), checkpoint));
    }
}
