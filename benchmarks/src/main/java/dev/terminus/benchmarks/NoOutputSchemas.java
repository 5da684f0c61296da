package dev.terminus.benchmarks;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.JsonSchemaValidatorSupplier;
import java.util.Map;

/**
 * The MCP SDK's JSON Schema validator in the benchmarks' jar, which holds networknt's validator 1.5 (for
 * terminus-jsonschema and the CLI's demo) where the SDK's own validator needs 3.x. The SDK builds a validator with
 * every client but uses it only on the results of tools that declare an {@code outputSchema}; the tool
 * {@link McpCallBenchmark} calls declares none, so this validator is never asked, and refuses if it ever is, rather
 * than let a figure include a validation that did not happen. Registered in
 * {@code META-INF/services/io.modelcontextprotocol.json.schema.JsonSchemaValidatorSupplier}; the shade plugin leaves
 * out the SDK's own registration.
 */
public final class NoOutputSchemas implements JsonSchemaValidatorSupplier {

    /** For the service loader. */
    public NoOutputSchemas() {}

    @Override
    public JsonSchemaValidator get() {
        return NoOutputSchemas::refuse;
    }

    private static JsonSchemaValidator.ValidationResponse refuse(Map<String, Object> schema, Object structured) {
        throw new UnsupportedOperationException("the benchmarks' jar validates no MCP tool output (networknt's"
                + " validator 3.x is not in it); a benchmarked tool declared an outputSchema: " + schema);
    }
}
