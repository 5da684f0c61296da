package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EvaluationTest {

    @Test
    void passAndFailScoreOneAndZero() {
        // when
        Evaluation pass = Evaluation.pass("right");
        Evaluation fail = Evaluation.fail("wrong");

        // then
        assertThat(pass).isEqualTo(new Evaluation(true, 1.0, "right"));
        assertThat(fail).isEqualTo(new Evaluation(false, 0.0, "wrong"));
    }

    @Test
    void aScoreIsOptionalButMustBeWithinZeroAndOne() {
        // when
        Evaluation unscored = new Evaluation(true, null, "");
        Evaluation partial = new Evaluation(false, 0.25, "one in four");

        // then
        assertThat(unscored.score()).isNull();
        assertThat(partial.score()).isEqualTo(0.25);
        assertThatThrownBy(() -> new Evaluation(true, 1.5, "")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Evaluation.score must be in [0, 1] or null, was 1.5");
        assertThatThrownBy(() -> new Evaluation(true, Double.NaN, "")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Evaluation(true, 1.0, null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("Evaluation.reason");
    }
}
