package dev.terminus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator.ValidationResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The client's check of structured tool results against a tool's output schema, on the validator 1.5. */
class OutputSchemasTest {
    private static final Map<String, Object> SCHEMA = Map.of("type", "object",
            "properties", Map.of("temperature", Map.of("type", "number")), "required", List.of("temperature"));

    @Test
    void contentMatchingTheSchemaIsValidAndKeptAsJson() {
        // when
        ValidationResponse response = new OutputSchemas().validate(SCHEMA, Map.of("temperature", 21));

        // then
        assertThat(response.valid()).isTrue();
        assertThat(response.jsonStructuredOutput()).isEqualTo("{\"temperature\":21}");
    }

    @Test
    void contentBreakingTheSchemaIsInvalidAndSaysWhatIsWrong() {
        // when
        ValidationResponse response = new OutputSchemas().validate(SCHEMA, Map.of("temperature", "warm"));

        // then
        assertThat(response.valid()).isFalse();
        assertThat(response.errorMessage()).startsWith("structuredContent does not match the tool's outputSchema: ")
                .contains("temperature").contains("string").contains("number");
    }
}
