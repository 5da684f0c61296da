package dev.terminus.mcp.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks a tool result's {@code structuredContent} against the tool's output schema for the MCP client, with the
 * networknt validator the rest of Terminus uses (1.5, on Jackson 2): the SDK's own checker needs the validator's
 * 3.x line, whose classes share their package with 1.5, so one application could not hold both.
 */
final class OutputSchemas implements JsonSchemaValidator {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private static final SchemaValidatorsConfig CONFIG = SchemaValidatorsConfig.builder()
            .locale(Locale.ENGLISH)
            .build();

    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
        try {
            JsonNode content = JSON.valueToTree(structuredContent);
            Set<ValidationMessage> problems = FACTORY.getSchema(JSON.valueToTree(schema), CONFIG).validate(content);
            if (problems.isEmpty()) {
                return ValidationResponse.asValid(JSON.writeValueAsString(content));
            }
            return ValidationResponse.asInvalid("structuredContent does not match the tool's outputSchema: "
                    + problems.stream().map(ValidationMessage::getMessage).collect(Collectors.joining("; ")));
        } catch (JsonProcessingException | RuntimeException e) {
            return ValidationResponse.asInvalid("the tool's outputSchema cannot be checked: " + e.getMessage());
        }
    }
}
