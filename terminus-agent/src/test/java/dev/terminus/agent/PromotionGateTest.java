package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PromotionGateTest {

    private static final PromotionGate SHORT_ENOUGH = (run, answer) -> answer != null && answer.length() <= 280
            ? PromotionDecision.accept()
            : PromotionDecision.reject("the answer must fit in 280 characters");

    @Test
    void aLambdaGateAcceptsOrRejectsTheAnswer() {
        // when / then
        assertThat(SHORT_ENOUGH.review(StubRunContext.INSTANCE, "x".repeat(280))).isEqualTo(PromotionDecision.accept());
        assertThat(SHORT_ENOUGH.review(StubRunContext.INSTANCE, "x".repeat(281)))
                .isEqualTo(PromotionDecision.reject("the answer must fit in 280 characters"));
    }

    @Test
    void aClaimWithoutAnswerTextIsReviewedWithNull() {
        // when / then
        assertThat(SHORT_ENOUGH.review(StubRunContext.INSTANCE, null))
                .isEqualTo(PromotionDecision.reject("the answer must fit in 280 characters"));
    }

    @Test
    void theGateIsGivenTheRun() {
        // given
        PromotionGate onlyForTheReviewer = (run, answer) -> run.agentName().equals("reviewer")
                ? PromotionDecision.accept() : PromotionDecision.reject(run.agentName() + " may not publish");

        // when / then
        assertThat(onlyForTheReviewer.review(new StubRunContext("reviewer"), "ok")).isEqualTo(PromotionDecision.accept());
        assertThat(onlyForTheReviewer.review(StubRunContext.INSTANCE, "ok"))
                .isEqualTo(PromotionDecision.reject("test-agent may not publish"));
    }
}
