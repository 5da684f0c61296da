package dev.terminus.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.terminus.Category;
import dev.terminus.Diagnostic;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.InvariantClass;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.ToolCall;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JSON Schema of the wire format: every golden vector validates against it, it covers every
 * framework case exactly as the records declare them, and it refuses malformed terminations.
 */
class TerminationSchemaTest {

    private static final String SCHEMA_RESOURCE = "/dev/terminus/jackson/termination.schema.json";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The framework cases: every framework tag except the {@code Extension} interface. */
    private static final Set<String> FRAMEWORK_CASES = Termination.FRAMEWORK_TAGS.stream()
            .filter(tag -> !tag.equals("Extension"))
            .collect(Collectors.toCollection(TreeSet::new));

    /** Record components that are non-null in Java but may be absent on the wire (absent means empty). */
    private static final Set<String> OPTIONAL_ON_THE_WIRE = Set.of("Custom.properties");

    /** Record components that never go on the wire. */
    private static final Set<String> NOT_ON_THE_WIRE = Set.of("Failed.cause");

    private static final JsonNode SCHEMA_TREE = readSchemaTree();
    private static final JsonSchema SCHEMA = loadSchema();

    // ---------------------------------------------------------------- golden vectors

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenTerminationFiles")
    void everyGoldenVectorValidatesAgainstTheSchema(String fileName) throws IOException {
        // given
        JsonNode vector = MAPPER.readTree(goldenTerminationsDir().resolve(fileName).toFile());

        // when
        Set<ValidationMessage> messages = SCHEMA.validate(vector);

        // then
        assertThat(messages).as("schema violations of %s", fileName).isEmpty();
    }

    @Test
    void theGoldenVectorsHaveOneFilePerFrameworkCase() {
        // given
        Set<String> expectedFiles = FRAMEWORK_CASES.stream()
                .map(name -> name + ".json")
                .collect(Collectors.toCollection(TreeSet::new));

        // when
        List<String> files = goldenTerminationFiles().toList();

        // then
        assertThat(files).containsExactlyInAnyOrderElementsOf(expectedFiles);
    }

    // ---------------------------------------------------------------- structure

    @Test
    void theSchemaDeclaresDraft2020_12AndAnId() {
        // given
        JsonNode schema = SCHEMA_TREE;

        // when
        String dialect = schema.path("$schema").asText();
        String id = schema.path("$id").asText();

        // then
        assertThat(dialect).isEqualTo("https://json-schema.org/draft/2020-12/schema");
        assertThat(id).isEqualTo("https://terminus.dev/schemas/termination.schema.json");
    }

    @Test
    void theSchemaHasADefinitionAndATopLevelReferenceForEveryFrameworkCase() {
        // given
        JsonNode defs = SCHEMA_TREE.path("$defs");
        List<String> expectedRefs = new ArrayList<>();
        FRAMEWORK_CASES.forEach(name -> expectedRefs.add("#/$defs/" + name));
        expectedRefs.add("#/$defs/Extension");

        // when
        List<String> topLevelRefs = new ArrayList<>();
        SCHEMA_TREE.path("oneOf").forEach(branch -> topLevelRefs.add(branch.path("$ref").asText()));

        // then
        assertThat(FRAMEWORK_CASES).hasSize(33).allSatisfy(name ->
                assertThat(defs.has(name)).as("$defs has %s", name).isTrue());
        assertThat(defs.has("Extension")).isTrue();
        assertThat(topLevelRefs).containsExactlyInAnyOrderElementsOf(expectedRefs);
    }

