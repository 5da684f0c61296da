package dev.terminus.jsonschema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.resource.AllowSchemaLoader;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * A JSON Schema compiled once by the networknt validator, checking answers.
 *
 * <p>The schema's dialect is its {@code $schema} (drafts 4, 6, 7, 2019-09 and 2020-12), else draft 2020-12. Before it
 * is compiled the schema is validated against its meta-schema, so a schema the validator would silently misread
 * ({@code {"type": 42}}) is refused. Nothing is ever fetched over the network: the meta-schemas come from the
 * validator's own class path, and a {@code $ref} to anywhere else refuses the schema. {@code format} is asserted
 * (a {@code "date"} must be a date), not only an annotation. Messages are in English whatever the default locale.
 */
public final class CompiledSchema {
    private static final String DEFAULT_DIALECT = "https://json-schema.org/draft/2020-12/schema";

    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012,
            builder -> builder.schemaLoaders(loaders -> loaders.add(
                    new AllowSchemaLoader(iri -> iri.toString().startsWith("classpath:")))));

    private static final SchemaValidatorsConfig CONFIG = SchemaValidatorsConfig.builder()
            .pathType(PathType.JSON_PATH)
            .formatAssertionsEnabled(true)
            .locale(Locale.ENGLISH)
            .build();

    /** The longest piece of a bad schema value quoted in a message. */
    private static final int QUOTE_LIMIT = 80;

    private final JsonSchema schema;

    private CompiledSchema(JsonSchema schema) {
        this.schema = schema;
    }

    /**
     * @param schema a JSON Schema
     * @return it compiled
     * @throws IllegalArgumentException when it is not a valid JSON Schema, saying why
     */
    public static CompiledSchema compile(JsonNode schema) {
        JsonNode dialect = schema.path("$schema");
        if (!dialect.isMissingNode() && !dialect.isTextual()) {
            throw invalid("$schema must be a string, was " + quote(dialect));
        }
        String dialectIri = dialect.isTextual() ? dialect.textValue() : DEFAULT_DIALECT;
        JsonSchema metaSchema;
        try {
            metaSchema = FACTORY.getSchema(SchemaLocation.of(dialectIri), CONFIG);
        } catch (RuntimeException e) {
            throw invalid("$schema \"" + dialectIri + "\" is not a JSON Schema dialect this validator has ("
                    + e.getMessage() + ")");
        }
        List<String> problems;
        try {
            problems = problems(metaSchema, schema);
        } catch (ArithmeticException e) {
            // a number the validator reads as an int or a long, such as "maxLength": 1e20
            throw invalid("a number in it is out of the range this validator checks (" + e.getMessage() + ")");
        }
        if (!problems.isEmpty()) {
            throw invalid(String.join("; ", problems));
        }
        try {
            JsonSchema compiled = FACTORY.getSchema(schema, CONFIG);
            compiled.initializeValidators();
            return new CompiledSchema(compiled);
        } catch (RuntimeException e) {
            throw invalid(e.getMessage() == null ? e.getClass().getName() : e.getMessage().strip());
        }
    }

    private static List<String> problems(JsonSchema metaSchema, JsonNode schema) {
        return metaSchema.validate(schema).stream()
                .map(m -> new Finding(segments(m.getInstanceLocation()),
                        quote(m.getInstanceNode()) + ": " + error(m)))
                .distinct().sorted()
                .map(f -> f.jsonPath() + " = " + f.message())
                .toList();
    }

    /**
     * @param answer a parsed answer
     * @return what is wrong with it by the schema, in no particular order; empty when it conforms
     */
    public Collection<Finding> findings(JsonNode answer) {
        List<Finding> findings = new ArrayList<>();
        for (ValidationMessage message : schema.validate(answer)) {
            findings.add(new Finding(segments(message.getInstanceLocation()), error(message)));
        }
        return findings;
    }

    /** @return a message without its leading location, which the finding carries */
    private static String error(ValidationMessage message) {
        String error = message.getError();
        if (error != null) {
            return error;
        }
        String full = message.getMessage();
        String prefix = message.getInstanceLocation() + ": ";
        return full.startsWith(prefix) ? full.substring(prefix.length()) : full;
    }

    private static List<Object> segments(JsonNodePath location) {
        List<Object> segments = new ArrayList<>(location.getNameCount());
        for (int i = 0; i < location.getNameCount(); i++) {
            segments.add(location.getElement(i));
        }
        return segments;
    }

    private static String quote(JsonNode value) {
        String text = value.toString();
        return text.length() <= QUOTE_LIMIT ? text : text.substring(0, QUOTE_LIMIT) + "...";
    }

    private static IllegalArgumentException invalid(String why) {
        return new IllegalArgumentException("invalid JSON Schema: " + why);
    }

    @Override
    public String toString() {
        return schema.getSchemaNode().toString();
    }
}
