package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StreamStatsTest {

    @Test
    void negativeCountsAreRefusedNamingThem() {
        assertThatThrownBy(() -> new StreamStats(5, -1, 0, StreamStats.End.FINISHED))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("deltas=-1");
        assertThatThrownBy(() -> new StreamStats(-2, 0, 0, StreamStats.End.CUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("timeToFirstTextNanos=-2");
    }

    @Test
    void noTextYetIsMinusOneForTheTimeToFirstText() {
        // when
        StreamStats silent = new StreamStats(-1, 0, 0, StreamStats.End.IDLE_TIMEOUT);

        // then
        assertThat(silent.timeToFirstTextNanos()).isEqualTo(-1);
    }

    @Test
    void theEndsTagsAreLowercaseAndDistinct() {
        // when
        var tags = Arrays.stream(StreamStats.End.values()).map(StreamStats.End::tag).toList();

        // then
        assertThat(tags).containsExactly("finished", "length", "content_filter", "idle_timeout", "failed", "cut");
    }
}
