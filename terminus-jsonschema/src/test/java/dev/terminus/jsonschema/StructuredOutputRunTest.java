package dev.terminus.jsonschema;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Diagnostic;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RecordSchemas;
import dev.terminus.agent.RunResult;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Real agent runs whose final answer must be a record: the loop's repair cycle with this module's validator. */
class StructuredOutputRunTest {

    /** What the agent must answer. */
    record Forecast(String city, int celsius, List<String> warnings) {}

    @Test
    void aWrongAnswerIsRepairedWithTheSchemaViolationsAndTheRunEndsWithTheRecord() {
        // given: the first answer misses a field and has a wrong type
        var model = ScriptedModel.builder()
                .text("{\"city\": \"Oslo\", \"celsius\": \"four\"}")
                .text("```json\n{\"city\": \"Oslo\", \"celsius\": 4, \"warnings\": [\"ice\"]}\n```")
                .recordRequests().build();
        var agent = Agent.builder(model).outputValidator(JsonSchemaOutput.forRecord(Forecast.class)).build();

        // when
        RunResult result = agent.run("Tomorrow in Oslo?");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(2).isConsistent();
        assertThat(result.structuredOutput(Forecast.class)).contains(new Forecast("Oslo", 4, List.of("ice")));
        assertThat(model.requests().getFirst().responseSchema()).isEqualTo(RecordSchemas.of(Forecast.class));
        List<Message> second = model.requests().get(1).messages();
        assertThat(((Message.User) second.getLast()).content())
                .startsWith("Your answer does not have the required shape.")
                .contains("- $: ").contains("warnings")
                .contains("- $.celsius: ");
    }

    @Test
    void withoutRepairsTheRunEndsSchemaValidationFailedWithTheValidatorsDiagnostic() {
        // given
        var model = ScriptedModel.builder().text("not json at all").build();
        var agent = Agent.builder(model).config(AgentConfig.custom().structuredOutputRepairs(0).build())
                .outputValidator(JsonSchemaOutput.forRecord(Forecast.class)).build();

        // when
        RunResult result = agent.run("Tomorrow in Oslo?");

        // then
        var failed = (Termination.SchemaValidationFailed) result.termination();
        Diagnostic diagnostic = failed.diagnostic();
        assertThat(diagnostic.received()).isEqualTo("not json at all");
        assertThat(diagnostic.violations()).singleElement()
                .satisfies(v -> assertThat(v.path()).isEqualTo("$"))
                .satisfies(v -> assertThat(v.message()).startsWith("not valid JSON"));
        assertThat(result.structuredOutput()).isEmpty();
    }
}
