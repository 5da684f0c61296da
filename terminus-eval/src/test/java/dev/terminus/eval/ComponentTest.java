package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ComponentTest {

    @Test
    void theFailingComponentsAreNamedAsInTheReport() {
        // when
        String[] names = Arrays.stream(Component.values()).map(Enum::name).toArray(String[]::new);

        // then
        assertThat(names).containsExactly("AGENT", "ENVIRONMENT", "USER", "EVALUATOR", "SETUP", "HARNESS");
    }
}