    @Test
    void everyCaseDefinitionPinsItsKindAndRefusesUnknownProperties() {
        // given
        JsonNode defs = SCHEMA_TREE.path("$defs");

        // when / then
        for (String name : FRAMEWORK_CASES) {
            JsonNode def = defs.path(name);
            assertThat(def.path("type").asText()).as("%s.type", name).isEqualTo("object");
            assertThat(def.path("properties").path("$kind").path("const").asText()).as("%s.$kind", name).isEqualTo(name);
            assertThat(texts(def.path("required"))).as("%s.required", name).contains("$kind");
            assertThat(def.path("additionalProperties").isBoolean()).as("%s.additionalProperties is set", name).isTrue();
            assertThat(def.path("additionalProperties").booleanValue()).as("%s.additionalProperties", name).isFalse();
        }
    }

    @Test
    void everyCaseDefinitionHasTheRecordsFieldsInOrderAndRequiresTheNonNullableOnes() {
        // given
        Map<String, Class<?>> records = Arrays.stream(Termination.class.getPermittedSubclasses())
                .filter(Class::isRecord)
                .collect(Collectors.toMap(Class::getSimpleName, type -> type));

        // when / then
        assertThat(records.keySet()).containsExactlyInAnyOrderElementsOf(FRAMEWORK_CASES);
        records.forEach((name, type) -> assertDefinitionMatchesRecord(name, type, true));
    }

    @Test
    void theSharedDefinitionsHaveTheRecordsFieldsAndRequireAllOfThem() {
        // given
        Map<String, Class<?>> records = Map.of(
                "ToolCall", ToolCall.class,
                "Diagnostic", Diagnostic.class,
                "Violation", Diagnostic.Violation.class,
                "ErrorInfo", ErrorInfo.class);

        // when / then
        records.forEach((name, type) -> {
            assertDefinitionMatchesRecord(name, type, false);
            assertThat(SCHEMA_TREE.path("$defs").path(name).path("additionalProperties").asBoolean(true))
                    .as("%s.additionalProperties", name).isFalse();
        });
    }

    @Test
    void theEnumerationsListExactlyTheJavaConstants() {
        // given
        JsonNode defs = SCHEMA_TREE.path("$defs");

        // when
        List<String> tokenKinds = texts(defs.path("TokenBudgetExhausted").path("properties").path("kind").path("enum"));
        List<String> invariantClasses =
                texts(defs.path("InvariantViolated").path("properties").path("invariantClass").path("enum"));
        List<String> categories = texts(defs.path("Custom").path("properties").path("category").path("enum"));
        List<String> errorCategories = texts(defs.path("ErrorInfo").path("properties").path("category").path("enum"));

        // then
        assertThat(tokenKinds).containsExactlyElementsOf(names(TokenKind.values()));
        assertThat(invariantClasses).containsExactlyElementsOf(names(InvariantClass.values()));
        assertThat(categories).containsExactlyElementsOf(names(Category.values()));
        assertThat(errorCategories).containsExactlyElementsOf(names(ErrorCategory.values()));
    }

    @Test
    void theExtensionDefinitionUsesTheTagPatternAndExcludesEveryFrameworkTag() {
        // given
        JsonNode kind = SCHEMA_TREE.path("$defs").path("Extension").path("properties").path("$kind");

        // when
        String pattern = kind.path("pattern").asText();
        List<String> excluded = texts(kind.path("not").path("enum"));

        // then
        assertThat(pattern).isEqualTo("^" + Termination.Extension.TAG_PATTERN.pattern() + "$");
        assertThat(excluded).containsExactlyInAnyOrderElementsOf(Termination.FRAMEWORK_TAGS);
        assertThat(texts(SCHEMA_TREE.path("$defs").path("Extension").path("required"))).containsExactly("$kind");
    }

    // ---------------------------------------------------------------- behaviour on vectors

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidTerminations")
    void invalidTerminationsAreRejected(String json) throws IOException {
        // given
        JsonNode vector = MAPPER.readTree(json);

        // when
        Set<ValidationMessage> messages = SCHEMA.validate(vector);

        // then
        assertThat(messages).as("schema violations of %s", json).isNotEmpty();
    }

