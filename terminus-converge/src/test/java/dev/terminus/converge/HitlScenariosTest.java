package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.ErrorCategory;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.checkpoint.FileGateStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Proposals that wait for a person: the pause, its trip through the store, and the decisions that resume it. */
class HitlScenariosTest {

    @TempDir
    Path dir;

    @Test
    void aProposalBelowTheConfidenceThresholdPausesTheRunAndTheStoreKeepsThePause() throws IOException {
        // given
        FileGateStore<Pause> store = FileGateStore.checkpoints(dir).beside(PauseJson.ofDefaults());
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().pauseStore(store).build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        Termination.HitlGatePending gate = (Termination.HitlGatePending) result.termination();
        assertThat(result.outcome()).isEqualTo(Outcome.SUSPENDED);
        assertThat(gate.agentId()).isEqualTo("reader");
        assertThat(gate.cycle()).isEqualTo(1);
        assertThat(gate.proposalId()).isEqualTo(Proposal.of("reader", new ProposedFact("total.cents", 119050, 0.4)).id());
        assertThat(gate.summary()).isEqualTo("reader proposes total.cents = 119050 (confidence 0.40 is below 0.70)");
        Pause pause = result.pause().orElseThrow();
        assertThat(pause.context().values()).containsExactly(Map.entry("invoice.number", "INV-0042"));
        assertThat(pause.changedKeys()).containsExactly("invoice.number");
        assertThat(store.pending()).containsExactly(gate.gateId());
        assertThat(store.pathOf(gate.gateId())).exists().hasParent(dir);
        assertThat(store.load(gate.gateId())).contains(pause);
    }

    @Test
    void anApprovedProposalIsMergedInTheSameCycleAndTheRunGoesOnToConverge() throws IOException {
        // given
        FileGateStore<Pause> store = FileGateStore.in(dir, PauseJson.ofDefaults());
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().pauseStore(store).build();
        Pause pause = engine.run(Context.empty()).pause().orElseThrow();
        Pause stored = store.load(pause.gateId()).orElseThrow();

        // when
        ConvergenceResult result = engine.resume(stored, GateDecision.approve(stored.gateId()));

        // then: cycle 1 merged the total after the pause, cycle 2 the checker's fact, cycle 3 changed nothing
        assertThat(result.termination()).isEqualTo(new Termination.Converged(3));
        Fact total = result.context().fact("total.cents").orElseThrow();
        assertThat(total.provenance()).isEqualTo(new Provenance("reader", 1, 0.4));
        assertThat(result.context().value("checked")).isEqualTo(true);
        assertThat(store.pending()).isEmpty();
    }

