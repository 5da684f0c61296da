package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ToolArgumentExceptionTest {

    @Test
    void isAnIllegalArgumentExceptionCarryingTheMessageForTheModel() {
        // when
        ToolArgumentException exception = new ToolArgumentException("argument \"n\" must be positive");

        // then
        assertThat(exception).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("argument \"n\" must be positive")
                .hasNoCause();
    }

    @Test
    void keepsItsCause() {
        // given
        NumberFormatException cause = new NumberFormatException("For input string: \"x\"");

        // when
        ToolArgumentException exception = new ToolArgumentException("argument \"n\" is not a number", cause);

        // then
        assertThat(exception).hasMessage("argument \"n\" is not a number").hasCause(cause);
    }
}
