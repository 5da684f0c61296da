package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A run's input names its agent or carries its definition, and a continued run keeps both and its model calls. */
class AgentRunInputTest {

    @Test
    void aDefinedRunStartsWithItsDocumentAndNoModelCalls() {
        // when
        AgentRunInput input = AgentRunInput.defined("refund", "Refund order 42.", "{\"task\": \"x\"}");

        // then
        assertThat(input.definition()).isEqualTo("{\"task\": \"x\"}");
        assertThat(input.continuation()).isNull();
        assertThat(input.modelCalls()).isZero();
    }

    @Test
    void negativeModelCallsAreRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> new AgentRunInput("refund", "go", null, null, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("AgentRunInput.modelCalls must be >= 0, was -1");
    }
}
