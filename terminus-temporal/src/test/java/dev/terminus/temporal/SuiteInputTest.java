package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.RetryPolicy;
import dev.terminus.temporal.wire.SuiteInput;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A suite's input refuses settings a suite cannot run with, naming them, and crosses the wire unchanged. */
class SuiteInputTest {
    private static final SuiteInput.Run RUN = new SuiteInput.Run("add", 0, "solver", "What is 2 + 2?");

    @Test
    void badSettingsAreRefusedNamingTheSettingAndTheValue() {
        // when / then
        assertThatThrownBy(() -> new SuiteInput(List.of(RUN), RetryPolicy.none(), 0, null))
                .hasMessage("SuiteInput.concurrency must be >= 1, was 0");
        assertThatThrownBy(() -> new SuiteInput(List.of(RUN), RetryPolicy.none(), 1, Duration.ZERO))
                .hasMessage("SuiteInput.taskTimeout must be > 0 or null, was PT0S");
        assertThatThrownBy(() -> new SuiteInput.Run("add", -1, "solver", "x")).hasMessageContaining("Run.repeat");
    }

    @Test
    void theInputCrossesTheWireUnchanged() {
        // given
        SuiteInput input = new SuiteInput(List.of(RUN), new RetryPolicy(2, Duration.ofMillis(250),
                Duration.ofSeconds(4), 0.5), 8, Duration.ofMinutes(2));

        // when
        var converter = TerminusDataConverter.ofDefaults();
        SuiteInput back = converter.fromPayload(converter.toPayload(input).orElseThrow(), SuiteInput.class,
                SuiteInput.class);

        // then
        assertThat(back).isEqualTo(input);
    }
}
