package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The harness waits on its clock only: retry backoffs and task timeouts, driven here by hand instead of slept. */
@Timeout(30)
class ClockScenariosTest {
    private static final Task ADD = Task.of("add", "What is 2 + 2?").expecting("4");

    private final ManualClock clock = new ManualClock();

    @Test
    void aRetryableAttemptIsTriedAgainAfterThePolicysBackoff() throws Exception {
        // given: the first attempt's call fails with a 503 (a RETRYABLE end), the second answers
        ScriptedModel model = ScriptedModel.builder().serverError(503).text("4").build();
        Benchmark benchmark = Benchmark.builder().clock(clock).task(ADD)
                .retryPolicy(new RetryPolicy(1, Duration.ofSeconds(2), Duration.ofSeconds(2), 0))
                .agent(Fixtures.agent(model)).evaluator(Evaluators.exactMatch()).build();
        CompletableFuture<EvalReport> report = ConcurrencyScenariosTest.runInBackground(benchmark);

        // when
        clock.awaitScheduled(1);
        List<Duration> backoff = clock.pendingDelays();
        clock.advance(Duration.ofSeconds(2));
        ReportRow row = report.get(10, TimeUnit.SECONDS).rows().getFirst();

        // then
        assertThat(backoff).containsExactly(Duration.ofSeconds(2));
        assertThat(row.status()).isEqualTo(Status.SUCCESS);
        assertThat(row.attempt()).isEqualTo(2);
        assertThat(row.termination()).isEqualTo(new Termination.NaturalCompletion());
    }

    @Test
    void theTaskTimeoutIsTheHarnessClocksAndTheRowSaysHowLongTheAttemptTook() throws Exception {
        // given: a model that never answers until interrupted, and says when it is in its call
        ScriptedModel hanging = ScriptedModel.builder().hang().build();
        CountDownLatch called = new CountDownLatch(1);
        Model model = request -> {
            called.countDown();
            return hanging.chat(request);
        };
        Benchmark benchmark = Benchmark.builder().clock(clock).task(ADD)
                .taskTimeout(Duration.ofSeconds(30))
                .agent(Fixtures.agent(model))
                .evaluator(Evaluators.exactMatch()).build();
        CompletableFuture<EvalReport> report = ConcurrencyScenariosTest.runInBackground(benchmark);

        // when: the timeout is scheduled and the agent is inside its model call (not still making tools)
        clock.awaitScheduled(1);
        assertThat(called.await(10, TimeUnit.SECONDS)).as("the agent called its model").isTrue();
        clock.advance(Duration.ofSeconds(30));
        ReportRow row = report.get(10, TimeUnit.SECONDS).rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.TASK_TIMEOUT);
        assertThat(row.durationMs()).isEqualTo(30_000);
        assertThat(row.error().message()).contains("passed its timeout of 30000 ms while the agent ran");
    }
}
