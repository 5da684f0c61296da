package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A reference to the first messages of a workflow's transcript. */
class TranscriptReferenceTest {

    @Test
    void negativeNumbersAreRefusedNamingTheField() {
        assertThatThrownBy(() -> new TranscriptReference(-1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TranscriptReference.generation").hasMessageContaining("-1");
        assertThatThrownBy(() -> new TranscriptReference(0, -2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TranscriptReference.size").hasMessageContaining("-2");
    }

    @Test
    void itCrossesTheWireAsItsTwoNumbers() {
        // given
        TranscriptReference reference = new TranscriptReference(2, 40);

        // when
        var payload = TerminusDataConverter.ofDefaults().toPayload(reference).orElseThrow();

        // then
        assertThat(payload.getData().toStringUtf8()).isEqualTo("{\"generation\":2,\"size\":40}");
        assertThat(TerminusDataConverter.ofDefaults().fromPayload(payload, TranscriptReference.class,
                TranscriptReference.class)).isEqualTo(reference);
    }
}
