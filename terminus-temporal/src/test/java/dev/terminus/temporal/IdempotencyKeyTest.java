package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class IdempotencyKeyTest {

    @Test
    void theKeyIsCurrentDuringTheCallOnlyAndAnOuterKeyComesBackAfterIt() throws Exception {
        // given
        String[] inner = new String[1];

        // when
        Optional<String> during = IdempotencyKey.with("wf-1:call_1", () -> {
            inner[0] = IdempotencyKey.with("wf-1:call_2", () -> IdempotencyKey.current().orElseThrow());
            return IdempotencyKey.current();
        });

        // then
        assertThat(inner[0]).isEqualTo("wf-1:call_2");
        assertThat(during).contains("wf-1:call_1");
        assertThat(IdempotencyKey.current()).isEmpty();
    }
}
