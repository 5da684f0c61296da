package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A suite's children have ids made from the suite's id, the task, the repeat and the attempt, and no two collide. */
class SuiteWorkflowsTest {

    @Test
    void aFirstAttemptIsNamedByItsTaskAndRepeatAndARetryByItsAttemptToo() {
        // when / then
        assertThat(SuiteWorkflows.childId("nightly", "add", 0, 1)).isEqualTo("nightly/add/0");
        assertThat(SuiteWorkflows.childId("nightly", "add", 3, 2)).isEqualTo("nightly/add/3/attempt-2");
    }

    @Test
    void taskIdsHoldingASlashGiveNoIdOfAnotherTaskRun() {
        // when
        String nested = SuiteWorkflows.childId("s", "a/0", 1, 1);
        String plain = SuiteWorkflows.childId("s", "a", 0, 2);

        // then
        assertThat(nested).isEqualTo("s/a/0/1").isNotEqualTo(SuiteWorkflows.childId("s", "a", 0, 1));
        assertThat(plain).isEqualTo("s/a/0/attempt-2");
    }

    @Test
    void badPartsAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> SuiteWorkflows.childId(" ", "add", 0, 1)).hasMessageContaining("suiteId");
        assertThatThrownBy(() -> SuiteWorkflows.childId("s", "add", -1, 1)).hasMessageContaining("repeat");
        assertThatThrownBy(() -> SuiteWorkflows.childId("s", "add", 0, 0))
                .hasMessage("attempt must be >= 1, was 0");
    }
}
