package dev.terminus.langchain4j;

import static dev.terminus.langchain4j.fake.Fault.reply;
import static dev.terminus.langchain4j.fake.Fault.stallMidBody;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RunResult;
import dev.terminus.langchain4j.fake.FaultServer;
import dev.terminus.langchain4j.fake.ProviderWire;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The network faults whose outcome is a matter of time, on the clients that answer whole (streams that stall are in
 * {@link StreamingNetworkFaultsTest} and {@link StreamCancelTest}): a body that stalls past the time budget ends the
 * run at its deadline (the call aborted on the wire, its connection closed), and a 429's {@code Retry-After} is
 * waited before the retry but never past the time budget.
 */
@Timeout(30)
class NetworkTimingTest {
    private static final Duration BUDGET = Duration.ofMillis(300);
    /** How far past its deadline a stalled run ends, typically: the median of every stalled run of the class. */
    private static final Duration STALL_MEDIAN_BOUND = Duration.ofMillis(20);
    /**
     * How far past its deadline any one stalled run may end. Measured from the call of the run (the client already
     * built), runs end within a few milliseconds of their deadline; a loaded 2-core build machine can still hold a
     * thread off the CPU for longer than 20 ms, so one run is held to a looser bound than the median (still far below
     * the client's own 120 s timeout, which a run that waited for the socket would reach); the overshoots seen are
     * printed.
     */
    private static final Duration STALL_BOUND = Duration.ofMillis(100);
    private static final List<Long> OVERSHOOTS_MICROS = new CopyOnWriteArrayList<>();

    private final FaultyRuns runs = new FaultyRuns();
    private final FaultServer server = runs.server;

    @AfterEach
    void nothingIsLeftBehind() throws InterruptedException {
        runs.close();
    }

    @AfterAll
    static void stalledRunsEndWithin20MsOfTheirDeadlineTypically() {
        List<Long> sorted = OVERSHOOTS_MICROS.stream().sorted().toList();
        if (!sorted.isEmpty()) {
            System.out.println("stalled runs past their deadline (us): n=" + sorted.size() + " min=" + sorted.getFirst()
                    + " median=" + sorted.get(sorted.size() / 2) + " max=" + sorted.getLast() + " all=" + sorted);
            assertThat(Duration.ofNanos(sorted.get(sorted.size() / 2) * 1_000)).as("median overshoot")
                    .isLessThan(STALL_MEDIAN_BOUND);
        }
    }

    @RepeatedTest(5)
    void aBodyThatStallsPastTheTimeBudgetEndsTheRunAtItsDeadline() {
        for (ProviderWire wire : ProviderWire.values()) {
            // given: the headers and half the answer, then nothing
            server.always(stallMidBody(wire.answer("Wear a coat.")));

            // when: timed from the call of the run, where its budget starts (building the client is not the run's time)
            RunResult result = runs.run(wire, wire.baseUrl(server.origin()),
                    AgentConfig.custom().retryPolicy(FaultyRuns.TWO_RETRIES).timeBudget(BUDGET));
            Duration took = Duration.ofNanos(System.nanoTime() - runs.lastRunStartedNanos);

            // then: the connection is closed by the abort (checked after the test with the threads)
            assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
            Duration overshoot = took.minus(BUDGET);
            OVERSHOOTS_MICROS.add(overshoot.toNanos() / 1_000);
            assertThat(overshoot).as(wire + " overshoot").isLessThan(STALL_BOUND);
        }
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void a429IsRetriedAfterItsRetryAfter(ProviderWire wire) {
        // given: a 429 asking for 1 s, under a policy whose own backoff is 1 ms
        server.then(reply(wire.error(429, "rate limited")).header("Retry-After", "1"), reply(wire.answer("Wear a coat.")));

        // when
        RunResult result = runs.run(wire);

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(runs.attempts).containsExactly("RateLimited", null);
        List<FaultServer.Request> requests = server.requests();
        assertThat(Duration.ofNanos(requests.get(1).receivedNanos() - requests.get(0).receivedNanos()))
                .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void a429WhoseRetryAfterPassesTheTimeBudgetEndsTheRunAtOnce(ProviderWire wire) {
        // given: a 429 asking for 30 s, with 2 s of time budget
        server.always(reply(wire.error(429, "rate limited")).header("Retry-After", "30"));

        // when
        long start = System.nanoTime();
        RunResult result = runs.run(wire, wire.baseUrl(server.origin()),
                AgentConfig.custom().retryPolicy(FaultyRuns.TWO_RETRIES).timeBudget(Duration.ofSeconds(2)));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        // then: rate limited, as with the retries used up, without waiting for the deadline
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.RESOURCE);
            assertThat(failed.error().message()).contains("HTTP 429").contains("Retry-After: 30000 ms");
        });
        assertThat(server.requests()).hasSize(1);
        assertThat(took).isLessThan(Duration.ofSeconds(2));
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aSecondRetryAfterThatWouldPassTheTimeBudgetIsNotWaited(ProviderWire wire) {
        // given: 429s asking for 600 ms each, with 1 s of time budget: one retry fits, a second does not
        server.always(reply(wire.error(429, "rate limited")).header("retry-after-ms", "600"));

        // when
        long start = System.nanoTime();
        RunResult result = runs.run(wire, wire.baseUrl(server.origin()),
                AgentConfig.custom().retryPolicy(FaultyRuns.TWO_RETRIES).timeBudget(Duration.ofSeconds(1)));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().category()).isEqualTo(ErrorCategory.RESOURCE));
        assertThat(server.requests()).hasSize(2);
        assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(600)).isLessThan(Duration.ofSeconds(1));
    }
}
