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

    @Test
    void aRetriesObjectLeftEmptyHasTheRetryPolicysDefaults() throws ScenarioException {
        // when
        Scenario scenario = read("{\"task\": \"t\", \"limits\": {\"retries\": {}}}");

        // then
        assertThat(scenario.limits().retries().policy()).isEqualTo(dev.terminus.agent.RetryPolicy.ofDefaults());
    }

    @Test
    void aRetriesObjectWithOnlyItsLongestWaitStartsNoLaterThanIt() throws ScenarioException {
        // when
        Scenario shortWait = read("{\"task\": \"t\", \"limits\": {\"retries\": {\"maxBackoffMs\": 100}}}");
        Scenario longFirst = read("{\"task\": \"t\", \"limits\": {\"retries\": {\"initialBackoffMs\": 5000}}}");

        // then
        assertThat(shortWait.limits().retries()).isEqualTo(new Scenario.RetriesDef(3, 100, 100));
        assertThat(longFirst.limits().retries()).isEqualTo(new Scenario.RetriesDef(3, 5000, 5000));
    }

    @Test
    void aUsageObjectWithSomeOfItsFieldsCountsTheOthersAsZero() throws ScenarioException {
        // when
        Scenario scenario = read("{\"task\": \"t\", \"model\": {\"usage\": {\"input\": 7}}}");

        // then
        assertThat(scenario.model().usage()).isEqualTo(new Scenario.UsageDef(7, 0, 0, 0));
    }

    @Test
    void aNullOptionalFieldIsReadAsLeftOut() throws ScenarioException {
        // when / then
        assertThat(read("{\"task\": \"t\", \"system\": null, \"limits\": {\"retries\": {\"maxRetries\": null}}}"))
                .isEqualTo(read("{\"task\": \"t\", \"limits\": {\"retries\": {}}}"));
    }

    private static Scenario read(String json) throws ScenarioException {
        return ScenarioReader.read(json.getBytes(StandardCharsets.UTF_8), "s.json");
    }
}
