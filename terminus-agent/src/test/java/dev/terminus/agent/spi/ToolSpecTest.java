package dev.terminus.agent.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ToolSpecTest {

    @ParameterizedTest
    @ValueSource(strings = {"search", "get_weather", "get-weather", "Tool2", "a", "_", "-"})
    void namesOfLettersDigitsUnderscoreAndDashAreAccepted(String name) {
        // when
        ToolSpec spec = new ToolSpec(name, "does things", ToolSpec.NO_PARAMETERS);

        // then
        assertThat(spec.name()).isEqualTo(name);
    }

    @Test
    void aNameOfSixtyFourCharactersIsAccepted() {
        // given
        String name = "a".repeat(64);

        // when
        ToolSpec spec = new ToolSpec(name, "", ToolSpec.NO_PARAMETERS);

        // then
        assertThat(spec.name()).hasSize(64);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "get weather", "get.weather", "ns/tool", "wetter-ä", "tool!", " search"})
    void otherNamesAreRefusedQuotingTheName(String name) {
        // when / then
        assertThatThrownBy(() -> new ToolSpec(name, "d", ToolSpec.NO_PARAMETERS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ToolSpec.name must match [A-Za-z0-9_-]{1,64}, was \"" + name + "\"");
    }

    @Test
    void aNameOfSixtyFiveCharactersIsRefused() {
        // given
        String name = "a".repeat(65);

        // when / then
        assertThatThrownBy(() -> new ToolSpec(name, "d", ToolSpec.NO_PARAMETERS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("ToolSpec.name must match");
    }

    @Test
    void nullsAreRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> new ToolSpec(null, "d", ToolSpec.NO_PARAMETERS))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ToolSpec.name must not be null");
        assertThatThrownBy(() -> new ToolSpec("t", null, ToolSpec.NO_PARAMETERS))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ToolSpec.description must not be null");
        assertThatThrownBy(() -> new ToolSpec("t", "d", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ToolSpec.parameters must not be null");
    }

    @Test
    void parametersAreDeepCopiedSoLaterChangesToTheSourceDoNotShow() {
        // given
        List<Object> required = new ArrayList<>(List.of("query"));
        Map<String, Object> query = new LinkedHashMap<>(Map.of("type", "string"));
        Map<String, Object> properties = new LinkedHashMap<>(Map.of("query", query));
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", required);
        ToolSpec spec = new ToolSpec("search", "Searches", schema);

        // when
        schema.put("type", "array");
        properties.put("limit", Map.of("type", "integer"));
        query.put("type", "integer");
        required.add("limit");

        // then
        assertThat(spec.parameters()).isEqualTo(Map.of(
                "type", "object",
                "properties", Map.of("query", Map.of("type", "string")),
                "required", List.of("query")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void parametersAreUnmodifiableAtEveryLevel() {
        // given
        ToolSpec spec = new ToolSpec("search", "Searches", Map.of(
                "type", "object",
                "properties", Map.of("query", Map.of("type", "string")),
                "required", List.of("query")));
        Map<String, Object> properties = (Map<String, Object>) spec.parameters().get("properties");
        Map<String, Object> query = (Map<String, Object>) properties.get("query");
        List<Object> required = (List<Object>) spec.parameters().get("required");

        // when / then
        assertThatThrownBy(() -> spec.parameters().put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> properties.put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> query.put("type", "integer")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> required.add("x")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void parametersKeepTheirOrder() {
        // given
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", Map.of());
        schema.put("additionalProperties", false);

        // when
        ToolSpec spec = new ToolSpec("t", "d", schema);

        // then
        assertThat(spec.parameters().keySet()).containsExactly("type", "properties", "additionalProperties");
    }

    @Test
    void aSchemaValueThatIsNotJsonIsRefusedNamingItsPath() {
        // given
        Map<String, Object> schema = Map.of("properties", Map.of("when", new Object()));

        // when / then
        assertThatThrownBy(() -> new ToolSpec("t", "d", schema))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("ToolSpec.parameters.properties.when must be a JSON value");
    }

    @Test
    void noParametersIsAnEmptyObjectSchema() {
        // when / then
        assertThat(ToolSpec.NO_PARAMETERS).isEqualTo(Map.of("type", "object", "properties", Map.of()));
    }
}
