package dev.terminus.langchain4j.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.terminus.agent.spi.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class ToolSpecsTest {

    private static ToolSpec tool(Map<String, @Nullable Object> properties) {
        return new ToolSpec("search", "Searches", Map.of("type", "object", "properties", properties));
    }

    /** A map that keeps its order, so the raw JSON written from it is known. */
    private static Map<String, @Nullable Object> ordered(Object... keysAndValues) {
        Map<String, @Nullable Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private static JsonSchemaElement property(Map<String, @Nullable Object> schema) {
        return ToolSpecs.toLangChain4j(tool(Map.of("p", schema))).parameters().properties().get("p");
    }

    @Test
    void aToolBecomesASpecificationWithItsNameDescriptionPropertiesAndRequiredNames() {
        // given
        ToolSpec spec = new ToolSpec("weather", "Today's weather", Map.of("type", "object",
                "description", "where",
                "properties", Map.of("city", Map.of("type", "string", "description", "the city")),
                "required", List.of("city"), "additionalProperties", false));

        // when
        ToolSpecification specification = ToolSpecs.toLangChain4j(spec);

        // then
        assertThat(specification).isEqualTo(ToolSpecification.builder().name("weather").description("Today's weather")
                .parameters(JsonObjectSchema.builder().description("where")
                        .addProperty("city", JsonStringSchema.builder().description("the city").build())
                        .required("city").additionalProperties(false).build())
                .build());
    }

    @Test
    void aToolWithoutParametersOrDescriptionHasAnEmptyObjectAndNoDescription() {
        // given
        ToolSpec spec = new ToolSpec("now", "", ToolSpec.NO_PARAMETERS);

        // when
        ToolSpecification specification = ToolSpecs.toLangChain4j(spec);

        // then
        assertThat(specification).isEqualTo(ToolSpecification.builder().name("now")
                .parameters(JsonObjectSchema.builder().build()).build());
    }

    @Test
    void eachJsonTypeBecomesItsLangChain4jType() {
        // given / when / then
        assertThat(property(Map.of("type", "integer", "description", "d")))
                .isEqualTo(JsonIntegerSchema.builder().description("d").build());
        assertThat(property(Map.of("type", "number"))).isEqualTo(JsonNumberSchema.builder().build());
        assertThat(property(Map.of("type", "boolean"))).isEqualTo(JsonBooleanSchema.builder().build());
        assertThat(property(Map.of("type", "null"))).isEqualTo(new JsonNullSchema());
        assertThat(property(Map.of("type", "string", "enum", List.of("C", "F"))))
                .isEqualTo(JsonEnumSchema.builder().enumValues("C", "F").build());
        assertThat(property(Map.of("enum", List.of("C", "F"), "description", "unit")))
                .isEqualTo(JsonEnumSchema.builder().enumValues("C", "F").description("unit").build());
    }

    @Test
    void arraysAndNestedObjectsAreConvertedAllTheWayDown() {
        // given
        Map<String, @Nullable Object> schema = Map.of("type", "object",
                "properties", Map.of("tags", Map.of("type", "array", "items", Map.of("type", "string")),
                        "any", Map.of("type", "array")),
                "required", List.of("tags"), "additionalProperties", true);

        // when
        JsonSchemaElement converted = property(schema);

        // then
        assertThat(converted).isEqualTo(JsonObjectSchema.builder()
                .addProperty("tags", JsonArraySchema.builder().items(JsonStringSchema.builder().build()).build())
                .addProperty("any", JsonArraySchema.builder().build())
                .required("tags").additionalProperties(true).build());
    }

    @Test
    void anyOfBecomesAnAnyOfSchema() {
        // given
        Map<String, @Nullable Object> schema = Map.of("anyOf", List.of(Map.of("type", "string"),
                Map.of("type", "integer")), "description", "id or name");

        // when
        JsonSchemaElement converted = property(schema);

        // then
        assertThat(converted).isEqualTo(JsonAnyOfSchema.builder().description("id or name")
                .anyOf(JsonStringSchema.builder().build(), JsonIntegerSchema.builder().build()).build());
    }

    @Test
    void aSchemaThatSaysMoreThanTheTypesHoldIsSentAsRawJson() {
        // given / when / then
        assertThat(property(ordered("type", "string", "format", "date")))
                .isEqualTo(JsonRawSchema.from("{\"type\":\"string\",\"format\":\"date\"}"));
        assertThat(property(Map.of("type", List.of("string", "null"))))
                .isEqualTo(JsonRawSchema.from("{\"type\":[\"string\",\"null\"]}"));
        assertThat(property(Map.of("enum", List.of(1, 2))))
                .isEqualTo(JsonRawSchema.from("{\"enum\":[1,2]}"));
        assertThat(property(ordered("type", "object", "additionalProperties", Map.of("type", "integer"))))
                .isEqualTo(JsonRawSchema.from("{\"type\":\"object\",\"additionalProperties\":{\"type\":\"integer\"}}"));
        assertThat(property(ordered("type", "array", "items", false)))
                .isEqualTo(JsonRawSchema.from("{\"type\":\"array\",\"items\":false}"));
        assertThat(property(Map.of("$ref", "#/$defs/city")))
                .isEqualTo(JsonRawSchema.from("{\"$ref\":\"#/$defs/city\"}"));
    }

    @Test
    void theRootKeepsItsDefinitionsAndLeavesOutSchemaAndTitle() {
        // given
        Map<String, @Nullable Object> parameters = new LinkedHashMap<>();
        parameters.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        parameters.put("title", "Args");
        parameters.put("type", "object");
        parameters.put("properties", Map.of("to", Map.of("$ref", "#/$defs/city")));
        parameters.put("$defs", Map.of("city", Map.of("type", "string")));

        // when
        JsonObjectSchema root = ToolSpecs.toLangChain4j(new ToolSpec("go", "Goes", parameters)).parameters();

        // then
        assertThat(root).isEqualTo(JsonObjectSchema.builder()
                .addProperty("to", JsonRawSchema.from("{\"$ref\":\"#/$defs/city\"}"))
                .definitions(Map.of("city", JsonStringSchema.builder().build())).build());
    }

    @Test
    void aRootThatIsNotAnObjectIsRefusedNamingTheTool() {
        // given
        ToolSpec spec = new ToolSpec("search", "Searches", Map.of("type", "string"));

        // when / then
        assertThatThrownBy(() -> ToolSpecs.toLangChain4j(spec)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tool \"search\": the arguments schema must be of type \"object\", was \"string\"");
    }

    @Test
    void aRootKeywordThatCannotBeSentIsRefusedNamingTheToolAndTheKeyword() {
        // given
        ToolSpec spec = new ToolSpec("search", "Searches", Map.of("type", "object",
                "oneOf", List.of(Map.of("required", List.of("q")))));

        // when / then
        assertThatThrownBy(() -> ToolSpecs.toLangChain4j(spec)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tool \"search\": keyword \"oneOf\" of the arguments schema cannot be sent to the provider"
                        + " (the root must be a plain object schema), was [{\"required\":[\"q\"]}]");
    }

    @Test
    void anUnknownTypeIsRefusedNamingTheToolThePropertyPathAndTheType() {
        // given
        ToolSpec spec = tool(Map.of("filter", Map.of("type", "object",
                "properties", Map.of("from", Map.of("type", "str")))));

        // when / then
        assertThatThrownBy(() -> ToolSpecs.toLangChain4j(spec)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tool \"search\": property \"filter.from\" has an unknown type \"str\" (expected string,"
                        + " integer, number, boolean, array, object or null)");
    }

    @Test
    void malformedSchemasAreRefusedNamingThePropertyAndTheValue() {
        // given / when / then
        assertThatThrownBy(() -> ToolSpecs.toLangChain4j(tool(Map.of("q", "string"))))
                .hasMessage("tool \"search\": property \"q\" must be a JSON Schema object, was \"string\"");
        assertThatThrownBy(() -> ToolSpecs.toLangChain4j(tool(Map.of("q", Map.of("type", "object",
                "properties", List.of("a"))))))
                .hasMessage("tool \"search\": property \"q\" must have \"properties\" that is an object, was [\"a\"]");
        assertThatThrownBy(() -> ToolSpecs.toLangChain4j(tool(Map.of("q", Map.of("type", "object",
                "required", List.of(1))))))
                .hasMessage("tool \"search\": property \"q\" must list its required property names as strings, was [1]");
        assertThatThrownBy(() -> ToolSpecs.toLangChain4j(tool(Map.of("q", Map.of("type", "array",
                "items", "string")))))
                .hasMessage("tool \"search\": property \"q\" must have \"items\" that is a schema, was \"string\"");
        assertThatThrownBy(() -> ToolSpecs.toLangChain4j(tool(Map.of("tags", Map.of("type", "array",
                "items", Map.of("type", 7))))))
                .hasMessage("tool \"search\": property \"tags[]\" has an unknown type 7 (expected string, integer,"
                        + " number, boolean, array, object or null)");
        assertThatThrownBy(() -> ToolSpecs.toLangChain4j(new ToolSpec("search", "Searches", Map.of("type", "object",
                "additionalProperties", Map.of("type", "string")))))
                .hasMessage("tool \"search\": the schema has \"additionalProperties\" that cannot be sent (only true or"
                        + " false can), was {\"type\":\"string\"}");
    }

    @Test
    void anObjectResponseSchemaBecomesAJsonResponseFormatWithoutItsSchemaKeyword() {
        // given
        Map<String, @Nullable Object> schema = Map.of("$schema", "https://json-schema.org/draft/2020-12/schema",
                "type", "object", "properties", Map.of("advice", Map.of("type", "string")),
                "required", List.of("advice"), "additionalProperties", false);

        // when
        ResponseFormat format = ToolSpecs.responseFormat(schema);

        // then
        assertThat(format).isEqualTo(ResponseFormat.builder().type(ResponseFormatType.JSON)
                .jsonSchema(JsonSchema.builder().name("response").rootElement(JsonObjectSchema.builder()
                        .addProperty("advice", JsonStringSchema.builder().build())
                        .required("advice").additionalProperties(false).build()).build())
                .build());
    }

    @Test
    void aResponseSchemaThatIsNotAnObjectOrIsMalformedIsNotSent() {
        // given / when / then
        assertThat(ToolSpecs.responseFormat(Map.of("type", "array", "items", Map.of("type", "string")))).isNull();
        assertThat(ToolSpecs.responseFormat(Map.of("type", "object", "properties", Map.of("a", "b")))).isNull();
    }
}
