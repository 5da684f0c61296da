package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Category;
import dev.terminus.temporal.wire.SuiteOutput;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A suite's output refuses counts that cannot be, naming them, and crosses the wire unchanged. */
class SuiteOutputTest {

    @Test
    void countsThatCannotBeAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> new SuiteOutput.Row("add", 0, "s/add/0", 0, 0, null))
                .hasMessage("Row.attempts must be >= 1, was 0");
        assertThatThrownBy(() -> new SuiteOutput.Row("add", 0, "s/add/0", 1, 2, null))
                .hasMessage("Row.reused must be in [0, attempts=1], was 2");
    }

    @Test
    void theOutputCrossesTheWireUnchanged() {
        // given
        SuiteOutput output = new SuiteOutput(List.of(new SuiteOutput.Row("add", 0, "s/add/0", 1, 1, Category.SUCCESS),
                new SuiteOutput.Row("boom", 1, "s/boom/1/attempt-2", 2, 0, null)));

        // when
        var converter = TerminusDataConverter.ofDefaults();
        SuiteOutput back = converter.fromPayload(converter.toPayload(output).orElseThrow(), SuiteOutput.class,
                SuiteOutput.class);

        // then
        assertThat(back).isEqualTo(output);
    }
}
