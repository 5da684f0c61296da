package dev.terminus.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.terminus.Diagnostic;
import dev.terminus.agent.RecordSchemas;
import dev.terminus.agent.spi.OutputCheck;
import dev.terminus.agent.spi.OutputValidator;
import dev.terminus.jsonschema.internal.Answers;
import dev.terminus.jsonschema.internal.CompiledSchema;
import dev.terminus.jsonschema.internal.Finding;
import dev.terminus.jsonschema.internal.PlainJson;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * An {@link OutputValidator} over a JSON Schema: the answer must be JSON that the schema accepts. The schema is a
 * given one ({@link #of}) or the one {@linkplain RecordSchemas derived} from a record type ({@link #forRecord}), whose
 * valid answers become instances of the record.
 *
 * {@snippet :
 * enum Sky { CLEAR, CLOUDY, RAIN, SNOW }
 * record Forecast(String city, double celsius, Sky sky, Optional<String> warning) {}
 *
 * Agent agent = Agent.builder(model)
 *         .outputValidator(JsonSchemaOutput.forRecord(Forecast.class))
 *         .build();
 * Forecast forecast = agent.run("Tomorrow in Oslo?").structuredOutput(Forecast.class).orElseThrow();
 * }
 *
 * <p><b>Reading an answer.</b> One markdown code fence around the whole answer ({@code ```json ... ```} or
 * {@code ``` ... ```}) and the whitespace around it are dropped. The rest must be exactly one JSON value: text that is
 * not, nothing at all, trailing text after the value, or a property given twice is one violation at {@code $},
 * {@code "not valid JSON: "} and the parser's reason.
 *
 * <p><b>Checking it.</b> JSON the schema refuses is one violation per problem the validator (networknt
 * json-schema-validator) reports: its message, at the JSON path of the offending value ({@code $} for the whole
 * answer, {@code $.items[1].count}, {@code $['odd name']}), sorted by path (segment by segment, indexes numerically)
 * and then by message, so the same answer always gets the same diagnostic. {@code format} is checked, not only an
 * annotation: a {@code "date"} that is no date is a violation. The diagnostic's {@code received} is the answer as
 * given, fence and all.
 *
 * <p><b>The value.</b> A valid answer of {@link #of} is plain Java values: objects as unmodifiable maps in the
 * answer's order, arrays as unmodifiable lists, strings, {@link Boolean}s, integers as {@link Long} ({@code BigInteger}
 * beyond its range), other numbers as {@link Double} ({@code BigDecimal} beyond its range), and JSON {@code null}
 * inside them as null. A valid answer of {@link #forRecord} is the record, converted by Jackson; if that fails even
 * though the schema accepted the answer (the record's constructor refuses a value, a number is out of range of an
 * {@code int}), the answer is invalid with the reason at the path of the value that could not be converted.
 *
 * <p><b>Null.</b> An answer that is JSON {@code null} is never valid, even when the schema allows it, because
 * a valid answer carries a value: it is a violation at {@code $}, {@code "null is not an answer"}.
 *
 * <p>Instances are immutable and thread-safe: the schema is compiled once, when the instance is made, and each check
 * only parses and validates.
 */
public final class JsonSchemaOutput implements OutputValidator {
    private final Map<String, @Nullable Object> schema;
    private final CompiledSchema compiled;
    private final @Nullable Class<? extends Record> recordType;
    private final @Nullable ObjectReader recordReader;

    private JsonSchemaOutput(Map<String, @Nullable Object> schema, @Nullable Class<? extends Record> recordType) {
        this.schema = schema;
        this.compiled = CompiledSchema.compile(Answers.MAPPER.valueToTree(schema));
        this.recordType = recordType;
        this.recordReader = recordType == null ? null : Answers.MAPPER.readerFor(recordType);
    }

    /**
     * A validator over a JSON Schema given as plain Java values. The schema's dialect is its {@code $schema}
     * (drafts 4, 6, 7, 2019-09 or 2020-12), else draft 2020-12. A {@code $ref} may point inside the schema only:
     * nothing is fetched over the network.
     *
     * @param schema the schema: maps with string keys, lists, strings, numbers, booleans and nulls; copied
     * @return the validator; valid answers are plain values (see the class description)
     * @throws IllegalArgumentException when the schema is not plain JSON or not a valid JSON Schema (checked against
     *         its dialect's meta-schema, then compiled); the message says where and why
     */
    public static JsonSchemaOutput of(Map<String, ?> schema) {
        Objects.requireNonNull(schema, "schema");
        return new JsonSchemaOutput(PlainJson.copyObject(schema, "schema"), null);
    }

    /**
     * A validator over the JSON Schema of a record type ({@link RecordSchemas#of}); valid answers are instances of
     * the record.
     *
     * @param type the record type
     * @param <R> the record type
     * @return the validator
     * @throws IllegalArgumentException when no schema can be derived from the type (see {@link RecordSchemas#of})
     */
    public static <R extends Record> JsonSchemaOutput forRecord(Class<R> type) {
        Objects.requireNonNull(type, "type");
        return new JsonSchemaOutput(PlainJson.copyObject(RecordSchemas.of(type), "schema"), type);
    }

    /**
     * @return the schema, as unmodifiable plain values (a deep copy of the one given, or the derived one)
     */
    @Override
    public Map<String, @Nullable Object> schema() {
        return schema;
    }

    /**
     * @return the record type valid answers are converted to ({@link #forRecord}), or empty when they are plain
     *         values ({@link #of})
     */
    public Optional<Class<? extends Record>> type() {
        return Optional.ofNullable(recordType);
    }

    /**
     * Checks an answer against the schema; never throws for a bad answer.
     *
     * @param output the answer's text as the model gave it
     * @return the value (a record for {@link #forRecord}, plain values for {@link #of}), or the violations
     * @throws IllegalStateException only when Jackson cannot convert to the record type at all, which is a problem of
     *         the type, not of the answer
     */
    @Override
    public OutputCheck check(String output) {
        Objects.requireNonNull(output, "output");
        JsonNode answer;
        try {
            answer = Answers.parse(Answers.unfenced(output));
        } catch (Answers.NotJson e) {
            return invalid(output, List.of(Finding.atRoot("not valid JSON: " + e.getMessage())));
        }
        Collection<Finding> findings = compiled.findings(answer);
        if (!findings.isEmpty()) {
            return invalid(output, findings);
        }
        if (answer.isNull()) {
            return invalid(output, List.of(Finding.atRoot("null is not an answer")));
        }
        ObjectReader reader = recordReader;
        if (reader == null) {
            return new OutputCheck.Valid(Objects.requireNonNull(PlainJson.of(answer)));
        }
        try {
            return new OutputCheck.Valid(Answers.toRecord(reader, answer));
        } catch (Answers.Refused e) {
            return invalid(output, List.of(e.finding()));
        }
    }

    private static OutputCheck invalid(String output, Collection<Finding> findings) {
        Diagnostic diagnostic = Finding.diagnostic(output, findings);
        return new OutputCheck.Invalid(diagnostic);
    }

    /** @return the record type it converts to, or the schema */
    @Override
    public String toString() {
        return recordType != null ? "JsonSchemaOutput[" + recordType.getName() + "]"
                : "JsonSchemaOutput[" + compiled + "]";
    }
}
