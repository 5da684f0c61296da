package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A model call's number is current on its thread while the call runs, and only then. */
class ModelCallSequenceTest {

    @Test
    void theNumberIsCurrentDuringTheCallAndGoneAfterIt() throws Exception {
        // when
        OptionalLong during = ModelCallSequence.with(7, ModelCallSequence::current);

        // then
        assertThat(during).hasValue(7);
        assertThat(ModelCallSequence.current()).isEmpty();
    }

    @Test
    void anInnerCallRestoresTheOuterNumber() throws Exception {
        // when
        OptionalLong outer = ModelCallSequence.with(1, () -> {
            ModelCallSequence.with(2, ModelCallSequence::current);
            return ModelCallSequence.current();
        });

        // then
        assertThat(outer).hasValue(1);
    }
}
