package dev.terminus.agent.spi;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The shape a run's final answer must have (structured output). The loop offers the {@link #schema()} to the model
 * (in {@link ModelRequest#responseSchema()}) and checks the answer's text with {@link #check(String)} when the model
 * claims it is done; a failed check is repaired by re-prompting with the violations, up to
 * {@code AgentConfig.structuredOutputRepairs()}.
 *
 * <p>Implementations are immutable and thread-safe: one validator serves every run of an agent. The
 * {@code terminus-jsonschema} module provides one over a JSON Schema and one over a Java record type.
 *
 * {@snippet :
 * // given: record Forecast(String city, int celsius) {}
 * OutputValidator shape = JsonSchemaOutput.forRecord(Forecast.class);
 * Agent agent = Agent.builder(model).outputValidator(shape).build();
 * Forecast forecast = agent.run("Tomorrow in Oslo?").structuredOutput(Forecast.class).orElseThrow();
 * }
 */
public interface OutputValidator {

    /** @return the JSON Schema of the answer, as plain JSON values (maps, lists, strings, numbers, booleans) */
    Map<String, @Nullable Object> schema();

    /**
     * Checks an answer.
     *
     * @param output the answer's text as the model gave it
     * @return the typed value, or what is wrong with the text; never throws for a bad answer
     */
    OutputCheck check(String output);
}
