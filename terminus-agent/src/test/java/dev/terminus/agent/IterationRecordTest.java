package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.spi.FinishReason;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class IterationRecordTest {

    @Test
    void aValidRecordKeepsItsComponents() {
        // when
        var record = new IterationRecord(2, Usage.of(10, 5), 1, FinishReason.TOOL_CALLS, Duration.ofMillis(3));

        // then
        assertThat(record.iteration()).isEqualTo(2);
        assertThat(record.usage()).isEqualTo(Usage.of(10, 5));
        assertThat(record.finishReason()).isEqualTo(FinishReason.TOOL_CALLS);
    }

    @Test
    void aRecordWithoutUsageOrDurationIsRefusedNamingTheField() {
        assertThatThrownBy(() -> new IterationRecord(1, null, 0, null, Duration.ZERO))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("IterationRecord.usage");
        assertThatThrownBy(() -> new IterationRecord(1, Usage.ZERO, 0, null, null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("IterationRecord.duration");
    }

    @Test
    void negativeCountsAndDurationsAreRefusedWithTheValue() {
        assertThatThrownBy(() -> new IterationRecord(-1, Usage.ZERO, 0, null, Duration.ZERO))
                .hasMessage("IterationRecord.iteration must be >= 0, was -1");
        assertThatThrownBy(() -> new IterationRecord(1, Usage.ZERO, -2, null, Duration.ZERO))
                .hasMessage("IterationRecord.toolCalls must be >= 0, was -2");
        assertThatThrownBy(() -> new IterationRecord(1, Usage.ZERO, 0, null, Duration.ofNanos(-1)))
                .hasMessage("IterationRecord.duration must not be negative, was PT-0.000000001S");
    }
}
