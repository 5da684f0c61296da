package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HumanInputRequestTest {

    @Test
    void aRequestKeepsADeepCopyOfItsSchema() {
        // given
        Map<String, Object> properties = new HashMap<>(Map.of("iban", Map.of("type", "string")));
        Map<String, Object> schema = new LinkedHashMap<>(Map.of("type", "object", "properties", properties));

        // when
        HumanInputRequest request = HumanInputRequest.of("Which account?", schema, "mcp:payments");
        properties.put("bic", Map.of("type", "string"));

        // then
        assertThat(request.message()).isEqualTo("Which account?");
        assertThat(request.source()).isEqualTo("mcp:payments");
        assertThat(request.requestedSchema()).containsEntry("properties", Map.of("iban", Map.of("type", "string")));
    }

    @Test
    void requestsWithTheSameQuestionSchemaAndSourceAreEqual() {
        // when / then: a resumed call that asks the same again is recognized by equality
        assertThat(HumanInputRequest.of("Which account?", Map.of("type", "object"), "mcp:payments"))
                .isEqualTo(HumanInputRequest.of("Which account?", new HashMap<>(Map.of("type", "object")),
                        "mcp:payments"))
                .isNotEqualTo(HumanInputRequest.of("Which account?", Map.of("type", "object"), "mcp:other"))
                .isNotEqualTo(HumanInputRequest.of("Which card?", Map.of("type", "object"), "mcp:payments"));
    }

    @Test
    void nullComponentsAndSchemasThatAreNotJsonAreRefusedByName() {
        // when / then
        assertThatThrownBy(() -> HumanInputRequest.of(null, Map.of(), "s"))
                .isInstanceOf(NullPointerException.class).hasMessage("HumanInputRequest.message must not be null");
        assertThatThrownBy(() -> HumanInputRequest.of("q", Map.of(), null))
                .isInstanceOf(NullPointerException.class).hasMessage("HumanInputRequest.source must not be null");
        assertThatThrownBy(() -> HumanInputRequest.of("q", Map.of("type", Thread.currentThread()), "s"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("HumanInputRequest.requestedSchema.type must be a JSON value");
    }

    @Test
    void anAnswerIsCheckedAgainstTheRequestedSchemaNamingTheProperty() {
        // given
        HumanInputRequest request = HumanInputRequest.of("Who?", Map.of("type", "object", "properties",
                Map.of("name", Map.of("type", "string")), "required", java.util.List.of("name")), "people");

        // when / then
        assertThat(request.mismatch(Map.of("name", "Ada"))).isEmpty();
        assertThat(request.mismatch(Map.of("name", 7))).contains("argument \"name\" must be of type string, was 7");
        assertThat(request.mismatch(Map.of())).contains("missing required argument \"name\"");
    }
}
