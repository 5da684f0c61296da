package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SuccessCriterionTest {

    private static final SuccessCriterion CITED = SuccessCriterion.of("cites-a-source", (run, answer) ->
            answer != null && answer.contains("http") ? CriterionResult.met() : CriterionResult.notMet("cite a source"));

    @Test
    void ofKeepsTheName() {
        // when / then
        assertThat(CITED.name()).isEqualTo("cites-a-source");
    }

    @Test
    void theEvaluationDecidesOnTheAnswer() {
        // when / then
        assertThat(CITED.evaluate(StubRunContext.INSTANCE, "see https://example.org")).isEqualTo(CriterionResult.met());
        assertThat(CITED.evaluate(StubRunContext.INSTANCE, "trust me"))
                .isEqualTo(CriterionResult.notMet("cite a source"));
    }

    @Test
    void aClaimWithoutAnswerTextIsEvaluatedWithNull() {
        // when / then
        assertThat(CITED.evaluate(StubRunContext.INSTANCE, null)).isEqualTo(CriterionResult.notMet("cite a source"));
    }

    @Test
    void theEvaluationIsGivenTheRun() {
        // given
        SuccessCriterion approved = SuccessCriterion.of("manager-approval", (run, answer) ->
                run.agentName().equals("refunds") ? CriterionResult.blocked("TICKET-7") : CriterionResult.met());

        // when / then
        assertThat(approved.evaluate(new StubRunContext("refunds"), "done"))
                .isEqualTo(CriterionResult.blocked("TICKET-7"));
        assertThat(approved.evaluate(StubRunContext.INSTANCE, "done")).isEqualTo(CriterionResult.met());
    }

    @Test
    void anExceptionOfTheEvaluationIsThrownToTheCaller() {
        // given
        IllegalStateException failure = new IllegalStateException("no database");
        SuccessCriterion broken = SuccessCriterion.of("broken", (run, answer) -> {
            throw failure;
        });

        // when / then
        assertThatThrownBy(() -> broken.evaluate(StubRunContext.INSTANCE, "x")).isSameAs(failure);
    }

    @Test
    void toStringShowsTheName() {
        // when / then
        assertThat(CITED).hasToString("SuccessCriterion[cites-a-source]");
    }

    @Test
    void nullArgumentsAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> SuccessCriterion.of(null, (run, answer) -> CriterionResult.met()))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("name must not be null");
        assertThatThrownBy(() -> SuccessCriterion.of("x", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("evaluation must not be null");
    }
}
