package dev.terminus.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A gate is decided once, by whom and when; the run it resumes is resumed once. */
abstract class DecisionsContract extends StoreTestBase {

    private static final Instant NOON = Instant.parse("2026-12-08T12:00:00.123456Z");

    private final RefundAgents agents = new RefundAgents();

    private Checkpoint savedPauseAt(long order) {
        Checkpoint checkpoint = agents.agent().run("refund order " + order).checkpoint().orElseThrow();
        stores.checkpoints().save(checkpoint);
        return checkpoint;
    }

    @Test
    void aDecisionRecordsWhatWhoAndWhenAndReadsBack() {
        // given
        JdbcDecisions decisions = stores.decisions().withClock(Clock.fixed(NOON, ZoneOffset.UTC));
        GateDecision reject = GateDecision.reject("gate-recorded", "refunds over 100 EUR need a manager");

        // when
        Decision decided = decisions.decide(reject, "alice@example.com");

        // then
        assertThat(decided).isEqualTo(new Decision(reject, "alice@example.com", NOON));
        assertThat(decisions.decisionOf("gate-recorded")).contains(decided);
        assertThat(decisions.decisionOf("gate-undecided")).isEmpty();
    }

    @Test
    void everyKindOfDecisionReadsBackEqual() {
        // given
        JdbcDecisions decisions = stores.decisions();
        GateDecision edited = GateDecision.approveWithArguments("gate-edited", Map.of("amount", 50, "note", "half"));
        GateDecision answer = GateDecision.answer("gate-answered", Map.of("iban", "DE89370400440532013000"));
        GateDecision approve = GateDecision.approve("gate-approved");

        // when
        decisions.decide(edited, "bob");
        decisions.decide(answer, "bob");
        decisions.decide(approve, "bob");

        // then
        assertThat(decisions.decisionOf("gate-edited").orElseThrow().decision()).isEqualTo(edited);
        assertThat(decisions.decisionOf("gate-answered").orElseThrow().decision()).isEqualTo(answer);
        assertThat(decisions.decisionOf("gate-approved").orElseThrow().kind()).isEqualTo("Approve");
    }

    @Test
    void aSecondDeciderIsToldWhoDecidedAndWhenAndChangesNothing() {
        // given
        JdbcDecisions first = stores.decisions().withClock(Clock.fixed(NOON, ZoneOffset.UTC));
        first.decide(GateDecision.approve("gate-twice"), "alice@example.com");

        // when / then
        assertThatThrownBy(() -> stores.decisions().decide(GateDecision.reject("gate-twice", "no"), "bob@example.com"))
                .isInstanceOf(AlreadyDecidedException.class)
                .hasMessage("gate \"gate-twice\" is already decided: Approve by alice@example.com at "
                        + "2026-12-08T12:00:00.123456Z")
                .satisfies(e -> assertThat(((AlreadyDecidedException) e).existing().decidedBy())
                        .isEqualTo("alice@example.com"));
        assertThat(first.decisionOf("gate-twice").orElseThrow().decision()).isEqualTo(GateDecision.approve("gate-twice"));
    }

    @Test
    void resumingDecidesTheGateRunsThePausedCallOnceAndRemovesTheCheckpoint() {
        // given
        Checkpoint paused = savedPauseAt(42);
        JdbcDecisions decisions = stores.decisions().withClock(Clock.fixed(NOON, ZoneOffset.UTC));

        // when
        Resumed resumed = decisions.resume(agents.agent(), GateDecision.approve(paused.gateId()), "alice@example.com");

        // then
        assertThat(resumed.decision()).isEqualTo(new Decision(GateDecision.approve(paused.gateId()),
                "alice@example.com", NOON));
        assertThat(resumed.result().termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(resumed.result().transcript()).contains(new Message.ToolResult("call_42", "refund", "refunded 42",
                false));
        assertThat(agents.refundsOf(42)).isEqualTo(1);
        assertThat(stores.checkpoints().load(paused.gateId())).isEmpty();
        assertThatThrownBy(() -> decisions.resume(agents.agent(), GateDecision.approve(paused.gateId()), "bob"))
                .isInstanceOf(AlreadyDecidedException.class);
        assertThat(agents.refundsOf(42)).isEqualTo(1);
    }

    @Test
    void anAgentThatDoesNotFitTheCheckpointIsRefusedAndLeavesTheGateUndecided() {
        // given
        Checkpoint paused = savedPauseAt(43);

        // when / then
        assertThatThrownBy(() -> stores.decisions().resume(agents.agent("another-agent"),
                GateDecision.approve(paused.gateId()), "alice"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(stores.decisions().decisionOf(paused.gateId())).isEmpty();
        assertThat(stores.checkpoints().load(paused.gateId())).contains(paused);
        assertThat(agents.refundsOf(43)).isZero();
    }

    @Test
    void resumingAGateWithoutAStoredCheckpointRecordsNoDecision() {
        // when / then
        assertThatThrownBy(() -> stores.decisions().resume(agents.agent(), GateDecision.approve("gate-nowhere"),
                "alice"))
                .isInstanceOf(JdbcStoreException.class)
                .hasMessage("store " + database.label() + " holds no checkpoint of gate \"gate-nowhere\"");
        assertThat(stores.decisions().decisionOf("gate-nowhere")).isEmpty();
    }

    @Test
    void aDecisionRowEditedToGarbageIsRefusedInOneLineNamingTheRow() throws Exception {
        // given
        stores.decisions().decide(GateDecision.reject("gate-garbled", "no"), "alice");
        database.execute("UPDATE " + database.table("terminus_decision") + " SET body = 'not json'"
                + " WHERE gate_id = 'gate-garbled'");

        // when / then
        assertThatThrownBy(() -> stores.decisions().decisionOf("gate-garbled"))
                .isInstanceOf(JdbcStoreException.class)
                .hasMessageStartingWith("store " + database.label() + ": row terminus_decision(gate_id=gate-garbled)"
                        + " does not hold a decision: decision \"Reject\", body: ")
                .message().doesNotContain("\n");
    }

    @Test
    void aDecisionOfAnUnknownKindIsRefusedNamingTheRowAndTheKind() throws Exception {
        // given
        stores.decisions().decide(GateDecision.approve("gate-future"), "alice");
        database.execute("UPDATE " + database.table("terminus_decision") + " SET decision = 'Delegate'"
                + " WHERE gate_id = 'gate-future'");

        // when / then
        assertThatThrownBy(() -> stores.decisions().decide(GateDecision.approve("gate-future"), "bob"))
                .isInstanceOf(JdbcStoreException.class)
                .hasMessage("store " + database.label() + ": row terminus_decision(gate_id=gate-future) does not hold"
                        + " a decision: decision \"Delegate\", body: decision \"Delegate\" is not one this Terminus"
                        + " knows");
    }

    @Test
    void aBlankAuthorIsRefusedNamingIt() {
        assertThatThrownBy(() -> stores.decisions().decide(GateDecision.approve("gate-x"), " "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("decidedBy");
    }
}
