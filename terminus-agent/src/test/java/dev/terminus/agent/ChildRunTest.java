package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import org.junit.jupiter.api.Test;

/** The run of an agent called as a tool, as its parent keeps it. */
class ChildRunTest {
    private static final RunResult RESULT = RunResult.builder().termination(new Termination.NaturalCompletion())
            .outcome(Outcome.SUCCEEDED).build();

    @Test
    void aChildRunHoldsTheToolTheIterationAndTheResult() {
        // when
        ChildRun child = new ChildRun("research", 2, RESULT);

        // then
        assertThat(child.toolName()).isEqualTo("research");
        assertThat(child.iteration()).isEqualTo(2);
        assertThat(child.result()).isSameAs(RESULT);
    }

    @Test
    void badFieldsAreRefusedNamingTheFieldAndTheValue() {
        // when / then
        assertThatThrownBy(() -> new ChildRun("research", -1, RESULT)).hasMessageContaining("ChildRun.iteration")
                .hasMessageContaining("-1");
        assertThatThrownBy(() -> new ChildRun(null, 1, RESULT)).hasMessageContaining("ChildRun.toolName");
        assertThatThrownBy(() -> new ChildRun("research", 1, null)).hasMessageContaining("ChildRun.result");
    }
}
