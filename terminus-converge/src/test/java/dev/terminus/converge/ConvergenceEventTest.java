package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.GateDecision;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class ConvergenceEventTest {

    @Test
    void aRunPublishesItsCyclesMergesAndEndInOrder() {
        // given
        List<ConvergenceEvent> events = new CopyOnWriteArrayList<>();
        ConvergenceEngine engine = ConvergenceEngine.builder().name("demo")
                .agent(Fixtures.constant("a", Map.of("x", 1)))
                .agent(ConvergenceAgent.of("b", Trigger.on("x"), (context, cycle) -> Reply.nothing()))
                .listener(events::add)
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        Proposal proposal = Proposal.of("a", ProposedFact.of("x", 1));
        Fact fact = new Fact("x", 1, new Provenance("a", 1, 1.0));
        assertThat(events).containsExactly(
                new ConvergenceEvent.RunStarted("demo", 0, false),
                new ConvergenceEvent.CycleStarted("demo", 1, List.of("a", "b")),
                new ConvergenceEvent.FactMerged("demo", 1, proposal, fact),
                new ConvergenceEvent.CycleFinished("demo", 1, List.of("x")),
                new ConvergenceEvent.CycleStarted("demo", 2, List.of("a", "b")),
                new ConvergenceEvent.CycleFinished("demo", 2, List.of()),
                new ConvergenceEvent.RunFinished("demo", result));
    }

    @Test
    void aResumedRunSaysSoAndStartsInThePausedCycle() {
        // given
        List<ConvergenceEvent> events = new CopyOnWriteArrayList<>();
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().listener(events::add).build();
        Pause pause = engine.run(Context.empty()).pause().orElseThrow();
        events.clear();

        // when
        engine.resume(pause, GateDecision.reject(pause.gateId(), "no"));

        // then
        assertThat(events.getFirst()).isEqualTo(new ConvergenceEvent.RunStarted("hitl", 1, true));
        assertThat(events.get(1)).isInstanceOfSatisfying(ConvergenceEvent.ProposalRejected.class, rejected ->
                assertThat(rejected.rejection().rejectedBy()).isEqualTo(RejectedProposal.By.PERSON));
    }
}
