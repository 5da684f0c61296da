package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.lastUserMessage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Diagnostic;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.OutputCheck;
import dev.terminus.agent.spi.OutputValidator;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class StructuredOutputScenariosTest {

    /** A forecast: {@code {"celsius": <integer>}}. */
    record Forecast(int celsius) {}

    /** A minimal validator for the loop's tests (the JSON Schema one lives in terminus-jsonschema). */
    static final class ForecastValidator implements OutputValidator {
        private static final Pattern SHAPE = Pattern.compile("\\{\"celsius\":\\s*(-?\\d+)}");

        @Override
        public Map<String, @Nullable Object> schema() {
            return Map.of("type", "object", "properties", Map.of("celsius", Map.of("type", "integer")),
                    "required", List.of("celsius"));
        }

        @Override
        public OutputCheck check(String output) {
            Matcher m = SHAPE.matcher(output.strip());
            if (m.matches()) {
                return new OutputCheck.Valid(new Forecast(Integer.parseInt(m.group(1))));
            }
            return new OutputCheck.Invalid(Diagnostic.of(output,
                    new Diagnostic.Violation("$.celsius", "required integer property is missing")));
        }
    }

    private static final Diagnostic.Violation MISSING =
            new Diagnostic.Violation("$.celsius", "required integer property is missing");

    private static Agent agent(ScriptedModel model, AgentConfig config) {
        return Agent.builder(model).config(config).outputValidator(new ForecastValidator()).build();
    }

    @Test
    void aValidAnswerEndsTheRunWithItsTypedValue() {
        // given
        var model = ScriptedModel.builder().text("{\"celsius\": 4}").recordRequests().build();

        // when
        RunResult result = agent(model, AgentConfig.ofDefaults()).run("Tomorrow in Oslo?");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(1).isConsistent();
        assertThat(result.structuredOutput(Forecast.class)).contains(new Forecast(4));
        assertThat(model.requests().getFirst().responseSchema()).isEqualTo(new ForecastValidator().schema());
    }

    @Test
    void anInvalidAnswerIsRepairedByRepromptingWithTheViolations() {
        // given
        var model = ScriptedModel.builder().text("It will be 4 degrees.").text("{\"celsius\": 4}").recordRequests()
                .build();

        // when
        RunResult result = agent(model, AgentConfig.ofDefaults()).run("Tomorrow in Oslo?");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(2).isConsistent();
        assertThat(result.structuredOutput(Forecast.class)).contains(new Forecast(4));
        assertThat(lastUserMessage(model.requests().get(1).messages())).isEqualTo(
                "Your answer does not have the required shape. Answer again, with only the corrected answer."
                        + " Problems:\n- $.celsius: required integer property is missing");
    }

    @Test
    void withRepairSwitchedOffAnInvalidAnswerEndsTheRunSchemaValidationFailed() {
        // given
        var model = ScriptedModel.builder().text("about 4").build();

        // when
        RunResult result = agent(model, AgentConfig.custom().structuredOutputRepairs(0).build()).run("Tomorrow?");

        // then
        assertThat(result).endedWith(new Termination.SchemaValidationFailed(Diagnostic.of("about 4", MISSING)))
                .hasIterations(1).isConsistent();
        assertThat(result.structuredOutput()).isEmpty();
    }

    @Test
    void whenTheRepairsRunOutTheRunEndsWithTheLastDiagnostic() {
        // given
        var model = ScriptedModel.builder().text("about 4").text("roughly 4").build();

        // when
        RunResult result = agent(model, AgentConfig.custom().structuredOutputRepairs(1).build()).run("Tomorrow?");

        // then
        assertThat(result).endedWith(
                new Termination.StructuredOutputRetriesExhausted(1, Diagnostic.of("roughly 4", MISSING)))
                .hasIterations(2).isConsistent();
    }

    @Test
    void repairsCountAgainstTheIterationBudget() {
        // given
        var model = ScriptedModel.builder().text("no").thenRepeatLast().build();

        // when
        RunResult result = agent(model, AgentConfig.custom().maxIterations(3).structuredOutputRepairs(10).build())
                .run("Tomorrow?");

        // then
        assertThat(result).endedWith(new Termination.MaxIterationsReached(3, 3)).isConsistent();
    }

    @Test
    void repairsCountAgainstTheTokenBudget() {
        // given: every answer, the wrong ones included, costs 40 tokens; the run may spend 100
        var model = ScriptedModel.builder().usage(Usage.of(30, 10)).text("no").thenRepeatLast().build();

        // when
        RunResult result = agent(model, AgentConfig.custom().tokenBudget(TokenBudget.total(100))
                .structuredOutputRepairs(10).build()).run("Tomorrow?");

        // then: the third answer crosses the budget, which ends the run before a fourth
        assertThat(result).endedWith(new Termination.TokenBudgetExhausted(120, 100, TokenKind.TOTAL))
                .hasIterations(3).isConsistent();
    }

    @Test
    void aSubmittedAnswerIsCheckedToo() {
        // given: the final-answer tool's single string argument is the answer
        var model = ScriptedModel.builder().toolCall("submit", Map.of("answer", "{\"celsius\": -2}")).build();
        var agent = Agent.builder(model).config(AgentConfig.custom().finalAnswerTool("submit").build())
                .outputValidator(new ForecastValidator()).build();

        // when
        RunResult result = agent.run("Tomorrow?");

        // then
        assertThat(result).endedWith(new Termination.Submitted("submit")).isConsistent();
        assertThat(result.structuredOutput(Forecast.class)).contains(new Forecast(-2));
    }
}
