package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TaskErrorTest {

    @Test
    void anExceptionBecomesItsClassNameAndMessageWithTheComponent() {
        // when
        TaskError error = TaskError.of(new IllegalStateException("down"), Component.ENVIRONMENT);
        TaskError silent = TaskError.of(new NullPointerException(), Component.SETUP);

        // then
        assertThat(error).isEqualTo(new TaskError("java.lang.IllegalStateException", "down", Component.ENVIRONMENT));
        assertThat(silent.message()).isEmpty();
    }

    @Test
    void aBlankTypeOrAMissingComponentIsRefused() {
        // when / then
        assertThatThrownBy(() -> new TaskError("", "m", Component.AGENT)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TaskError.type");
        assertThatThrownBy(() -> new TaskError("T", "m", null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("TaskError.component");
    }
}
