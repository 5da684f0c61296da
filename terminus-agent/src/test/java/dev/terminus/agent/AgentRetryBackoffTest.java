package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelResponse;
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

    @Test
    @Timeout(10)
    void aRetryAfterLongerThanTheBackoffIsWaitedBeforeTheRetry() throws InterruptedException {
        // given: a 429 asking for 2 s, under a policy whose own backoff is 1 ms
        AtomicInteger calls = new AtomicInteger();
        Model limitedOnce = request -> {
            if (calls.incrementAndGet() == 1) {
                throw new ModelException.RateLimited("slow down", Duration.ofSeconds(2), null);
            }
            return ModelResponse.text("done", Usage.ZERO);
        };
        AgentConfig config = AgentConfig.custom()
                .retryPolicy(new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(1), 0))
                .timeBudget(Duration.ofSeconds(10))
                .build();
        ManualClock clock = new ManualClock();
        RunHandle handle = Agent.builder(limitedOnce).clock(clock).config(config).build().start("hello");

        // when
        clock.awaitScheduled(2);
        List<Duration> waits = clock.pendingDelays();
        clock.advance(Duration.ofSeconds(2));
        RunResult result = handle.await();

        // then: the deadline's timer and a wait of the provider's 2 s, not the policy's 1 ms
        assertThat(waits).containsExactlyInAnyOrder(Duration.ofSeconds(2), Duration.ofSeconds(10));
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(calls).hasValue(2);
    }

    @Test
    @Timeout(10)
    void aRetryAfterBeyondTheTimeBudgetEndsTheRunAtOnceAsRetriesUsedUp() {
        // given: a 429 asking for 30 s with 300 ms of time budget left, and retries to spare
        AtomicInteger calls = new AtomicInteger();
        Model limited = request -> {
            calls.incrementAndGet();
            throw new ModelException.RateLimited("slow down", Duration.ofSeconds(30), null);
        };
        AgentConfig config = AgentConfig.custom()
                .retryPolicy(new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(1), 0))
                .timeBudget(Duration.ofMillis(300))
                .build();

        // when: the clock never moves, so the run ends without waiting or it never ends
        RunResult result = Agent.builder(limited).clock(new ManualClock()).config(config).build().run("hello");

        // then: rate limited, as when the retries are used up; one call, no wait
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().category()).isEqualTo(ErrorCategory.RESOURCE));
        assertThat(calls).hasValue(1);
    }

    @Test
    @Timeout(10)
    void aServerErrorsRetryAfterBeyondTheTimeBudgetEndsTheRunAtOnceAsAnExternalFailure() {
        // given: a 503 asking for 60 s with 300 ms left
        Model unavailable = request -> {
            throw new ModelException.ServerError(503, "HTTP 503", Duration.ofSeconds(60), null);
        };
        AgentConfig config = AgentConfig.custom()
                .retryPolicy(new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(1), 0))
                .timeBudget(Duration.ofMillis(300))
                .build();

        // when
        RunResult result = Agent.builder(unavailable).clock(new ManualClock()).config(config).build().run("hello");

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL));
    }
}
