package dev.terminus.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.terminus.test.ReliabilityScale;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Nothing lost, nobody twice: 50 deciders on 50 connections race for 1,000 paused runs, each gate raced by 10 of them
 * started together ({@code -Dterminus.reliability.scale=5} or more: by all 50).
 */
abstract class DecisionRaceContract extends StoreTestBase {

    private static final int DECIDERS = 50;
    private static final int GATES = 1_000;
    private static final int RIVALS = Math.min(DECIDERS, 10 * ReliabilityScale.factor());

    @Test
    void fiftyDecidersRacingForAThousandGatesDecideEachOnceAndResumeEachRunOnce() throws Exception {
        try (HikariDataSource pool = database.pool(DECIDERS);
                ExecutorService threads = Executors.newFixedThreadPool(DECIDERS)) {
            // given: 1,000 runs paused before a refund, their checkpoints saved
            JdbcStores pooled = database.stores(pool);
            RefundAgents agents = new RefundAgents();
            Agent agent = agents.agent();
            Map<String, Long> orderOf = new ConcurrentHashMap<>();
            for (long order = 1; order <= GATES; order++) {
                Checkpoint checkpoint = agent.run("refund order " + order).checkpoint().orElseThrow();
                pooled.checkpoints().save(checkpoint);
                orderOf.put(checkpoint.gateId(), order);
            }
            System.err.println("decision race on " + database.label() + ": " + GATES + " gates, " + DECIDERS
                    + " deciders on " + DECIDERS + " connections, " + RIVALS + " racing for each gate");
            List<String> gates = new ArrayList<>(orderOf.keySet());
            Map<String, String> winners = new ConcurrentHashMap<>();
            AtomicInteger refused = new AtomicInteger();
            AtomicInteger completed = new AtomicInteger();

            // when: each gate is tried by RIVALS deciders, each in an order of its own, on a connection of its own
            List<List<String>> assigned = new ArrayList<>();
            for (int d = 0; d < DECIDERS; d++) {
                assigned.add(new ArrayList<>());
            }
            Random draw = new Random(35);
            for (String gateId : gates) {
                List<Integer> rivals = new ArrayList<>();
                for (int d = 0; d < DECIDERS; d++) {
                    rivals.add(d);
                }
                Collections.shuffle(rivals, draw);
                for (int d : rivals.subList(0, RIVALS)) {
                    assigned.get(d).add(gateId);
                }
            }
            JdbcDecisions decisions = pooled.decisions();
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> deciders = new ArrayList<>();
            for (int d = 0; d < DECIDERS; d++) {
                String decider = "decider-" + d;
                List<String> order = assigned.get(d);
                Collections.shuffle(order, new Random(d));
                deciders.add(threads.submit(() -> {
                    start.await();
                    for (String gateId : order) {
                        try {
                            Resumed resumed = decisions.resume(agent, GateDecision.approve(gateId), decider);
                            winners.merge(gateId, decider, (a, b) -> a + "," + b);
                            if (resumed.result().termination() instanceof Termination.NaturalCompletion) {
                                completed.incrementAndGet();
                            }
                        } catch (AlreadyDecidedException lost) {
                            refused.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> decider : deciders) {
                decider.get();
            }

            // then: every gate has one winner, recorded as its decision's author, and its run resumed once
            assertThat(winners).hasSize(GATES);
            assertThat(winners.values()).allMatch(w -> !w.contains(","));
            assertThat(refused).hasValue(GATES * (RIVALS - 1));
            assertThat(completed).hasValue(GATES);
            for (var gate : orderOf.entrySet()) {
                assertThat(agents.refundsOf(gate.getValue())).as("refunds of order %s", gate.getValue()).isEqualTo(1);
                assertThat(decisions.decisionOf(gate.getKey()).orElseThrow().decidedBy())
                        .isEqualTo(winners.get(gate.getKey()));
            }
            assertThat(pooled.checkpoints().pending()).doesNotContainAnyElementsOf(gates);
        }
    }
}
