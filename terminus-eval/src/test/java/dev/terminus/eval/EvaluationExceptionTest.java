package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EvaluationExceptionTest {

    @Test
    void anEvaluatorThatCannotDecideThrowsItAndTheRowNamesItAsTheError() {
        // given: a task without the expected answer exact match needs
        Benchmark benchmark = Benchmark.builder().task(Task.of("t1", "Say 4")).agent(Fixtures.answering("4"))
                .evaluator(Evaluators.exactMatch()).build();

        // when
        ReportRow row = benchmark.run().rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.EVALUATION_FAILED);
        assertThat(row.error()).isEqualTo(new TaskError(EvaluationException.class.getName(),
                "task \"t1\" has no expected answer to compare with", Component.EVALUATOR));
    }

    @Test
    void itCarriesItsMessage() {
        // when
        EvaluationException e = new EvaluationException("the judge answered nothing");

        // then
        assertThat(e).hasMessage("the judge answered nothing").isInstanceOf(RuntimeException.class);
    }
}