    @Test
    void aRejectedProposalIsRecordedAndNeverProposedAgain() {
        // given
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().build();
        Pause pause = engine.run(Context.empty()).pause().orElseThrow();

        // when: the reader proposes the same total in every cycle after this one
        ConvergenceResult result = engine.resume(pause, GateDecision.reject(pause.gateId(), "the total is on page 2"));

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Converged(2));
        assertThat(result.rejected()).containsExactly(
                new RejectedProposal(pause.staged(), "the total is on page 2", RejectedProposal.By.PERSON));
        assertThat(result.context().contains("total.cents")).isFalse();
    }

    @Test
    void aDecisionForAnotherGateIsRefusedNamingBothGates() {
        // given
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().build();
        Pause pause = engine.run(Context.empty()).pause().orElseThrow();

        // when / then
        assertThatThrownBy(() -> engine.resume(pause, GateDecision.approve("gate-elsewhere")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the decision is for gate \"gate-elsewhere\", but the pause waits at gate \""
                        + pause.gateId() + "\"");
    }

    @Test
    void anApprovalWithArgumentsIsRefusedForAProposalHasNoneAndNothingRuns() {
        // given
        List<String> calls = new java.util.concurrent.CopyOnWriteArrayList<>();
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().listener(event -> calls.add(event.toString())).build();
        Pause pause = engine.run(Context.empty()).pause().orElseThrow();
        calls.clear();

        // when / then
        assertThatThrownBy(() -> engine.resume(pause,
                GateDecision.approveWithArguments(pause.gateId(), Map.of("total.cents", 1))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the decision approves gate \"" + pause.gateId() + "\" with arguments {total.cents=1}, but"
                        + " a convergence run's proposal has no arguments to edit: approve or reject it");
        assertThat(calls).isEmpty();
    }

    @Test
    void aPauseWrittenByAnEngineWithOtherAgentsIsRefused() {
        // given
        Pause pause = Fixtures.unsureOfTheTotal().build().run(Context.empty()).pause().orElseThrow();
        ConvergenceEngine other = ConvergenceEngine.builder().agent(Fixtures.constant("extractor", Map.of())).build();

        // when / then
        assertThatThrownBy(() -> other.resume(pause, GateDecision.approve(pause.gateId())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the pause was written by an engine with agents [extractor, reader, checker], but this"
                        + " engine has agents [extractor]");
    }

    @Test
    void aProposalForAGatedKeyPausesWhateverItsConfidence() {
        // given: the ticker keeps the run going three cycles
        AtomicInteger cycles = new AtomicInteger();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("clerk", Map.of("approved-by", "ops")))
                .agent(ConvergenceAgent.of("ticker", Trigger.always(), (context, cycle) ->
                        Reply.propose(ProposedFact.of("tick", Math.min(cycles.incrementAndGet(), 3)))))
                .gatedKeys("approved-by")
                .build();
        Pause pause = engine.run(Context.empty()).pause().orElseThrow();

        // when
        ConvergenceResult result = engine.resume(pause, GateDecision.approve(pause.gateId()));

        // then
        assertThat(pause.staged()).isEqualTo(Proposal.of("clerk", ProposedFact.of("approved-by", "ops")));
        assertThat(pause.remaining()).extracting(Proposal::key).containsExactly("tick");
        assertThat(result.termination()).isEqualTo(new Termination.Converged(4));
        assertThat(result.context().values()).containsEntry("approved-by", "ops").containsEntry("tick", 3);
    }

    @Test
    void aProposalAPersonApprovedIsNotAskedAboutAgainWhenItComesBack() {
        // given: "a" wants k = 1 in every cycle; "b" overrides it with k = 2 in cycle 2 only
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("a", Map.of("k", 1)))
                .agent(ConvergenceAgent.of("b", Trigger.always(), (context, cycle) ->
                        cycle == 2 ? Reply.propose(ProposedFact.of("k", 2)) : Reply.nothing()))
                .gatedKeys("k")
                .build();
        Pause first = engine.run(Context.empty()).pause().orElseThrow();
        Pause second = engine.resume(first, GateDecision.approve(first.gateId())).pause().orElseThrow();

        // when: in cycle 3 "a" proposes k = 1 again, which a person approved in cycle 1
        ConvergenceResult result = engine.resume(second, GateDecision.approve(second.gateId()));

        // then
        assertThat(first.staged().agent()).isEqualTo("a");
        assertThat(second.staged().agent()).isEqualTo("b");
        assertThat(second.approved()).containsExactly(first.staged().id());
        assertThat(result.termination()).isEqualTo(new Termination.Converged(4));
        assertThat(result.context().fact("k").orElseThrow().provenance()).isEqualTo(new Provenance("a", 3, 1.0));
    }

    @Test
    void aResumedRunCountsItsCyclesUsageAndFactsOnFromThePause() {
        // given
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().maxCycles(2).build();
        Pause pause = engine.run(Context.empty()).pause().orElseThrow();

        // when
        ConvergenceResult result = engine.resume(pause, GateDecision.approve(pause.gateId()));

        // then: cycle 1 merged the number, the total and checked = false, cycle 2 checked = true; a third would
        // exceed the cap
        assertThat(result.termination()).isEqualTo(new Termination.MaxIterationsReached(2, 2));
        assertThat(result.factsMerged()).isEqualTo(4);
        assertThat(result.duration()).isGreaterThanOrEqualTo(pause.elapsed());
    }

    @Test
    void aPauseThatCannotBeSavedEndsTheRunFailedExternalAndKeepsThePauseOnTheResult() {
        // given
        GateStore<Pause> broken = new GateStore<>() {
            @Override public void save(Pause pause) {
                throw new GateStoreException("cannot save the pause of gate \"" + pause.gateId() + "\": disk full",
                        new IOException("disk full"));
            }
            @Override public Optional<Pause> load(String gateId) { return Optional.empty(); }
            @Override public List<String> pending() { return List.of(); }
            @Override public boolean delete(String gateId) { return false; }
        };
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().pauseStore(broken).build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL);
            assertThat(failed.error().message()).startsWith("cannot save the pause of gate \"gate-").endsWith("\": disk full");
        });
        assertThat(result.pause()).isPresent();
    }
}
