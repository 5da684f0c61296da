package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.control.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A stage's retries wait the policy's backoff on the pipeline's clock, driven here by hand instead of slept. */
@Timeout(30)
class RetryBackoffScenariosTest {
    private static final RetryPolicy DOUBLING = new RetryPolicy(2, Duration.ofSeconds(1), Duration.ofSeconds(10), 0);

    private final ManualClock clock = new ManualClock();

    @Test
    void aRetryableStageIsRetriedAfterEachBackoffAndItsDurationIsTheClocks() throws Exception {
        // given: a stage that asks to be tried again twice, then completes
        AtomicInteger calls = new AtomicInteger();
        Pipeline pipeline = Pipeline.builder().clock(clock)
                .stage(Stage.of("flaky", ctx -> calls.incrementAndGet() < 3
                        ? Termination.Custom.of("try again", Category.RETRYABLE)
                        : new Termination.Completed()).retryPolicy(DOUBLING))
                .build();
        PipelineHandle handle = pipeline.start("");

        // when
        clock.awaitScheduled(1);
        List<Duration> firstWait = clock.pendingDelays();
        clock.advance(Duration.ofSeconds(1));
        clock.awaitScheduled(1);
        List<Duration> secondWait = clock.pendingDelays();
        clock.advance(Duration.ofSeconds(2));
        PipelineResult result = handle.await();

        // then
        assertThat(firstWait).containsExactly(Duration.ofSeconds(1));
        assertThat(secondWait).containsExactly(Duration.ofSeconds(2));
        assertThat(result.termination()).isEqualTo(new Termination.Completed());
        StageResult stage = result.stages().getFirst();
        assertThat(stage.attempts()).isEqualTo(3);
        assertThat(stage.duration()).isEqualTo(Duration.ofSeconds(3));
        assertThat(result.duration()).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void aCancellationDuringTheBackoffEndsTheStageCancelledAtOnceWithoutAnotherAttempt() throws Exception {
        // given
        AtomicInteger calls = new AtomicInteger();
        Pipeline pipeline = Pipeline.builder().clock(clock)
                .stage(Stage.of("flaky", ctx -> {
                    calls.incrementAndGet();
                    return Termination.Custom.of("try again", Category.RETRYABLE);
                }).retryPolicy(DOUBLING))
                .stage(Stage.of("never", ctx -> new Termination.Completed()))
                .build();
        PipelineHandle handle = pipeline.start("");
        clock.awaitScheduled(1);

        // when
        handle.cancel("operator");
        PipelineResult result = handle.await();

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("operator"));
        assertThat(result.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(result.stages().getFirst().attempts()).isEqualTo(1);
        assertThat(calls).hasValue(1);
        assertThat(result.notRun()).containsExactly("never");
        assertThat(clock.scheduled()).as("the backoff's timer is cancelled").isZero();
    }

    @Test
    void withoutAPolicyARetryableStageIsNotRetried() {
        // given
        AtomicInteger calls = new AtomicInteger();
        Pipeline pipeline = Pipeline.builder().clock(clock)
                .stage(Stage.of("flaky", ctx -> {
                    calls.incrementAndGet();
                    return Termination.Custom.of("try again", Category.RETRYABLE);
                }))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(calls).hasValue(1);
        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.duration()).isZero();
    }
}