    @Test
    void anExtensionWithItsOwnFieldsValidates() throws IOException {
        // given
        JsonNode extension = MAPPER.readTree("""
                {"$kind":"QuotaExceeded","tenant":"acme"}""");

        // when
        Set<ValidationMessage> messages = SCHEMA.validate(extension);

        // then
        assertThat(messages).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validTerminations")
    void validTerminationsBeyondTheGoldenVectorsAreAccepted(String json) throws IOException {
        // given
        JsonNode vector = MAPPER.readTree(json);

        // when
        Set<ValidationMessage> messages = SCHEMA.validate(vector);

        // then
        assertThat(messages).as("schema violations of %s", json).isEmpty();
    }

    static Stream<Named<String>> invalidTerminations() {
        return Stream.of(
                Named.of("an assistant message whose incomplete flag is a string", """
                        {"$kind":"NoProgress","unproductiveIterations":3,
                         "snapshot":[{"role":"assistant","content":"x","incomplete":"yes"}]}"""),
                Named.of("a tool message marked incomplete", """
                        {"$kind":"NoProgress","unproductiveIterations":3,
                         "snapshot":[{"role":"tool","toolCallId":"c1","content":"x","incomplete":true}]}"""),
                Named.of("missing $kind", """
                        {"limit":25,"iterationsUsed":25}"""),
                Named.of("MaxIterationsReached with a negative limit", """
                        {"$kind":"MaxIterationsReached","limit":-1,"iterationsUsed":0}"""),
                Named.of("MaxIterationsReached with a string limit", """
                        {"$kind":"MaxIterationsReached","limit":"25","iterationsUsed":25}"""),
                Named.of("MaxIterationsReached with an unknown property", """
                        {"$kind":"MaxIterationsReached","limit":25,"iterationsUsed":25,"reason":"too long"}"""),
                Named.of("MaxIterationsReached without iterationsUsed", """
                        {"$kind":"MaxIterationsReached","limit":25}"""),
                Named.of("MaxIterationsReached with a limit beyond int", """
                        {"$kind":"MaxIterationsReached","limit":2147483648,"iterationsUsed":25}"""),
                Named.of("Failed with an unknown error category", """
                        {"$kind":"Failed","error":{"type":"java.io.IOException","message":"x","category":"TRANSIENT"}}"""),
                Named.of("Failed with a blank error type", """
                        {"$kind":"Failed","error":{"type":"  ","message":"x","category":"EXTERNAL"}}"""),
                Named.of("Failed with an error lacking its message", """
                        {"$kind":"Failed","error":{"type":"java.io.IOException","category":"EXTERNAL"}}"""),
                Named.of("NoProgress with a snapshot message of unknown role", """
                        {"$kind":"NoProgress","unproductiveIterations":3,"snapshot":[{"role":"robot","content":"beep"}]}"""),
                Named.of("NoProgress with a tool message lacking its toolCallId", """
                        {"$kind":"NoProgress","unproductiveIterations":3,"snapshot":[{"role":"tool","content":"no results"}]}"""),
                Named.of("NoProgress with a tool call of blank name", """
                        {"$kind":"NoProgress","unproductiveIterations":3,"snapshot":[
                          {"role":"assistant","content":"","toolCalls":[{"id":"c1","name":" ","arguments":{}}]}]}"""),
                Named.of("NoProgress with a user message carrying tool calls", """
                        {"$kind":"NoProgress","unproductiveIterations":3,"snapshot":[{"role":"user","content":"hi","toolCalls":[]}]}"""),
                Named.of("an extension-shaped object whose $kind is Failed", """
                        {"$kind":"Failed","tenant":"acme"}"""),
                Named.of("a lowercase $kind", """
                        {"$kind":"quotaExceeded","tenant":"acme"}"""),
                Named.of("the $kind Extension", """
                        {"$kind":"Extension"}"""),
                Named.of("an extension $kind longer than 64 characters", """
                        {"$kind":"Q%s"}""".formatted("x".repeat(64))),
                Named.of("a $kind that is not a string", """
                        {"$kind":42}"""),
                Named.of("an array", """
                        [{"$kind":"Completed"}]"""),
                Named.of("ProviderAuthFailed with a status beyond HTTP", """
                        {"$kind":"ProviderAuthFailed","provider":"openai","status":600}"""),
                Named.of("BudgetPressure with a zero threshold", """
                        {"$kind":"BudgetPressure","threshold":0}"""),
                Named.of("BudgetPressure with a threshold above one", """
                        {"$kind":"BudgetPressure","threshold":1.5}"""),
                Named.of("CostBudgetExhausted with negative spending", """
                        {"$kind":"CostBudgetExhausted","spentUsd":-0.01,"limitUsd":2.0}"""),
                Named.of("CostBudgetExhausted with money as a string", """
                        {"$kind":"CostBudgetExhausted","spentUsd":"2.01","limitUsd":2.0}"""),
                Named.of("TokenBudgetExhausted with an unknown kind", """
                        {"$kind":"TokenBudgetExhausted","tokensConsumed":10,"limit":5,"kind":"CACHED"}"""),
                Named.of("InvariantViolated with an unknown class", """
                        {"$kind":"InvariantViolated","invariantClass":"RUNTIME","name":"n","reason":"r"}"""),
                Named.of("Custom without a category", """
                        {"$kind":"Custom","reason":"Reconciled"}"""),
                Named.of("Custom with properties that are not an object", """
                        {"$kind":"Custom","reason":"Reconciled","properties":[1,2],"category":"SUCCESS"}"""),
                Named.of("CriteriaMet with a criterion that is not a string", """
                        {"$kind":"CriteriaMet","criteria":["has-citations",7]}"""),
                Named.of("UserSatisfied with a numeric stop token", """
                        {"$kind":"UserSatisfied","stopToken":7}"""),
                Named.of("SchemaValidationFailed with a violation lacking its path", """
                        {"$kind":"SchemaValidationFailed","diagnostic":{"received":"x","violations":[{"message":"m"}]}}"""),
                Named.of("HitlGatePending with a blank gate id", """
                        {"$kind":"HitlGatePending","gateId":"","proposalId":"p","summary":"s","agentId":"a","cycle":1}"""));
    }

    static Stream<Named<String>> validTerminations() {
        return Stream.of(
                Named.of("NoProgress holding an answer cut short", """
                        {"$kind":"NoProgress","unproductiveIterations":3,
                         "snapshot":[{"role":"assistant","content":"Once upon","incomplete":true}]}"""),
                Named.of("an extension with nested fields", """
                        {"$kind":"QuotaExceeded","tenant":"acme","usage":{"used":11,"limit":10},"tags":["a",null]}"""),
                Named.of("an extension with a one-letter tag", """
                        {"$kind":"Q"}"""),
                Named.of("an extension with a 64-character tag", """
                        {"$kind":"Q%s"}""".formatted("x".repeat(63))),
                Named.of("Cancelled without requestedBy", """
                        {"$kind":"Cancelled"}"""),
                Named.of("Cancelled with a null requestedBy", """
                        {"$kind":"Cancelled","requestedBy":null}"""),
                Named.of("Skipped without a reason", """
                        {"$kind":"Skipped"}"""),
                Named.of("UserSatisfied with a null stop token", """
                        {"$kind":"UserSatisfied","stopToken":null}"""),
                Named.of("PromptTooLong with unknown sizes", """
                        {"$kind":"PromptTooLong","promptTokens":null}"""),
                Named.of("OutputTruncated without its cap", """
                        {"$kind":"OutputTruncated"}"""),
                Named.of("StallDetected with a null threshold", """
                        {"$kind":"StallDetected","consecutiveThreshold":null}"""),
                Named.of("BudgetPressure at the whole budget", """
                        {"$kind":"BudgetPressure","threshold":1}"""),
                Named.of("BudgetPressure with a null threshold", """
                        {"$kind":"BudgetPressure","threshold":null}"""),
                Named.of("TimeBudgetExhausted beyond int range", """
                        {"$kind":"TimeBudgetExhausted","elapsedMs":4294967296,"limitMs":4294967295}"""),
                Named.of("Custom without properties", """
                        {"$kind":"Custom","reason":"Paused","category":"INTERRUPTED"}"""),
                Named.of("Custom with nested and null properties", """
                        {"$kind":"Custom","reason":"R","properties":{"a":{"b":[1,2.5,"c",true,null]},"n":null},"category":"FATAL"}"""),
                Named.of("ProviderAuthFailed with 403", """
                        {"$kind":"ProviderAuthFailed","provider":"anthropic","status":403}"""),
                Named.of("NoProgress with every kind of message", """
                        {"$kind":"NoProgress","unproductiveIterations":0,"snapshot":[
                          {"role":"system","content":"be brief"},
                          {"role":"user","content":"weather?"},
                          {"role":"assistant","content":"thinking"},
                          {"role":"assistant","content":"","toolCalls":[]},
                          {"role":"tool","toolCallId":"c1","toolName":null,"content":"boom","error":true},
                          {"role":"tool","toolCallId":"c2","toolName":"search","content":"ok","error":false}]}"""),
                Named.of("SchemaValidationFailed with no violations", """
                        {"$kind":"SchemaValidationFailed","diagnostic":{"received":"","violations":[]}}"""),
                Named.of("Failed with an empty message", """
                        {"$kind":"Failed","error":{"type":"java.lang.IllegalStateException","message":"","category":"INTERNAL"}}"""));
    }

    // ---------------------------------------------------------------- helpers

    static Stream<String> goldenTerminationFiles() {
        return GoldenFiles.caseFiles().stream();
    }

    private static Path goldenTerminationsDir() {
        return GoldenFiles.terminationsDir();
    }

    private static void assertDefinitionMatchesRecord(String name, Class<?> type, boolean hasKind) {
        JsonNode def = SCHEMA_TREE.path("$defs").path(name);
        List<String> wireFields = new ArrayList<>();
        Set<String> requiredFields = new LinkedHashSet<>();
        if (hasKind) {
            wireFields.add("$kind");
            requiredFields.add("$kind");
        }
        for (RecordComponent component : type.getRecordComponents()) {
            String qualified = name + "." + component.getName();
            if (NOT_ON_THE_WIRE.contains(qualified)) {
                continue;
            }
            wireFields.add(component.getName());
            boolean nullable = component.getAnnotatedType().isAnnotationPresent(Nullable.class);
            if (!nullable && !OPTIONAL_ON_THE_WIRE.contains(qualified)) {
                requiredFields.add(component.getName());
            }
        }
        List<String> properties = new ArrayList<>();
        def.path("properties").fieldNames().forEachRemaining(properties::add);
        assertThat(properties).as("%s.properties", name).containsExactlyElementsOf(wireFields);
        assertThat(texts(def.path("required"))).as("%s.required", name).containsExactlyInAnyOrderElementsOf(requiredFields);
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(element -> texts.add(element.asText()));
        return texts;
    }

    private static List<String> names(Enum<?>[] constants) {
        return Arrays.stream(constants).map(Enum::name).toList();
    }

    private static JsonNode readSchemaTree() {
        try (InputStream in = openSchema()) {
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonSchema loadSchema() {
        try (InputStream in = openSchema()) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream openSchema() {
        InputStream in = TerminationSchemaTest.class.getResourceAsStream(SCHEMA_RESOURCE);
        if (in == null) {
            throw new IllegalStateException("schema resource " + SCHEMA_RESOURCE + " is not on the classpath");
        }
        return in;
    }
}
