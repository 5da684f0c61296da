package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.eval.spi.Evaluator;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EvaluatorTest {

    @Test
    void aCustomEvaluatorSeesTheTaskAndTheRunAndItsEvaluationIsTheRows() {
        // given
        Evaluator longEnough = (task, run) -> run.finalAnswer().orElse("").length() >= 5
                ? new Evaluation(true, 0.8, "long enough for " + task.id())
                : Evaluation.fail("too short");

        // when
        ReportRow row = Benchmark.builder().task(Task.of("essay", "Write")).agent(Fixtures.answering("Hello world"))
                .evaluator(longEnough).build().run().rows().getFirst();

        // then
        assertThat(row.eval()).isEqualTo(new Evaluation(true, 0.8, "long enough for essay"));
    }

    @Test
    void anEvaluatorReturningNullIsAnEvaluationFailure() {
        // when
        ReportRow row = Benchmark.builder().task(Task.of("t1", "x")).agent(Fixtures.answering("y"))
                .evaluator((task, run) -> null).build().run().rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.EVALUATION_FAILED);
        assertThat(row.error().message()).isEqualTo("the evaluation of task \"t1\" (repeat 0) is null");
    }

    @Test
    void theEvaluatorIsNotAskedAboutRunsWhoseInfrastructureFailed() {
        // given
        AtomicInteger asked = new AtomicInteger();

        // when
        Benchmark.builder().task(Task.of("t1", "x"))
                .agent(Fixtures.agent(dev.terminus.scripted.ScriptedModel.builder().authFailure(401).build()))
                .evaluator((task, run) -> {
                    asked.incrementAndGet();
                    return Evaluation.pass("?");
                }).build().run();

        // then
        assertThat(asked).hasValue(0);
    }
}
