package dev.terminus.cli.scenario;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.cfg.MutableCoercionConfig;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads scenario files (and suite and pipeline files) strictly: an unknown field, a value of the wrong type (no number
 * is read from a string, nor a string from a number), a missing required field and a number out of its
 * {@link FileRules.Range} are each one line in the file's terms ({@link FileErrors}): the line and column, the field's
 * path, the value as written and what is allowed. A field left out, or null, has its default.
 */
public final class ScenarioReader {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            // a value of the wrong type is refused, not converted: 2.5 is no whole number, 5 no string, "5" no number
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .withCoercionConfig(LogicalType.Textual, strict(CoercionInputShape.Integer, CoercionInputShape.Float,
                    CoercionInputShape.Boolean))
            .withCoercionConfig(LogicalType.Integer, strict(CoercionInputShape.String, CoercionInputShape.EmptyString,
                    CoercionInputShape.Float, CoercionInputShape.Boolean))
            .withCoercionConfig(LogicalType.Float, strict(CoercionInputShape.String, CoercionInputShape.EmptyString,
                    CoercionInputShape.Boolean))
            .withCoercionConfig(LogicalType.Boolean, strict(CoercionInputShape.String, CoercionInputShape.EmptyString,
                    CoercionInputShape.Integer, CoercionInputShape.Float))
            // prices are decimal strings or numbers, as the format says
            .withCoercionConfig(java.math.BigDecimal.class, prices -> prices.setCoercion(CoercionInputShape.String,
                    CoercionAction.TryConvert))
            // a null in a list (a step, a tool, a task) is refused here, naming its index, not met later as a step
            .withConfigOverride(List.class, list -> list.setSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL)))
            .build();

    /** Writes scenarios back to documents this reader reads to equal scenarios: the fields that are set. */
    private static final ObjectMapper WRITER = JsonMapper.builder()
            .serializationInclusion(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            .build();

    /** The built-in scenarios of {@code terminus run --demo}, in the order they are shown. */
    public static final List<String> DEMO = List.of(
            "natural-completion", "completed", "completed-early", "submitted", "user-satisfied",
            "max-iterations", "max-tool-calls", "token-budget", "budget-pressure", "cost-budget", "time-budget",
            "stall", "no-progress", "consecutive-mistakes", "cancelled", "halted", "failed", "provider-auth",
            "agent-refused", "output-truncated", "prompt-too-long", "schema-validation-failed",
            "structured-output-retries", "compaction-failed", "hitl-gate-pending", "criteria-met",
            "human-intervention", "invariant-violated", "semantic-invariant-violated",
            "acceptance-invariant-violated", "promotion-rejected");

    /**
     * The built-in scenarios of {@code terminus run --demo} whose model streams its answers, in the order they are
     * shown: each is run in this process through {@code Agent.stream}, as {@code terminus run --stream} runs one.
     */
    public static final List<String> STREAMED_DEMO = List.of(
            "streamed-answer", "streamed-retried", "streamed-deadline", "streamed-stall", "streamed-length",
            "streamed-content-filter");

    /**
     * The built-in scenarios of {@code terminus run --demo} whose agents call agents (as tools, or by handing their run
     * over), in the order they are shown.
     */
    public static final List<String> AGENTS_DEMO = List.of("child-iteration-cap", "child-token-budget", "handoff",
            "child-approval");

    private ScenarioReader() {}

    private static java.util.function.Consumer<MutableCoercionConfig> strict(CoercionInputShape... shapes) {
        return config -> {
            for (CoercionInputShape shape : shapes) {
                config.setCoercion(shape, CoercionAction.Fail);
            }
        };
    }

    /**
     * @param json the file's bytes
     * @param source how to name the file in errors
     * @return the scenario
     * @throws ScenarioException naming the field and where it is
     */
    public static Scenario read(byte[] json, String source) throws ScenarioException {
        Scenario scenario = read(json, source, Scenario.class, "a scenario object with a task and a script");
        if (scenario.task() == null) {
            throw new ScenarioException(source + ": \"task\" is required");
        }
        return scenario;
    }

    /**
     * Reads a JSON file strictly into a type of the command line's file formats, with the errors of scenario files:
     * the line, the field and the bad value.
     *
     * @param json the file's bytes
     * @param source how to name the file in errors
     * @param type the type
     * @param expected what the file should hold, for the message of an empty file
     * @param <T> the type
     * @return the value
     * @throws ScenarioException naming the field and where it is
     */
    public static <T> T read(byte[] json, String source, Class<T> type, String expected) throws ScenarioException {
        if (new String(json, StandardCharsets.UTF_8).isBlank()) {
            throw new ScenarioException(source + ": the file is empty; expected " + expected);
        }
        FileErrors.Document document = new FileErrors.Document(source, json, null);
        T value;
        try {
            value = MAPPER.readValue(json, type);
        } catch (IOException e) {
            throw FileErrors.refusal(e, document, expected);
        }
        if (value == null) {
            throw new ScenarioException(source + ": expected " + expected + ", got null");
        }
        return checked(value, document);
    }

    /**
     * Reads a part of a file already parsed (an entry whose fields are split between two types, say) strictly into
     * a type, with the errors of {@link #read(byte[], String, Class, String)} but no line.
     *
     * @param node the part
     * @param source how to name the part in errors, e.g. {@code pipeline.json: stages[1] (draft)}
     * @param type the type
     * @param <T> the type
     * @return the value
     * @throws ScenarioException naming the field and the bad value
     */
    public static <T> T read(JsonNode node, String source, Class<T> type) throws ScenarioException {
        FileErrors.Document document = new FileErrors.Document(source, null, node);
        T value;
        try {
            value = MAPPER.treeToValue(node, type);
        } catch (IOException e) {
            throw FileErrors.refusal(e, document, "an object");
        }
        if (value == null) {
            throw new ScenarioException(source + ": expected an object, got null");
        }
        return checked(value, document);
    }

    /** The value, once its fields keep the rules their types alone do not say ({@link FileRules}). */
    private static <T> T checked(T value, FileErrors.Document document) throws ScenarioException {
        FileRules.Violation violation = FileRules.check(value);
        if (violation != null) {
            throw FileErrors.refusal(violation, document);
        }
        return value;
    }

    /**
     * @param scenario a scenario (one read, or one made from a suite's agent and task)
     * @return its document, which {@link #read} reads back to an equal scenario
     */
    public static String write(Scenario scenario) {
        try {
            return WRITER.writeValueAsString(scenario);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a scenario cannot be written: " + e.getMessage(), e);
        }
    }

    /**
     * @param name a demo scenario's name
     * @return the scenario
     * @throws IllegalStateException when the built-in resource is missing or broken (a defect of the build)
     */
    public static Scenario demo(String name) {
        String resource = "/dev/terminus/cli/demo/" + name + ".json";
        try {
            return read(demoText(name).getBytes(StandardCharsets.UTF_8), resource);
        } catch (ScenarioException e) {
            throw new IllegalStateException("the demo scenario " + resource + " is broken: " + e.getMessage(), e);
        }
    }

    /**
     * @param name a demo scenario's name
     * @return its file's text
     * @throws IllegalStateException when the built-in resource is missing (a defect of the build)
     */
    public static String demoText(String name) {
        String resource = "/dev/terminus/cli/demo/" + name + ".json";
        try (InputStream in = ScenarioReader.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the demo scenario " + resource + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("the demo scenario " + resource + " is broken: " + e.getMessage(), e);
        }
    }
}
