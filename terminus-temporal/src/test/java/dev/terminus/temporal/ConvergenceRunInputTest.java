package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.converge.Context;
import dev.terminus.converge.Fact;
import io.temporal.common.converter.DataConverter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConvergenceRunInputTest {
    private static final DataConverter CONVERTER = TerminusDataConverter.ofDefaults();

    @Test
    void anInputCarriesTheInitialContextAcrossTheWire() {
        // given
        Context initial = Context.of(Map.of("document", "INV-0042", "pages", 2L));
        ConvergenceRunInput input = ConvergenceRunInput.of("reconcile", initial);

        // when
        ConvergenceRunInput back = CONVERTER.fromPayload(CONVERTER.toPayload(input).orElseThrow(),
                ConvergenceRunInput.class, ConvergenceRunInput.class);

        // then
        assertThat(back).isEqualTo(input);
        assertThat(back.context()).isEqualTo(initial);
        assertThat(back.engineName()).isEqualTo("reconcile");
    }

    @Test
    void aBlankEngineNameAndAKeyGivenTwiceAreRefusedNamingThem() {
        // given
        ConvergenceRunInput twice = new ConvergenceRunInput("reconcile",
                List.of(Fact.input("document", "a"), Fact.input("document", "b")));

        // when / then
        assertThatThrownBy(() -> new ConvergenceRunInput(" ", List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ConvergenceRunInput.engineName");
        assertThatThrownBy(twice::context).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("facts holds key \"document\" twice");
    }
}
