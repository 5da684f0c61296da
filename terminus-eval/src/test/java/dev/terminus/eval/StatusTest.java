package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StatusTest {

    @Test
    void theStatusesAreTheEightOfTheSpecInItsOrderTheirNamesBeingTheReportsValues() {
        // when
        String[] names = Arrays.stream(Status.values()).map(Enum::name).toArray(String[]::new);

        // then
        assertThat(names).containsExactly("SUCCESS", "AGENT_ERROR", "ENVIRONMENT_ERROR", "USER_ERROR", "TASK_TIMEOUT",
                "UNKNOWN_EXECUTION_ERROR", "EVALUATION_FAILED", "SETUP_FAILED");
    }
}
