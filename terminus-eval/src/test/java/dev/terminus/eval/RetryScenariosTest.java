package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.Termination;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Attempts are retried for RETRYABLE terminations only, up to the retry count, with fresh agents. */
class RetryScenariosTest {

    private static final Task ADD = Task.of("add", "What is 2 + 2?").expecting("4");

    @Test
    void aRetryableFailureIsRetriedAndTheRowIsTheSuccessfulAttemptsWithEveryAttemptsUsage() {
        // given: the first call fails with a 503 (no loop retries: the run ends Failed EXTERNAL, RETRYABLE)
        ScriptedModel model = ScriptedModel.builder().serverError(503).text("4").build();
        AtomicInteger agentsMade = new AtomicInteger();
        Benchmark benchmark = Benchmark.builder().task(ADD).retryPolicy(RetryPolicy.immediate(2))
                .agentFactory(context -> {
                    agentsMade.incrementAndGet();
                    return Fixtures.agent(model);
                })
                .evaluator(Evaluators.exactMatch()).build();

        // when
        ReportRow row = benchmark.run().rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.SUCCESS);
        assertThat(row.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(row.attempt()).isEqualTo(2);
        assertThat(agentsMade).hasValue(2);
        assertThat(row.usage()).isEqualTo(Usage.of(10, 5)); // the failed call reported none
        assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.PASSED);
    }

    @Test
    void aRetryableFailureStopsAfterTheMaximumAndTheRowIsTheLastAttempt() {
        // given
        ScriptedModel model = ScriptedModel.builder().serverError(503).thenRepeatLast().build();
        Benchmark benchmark = Benchmark.builder().task(ADD).retryPolicy(RetryPolicy.immediate(2))
                .agent(Fixtures.agent(model))
                .evaluator(Evaluators.exactMatch()).build();

        // when
        ReportRow row = benchmark.run().rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.AGENT_ERROR);
        assertThat(row.category()).isEqualTo(Category.RETRYABLE);
        assertThat(row.attempt()).isEqualTo(3);
        assertThat(model.calls()).isEqualTo(3);
        assertThat(Summary.of(benchmark.run().rows()).retries()).isEqualTo(2);
    }

    @Test
    void aFatalTerminationIsNeverRetried() {
        // given
        ScriptedModel model = ScriptedModel.builder().authFailure(403).text("4").build();
        Benchmark benchmark = Benchmark.builder().task(ADD).retryPolicy(RetryPolicy.immediate(3))
                .agent(Fixtures.agent(model))
                .evaluator(Evaluators.exactMatch()).build();

        // when
        ReportRow row = benchmark.run().rows().getFirst();

        // then
        assertThat(row.category()).isEqualTo(Category.FATAL);
        assertThat(row.attempt()).isEqualTo(1);
        assertThat(model.calls()).isEqualTo(1);
    }

    @Test
    void aHaltedRunIsFatalSoItIsEvaluatedOnceAndNotRetried() {
        // given: a tool halts the run
        ScriptedModel model = ScriptedModel.builder().toolCall("stop", java.util.Map.of()).text("4").build();
        Benchmark benchmark = Benchmark.builder().task(ADD).retryPolicy(RetryPolicy.immediate(3))
                .agentFactory(context -> context.agentBuilder(model)
                        .tool(dev.terminus.agent.Tools.of("stop", "Stops", (arguments, run) -> {
                            throw new dev.terminus.agent.HaltException("forbidden");
                        })).build())
                .evaluator(Evaluators.exactMatch()).build();

        // when
        ReportRow row = benchmark.run().rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.SUCCESS);
        assertThat(row.termination()).isEqualTo(new Termination.Halted("tool:stop", "forbidden"));
        assertThat(row.attempt()).isEqualTo(1);
        assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.FAILED);
    }

    @Test
    void withoutRetriesARetryableFailureIsReportedAtOnce() {
        // given
        ScriptedModel model = ScriptedModel.builder().serverError(502).text("4").build();
        Benchmark benchmark = Benchmark.builder().task(ADD).agent(Fixtures.agent(model))
                .evaluator(Evaluators.exactMatch()).build();

        // when
        ReportRow row = benchmark.run().rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.AGENT_ERROR);
        assertThat(row.attempt()).isEqualTo(1);
        assertThat(row.error().type()).isEqualTo("dev.terminus.agent.spi.ModelException$ServerError");
    }
}
