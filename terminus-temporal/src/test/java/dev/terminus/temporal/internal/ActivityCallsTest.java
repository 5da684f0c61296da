package dev.terminus.temporal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.Agent;
import dev.terminus.agent.control.AgentEngine;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.scripted.ScriptedModel;
import io.temporal.api.enums.v1.TimeoutType;
import io.temporal.client.ActivityWorkerShutdownException;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.TimeoutFailure;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** How a call's activity that timed out, was lost or was stopped by its worker's shutdown fails in the loop. */
class ActivityCallsTest {
    private static final ActivityCalls.Limit CALL_TIMEOUT = new ActivityCalls.Limit(Duration.ofMinutes(10), false);
    private static final ActivityCalls.Limit TOOL_TIMEOUT = new ActivityCalls.Limit(Duration.ofMillis(1500), true);

    private static RunControl control() {
        return AgentEngine.of(Agent.builder(ScriptedModel.builder().text("unused").build()).build()).newControl();
    }

    private static TimeoutFailure timeout(TimeoutType type) {
        return new TimeoutFailure("activity timeout", null, type);
    }

    @Test
    void aToolCallPastThePerToolTimeoutFailsAsALateToolDoesInOneProcess() {
        // given
        TimeoutFailure late = timeout(TimeoutType.TIMEOUT_TYPE_START_TO_CLOSE);

        // when
        Exception failure = ActivityCalls.failure(ActivityCalls.Kind.TOOL, control(), TOOL_TIMEOUT, late);

        // then
        assertThat(failure).isInstanceOf(TimeoutException.class)
                .hasMessage("the tool did not answer within 1500 ms").hasCause(late);
    }

    @Test
    void aModelCallLostWithItsWorkerFailsAsARetryableModelTimeout() {
        // given
        TimeoutFailure silent = timeout(TimeoutType.TIMEOUT_TYPE_HEARTBEAT);

        // when
        Exception failure = ActivityCalls.failure(ActivityCalls.Kind.MODEL, control(), CALL_TIMEOUT, silent);

        // then
        assertThat(failure).isInstanceOfSatisfying(ModelException.Timeout.class, timeout -> {
            assertThat(timeout.isRetryable()).isTrue();
            assertThat(timeout).hasMessageStartingWith("the model call was lost: its worker sent no heartbeat");
        });
    }

    @Test
    void aToolCallLostWithItsWorkerIsAnsweredAsStoppedWithItsEffectUnknownEvenUnderAPerToolTimeout() {
        // given
        TimeoutFailure silent = timeout(TimeoutType.TIMEOUT_TYPE_HEARTBEAT);

        // when
        Exception failure = ActivityCalls.failure(ActivityCalls.Kind.TOOL, control(), TOOL_TIMEOUT, silent);

        // then
        assertThat(failure).isInstanceOf(ActivityCalls.CallStoppedException.class)
                .hasMessageStartingWith("the tool call was lost, its effect unknown: its worker sent no heartbeat");
    }

    @Test
    void aCallStoppedByItsWorkersShutdownIsLostLikeACallOfADeadWorker() {
        // given
        ApplicationFailure shutDown = ApplicationFailure.newFailure("worker shut down",
                ActivityWorkerShutdownException.class.getName());

        // when
        Exception model = ActivityCalls.failure(ActivityCalls.Kind.MODEL, control(), CALL_TIMEOUT, shutDown);
        Exception tool = ActivityCalls.failure(ActivityCalls.Kind.TOOL, control(), CALL_TIMEOUT, shutDown);

        // then
        assertThat(model).isInstanceOf(ModelException.Timeout.class)
                .hasMessage("the model call was lost: its worker shut down");
        assertThat(tool).isInstanceOf(ActivityCalls.CallStoppedException.class)
                .hasMessage("the tool call was lost, its effect unknown: its worker shut down");
    }

    @Test
    void aToolCallPastTheCallTimeoutIsStoppedNotLate() {
        // given
        TimeoutFailure late = timeout(TimeoutType.TIMEOUT_TYPE_START_TO_CLOSE);

        // when
        Exception failure = ActivityCalls.failure(ActivityCalls.Kind.TOOL, control(), CALL_TIMEOUT, late);

        // then
        assertThat(failure).isInstanceOf(ActivityCalls.CallStoppedException.class)
                .hasMessageStartingWith("the tool call timed out");
    }
}
