package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void theEtaIsTheTimeSoFarScaledToWhatIsLeft() {
        // given: 25 of 100 done in 10 s
        Progress progress = new Progress(100, 30, 25, 15, 5, 1, 4, Duration.ofSeconds(10));

        // when / then
        assertThat(progress.eta()).contains(Duration.ofSeconds(30));
        assertThat(progress.fractionDone()).isEqualTo(0.25);
        assertThat(progress.passRate()).isEqualTo(0.75);
    }

    @Test
    void beforeAnythingFinishedThereIsNoEta() {
        // when
        Progress progress = new Progress(10, 2, 0, 0, 0, 0, 0, Duration.ofSeconds(1));

        // then
        assertThat(progress.eta()).isEmpty();
        assertThat(progress.passRate()).isZero();
        assertThat(new Progress(0, 0, 0, 0, 0, 0, 0, Duration.ZERO).fractionDone()).isEqualTo(1.0);
    }

    @Test
    void countsThatDisagreeAreRefused() {
        // when / then
        assertThatThrownBy(() -> new Progress(10, 5, 6, 6, 0, 0, 0, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Progress counts disagree");
        assertThatThrownBy(() -> new Progress(10, 5, 4, 1, 1, 1, 0, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Progress(-1, 0, 0, 0, 0, 0, 0, Duration.ZERO))
                .hasMessageContaining("Progress.total");
    }
}
