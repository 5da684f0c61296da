package dev.terminus.cli.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ScenarioReaderTest {

    @Test
    void everyDemoScenarioWrittenBackReadsToAnEqualScenario() throws ScenarioException {
        for (String name : java.util.stream.Stream.concat(ScenarioReader.DEMO.stream(),
                ScenarioReader.STREAMED_DEMO.stream()).toList()) {
            // given
            Scenario scenario = ScenarioReader.demo(name);

            // when
            String written = ScenarioReader.write(scenario);

            // then
            assertThat(ScenarioReader.read(written.getBytes(StandardCharsets.UTF_8), name)).as(name)
                    .isEqualTo(scenario);
            assertThat(written).as(name).doesNotContain("null");
        }
    }

    @Test
    void anUnknownFieldIsRefusedNamingItAndTheKnownOnes() {
        // when / then
        assertThatThrownBy(() -> ScenarioReader.read("{\"task\": \"t\", \"scrpit\": []}".getBytes(StandardCharsets.UTF_8),
                "s.json"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("s.json").hasMessageContaining("unknown field \"scrpit\"")
                .hasMessageContaining("script");
    }
}
