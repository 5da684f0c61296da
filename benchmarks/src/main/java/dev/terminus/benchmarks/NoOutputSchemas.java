package dev.terminus.benchmarks;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.JsonSchemaValidatorSupplier;
import java.util.Map;

/**
 * The JSON Schema validator of {@link McpCallBenchmark}'s SDK-alone client. The SDK's default validator needs
 * networknt's validator 3.x, which is not on Terminus's classpath (terminus-mcp gives its client a validator of its own
 * on networknt's 1.5); the SDK asks a validator only about results of tools that declare an {@code outputSchema}, and
 * the tool the benchmark calls declares none, so this one is never asked, and refuses if it ever is, rather than let
 * a figure include a validation that did not happen.
 */
public final class NoOutputSchemas implements JsonSchemaValidatorSupplier {

    /** A supplier of the refusing validator. */
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
