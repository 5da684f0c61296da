package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class AgentRetryBackoffTest {

    @Test
    @Timeout(10)
    void aBackoffBeyondTheNanosecondRangeWaitsUntilTheDeadlineInsteadOfFailing() throws InterruptedException {
        // given: a model that is always rate limited, and backoffs of ~410 to ~548 years
        AtomicInteger calls = new AtomicInteger();
        Model limited = request -> {
            calls.incrementAndGet();
            throw new ModelException.RateLimited("slow down", null);
        };
        AgentConfig config = AgentConfig.custom()
                .retryPolicy(new RetryPolicy(3, Duration.ofDays(150_000), Duration.ofDays(200_000), 0.5))
                .timeBudget(Duration.ofMillis(300))
                .build();

        ManualClock clock = new ManualClock();
        RunHandle handle = Agent.builder(limited).clock(clock).config(config).build().start("hello");

        // when: the run's deadline and its backoff wait on its clock
        clock.awaitScheduled(2);
        List<Duration> waits = clock.pendingDelays();
        clock.advance(Duration.ofMillis(300));
        RunResult result = handle.await();

        // then: the wait is cut at the time budget
        assertThat(waits).containsExactly(Duration.ofMillis(300), Duration.ofMillis(300));
        assertThat(result.termination()).isEqualTo(new Termination.TimeBudgetExhausted(300, 300));
        assertThat(calls).hasValue(1);
    }
}
