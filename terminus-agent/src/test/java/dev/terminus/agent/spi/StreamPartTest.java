package dev.terminus.agent.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Usage;
import org.junit.jupiter.api.Test;

class StreamPartTest {

    @Test
    void aTextPieceIsNeverEmpty() {
        assertThatThrownBy(() -> StreamPart.text("")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TextDelta.text must not be empty");
    }

    @Test
    void theEndOfAStreamCarriesTheWholeAnswer() {
        // given
        ModelResponse whole = ModelResponse.text("all of it", Usage.of(1, 3));

        // when
        StreamPart.Finished end = StreamPart.finished(whole);

        // then
        assertThat(end.response()).isSameAs(whole);
        assertThatThrownBy(() -> StreamPart.finished(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("Finished.response");
    }
}
