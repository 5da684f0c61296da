/**
 * Structured output: an agent's final answer checked against a JSON Schema.
 * {@link dev.terminus.jsonschema.JsonSchemaOutput} is an {@link dev.terminus.agent.spi.OutputValidator} over a
 * schema given as plain Java values, or over a schema {@linkplain dev.terminus.agent.RecordSchemas derived} from
 * a Java record, whose valid answers become instances of that record.
 *
 * <p>Where to start: {@code Agent.builder(model).outputValidator(JsonSchemaOutput.forRecord(Answer.class))}, then
 * {@code result.structuredOutput(Answer.class)}.
 */
@NullMarked
package dev.terminus.jsonschema;

import org.jspecify.annotations.NullMarked;
