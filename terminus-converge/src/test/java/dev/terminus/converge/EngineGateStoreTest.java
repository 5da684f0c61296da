package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.GateDecision;
import dev.terminus.Termination;
import dev.terminus.agent.spi.GateStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The engine's use of any {@link GateStore} of pauses: it saves a pause when a run pauses, and deletes it once
 * resumed.
 */
class EngineGateStoreTest {

    /** A store in memory, recording what the engine asks of it. */
    static final class MemoryStore implements GateStore<Pause> {
        final Map<String, Pause> pauses = new ConcurrentHashMap<>();
        final List<String> calls = new ArrayList<>();

        @Override
        public void save(Pause pause) {
            calls.add("save " + pause.gateId());
            pauses.put(pause.gateId(), pause);
        }

        @Override
        public Optional<Pause> load(String gateId) {
            return Optional.ofNullable(pauses.get(gateId));
        }

        @Override
        public List<String> pending() {
            return pauses.keySet().stream().sorted().toList();
        }

        @Override
        public boolean delete(String gateId) {
            calls.add("delete " + gateId);
            return pauses.remove(gateId) != null;
        }
    }

    @Test
    void theEngineSavesEveryPauseAndDeletesEachOnceItWasResumed() {
        // given: "a" and then "b" propose a gated key, so the run pauses twice
        MemoryStore store = new MemoryStore();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("a", Map.of("k", 1)))
                .agent(ConvergenceAgent.of("b", Trigger.always(), (context, cycle) ->
                        cycle == 2 ? Reply.propose(ProposedFact.of("k", 2)) : Reply.nothing()))
                .gatedKeys("k")
                .pauseStore(store)
                .build();

        // when
        Pause first = engine.run(Context.empty()).pause().orElseThrow();
        ConvergenceResult second = engine.resume(store.load(first.gateId()).orElseThrow(),
                GateDecision.approve(first.gateId()));
        Pause next = second.pause().orElseThrow();
        ConvergenceResult last = engine.resume(store.load(next.gateId()).orElseThrow(),
                GateDecision.reject(next.gateId(), "k stays 1"));

        // then
        assertThat(store.calls).containsExactly("save " + first.gateId(), "save " + next.gateId(),
                "delete " + first.gateId(), "delete " + next.gateId());
        assertThat(store.pending()).isEmpty();
        assertThat(last.termination()).isEqualTo(new Termination.Converged(2));
        assertThat(last.context().value("k")).isEqualTo(1);
    }
}
