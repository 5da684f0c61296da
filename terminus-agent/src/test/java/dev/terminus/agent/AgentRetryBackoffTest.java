package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class AgentRetryBackoffTest {

    @Test
    @Timeout(10)
    void aBackoffBeyondTheNanosecondRangeWaitsUntilTheDeadlineInsteadOfFailing() {
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

        // when
        RunResult result = Agent.builder(limited).config(config).build().run("hello");

        // then: the wait is cut at the time budget
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(calls).hasValue(1);
    }
}
