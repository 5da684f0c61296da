package dev.terminus.temporal.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.terminus.Message;
import dev.terminus.agent.Agent;
import dev.terminus.agent.control.AgentEngine;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.scripted.ScriptedModel;
import dev.terminus.temporal.TranscriptReference;
import dev.terminus.temporal.wire.TranscriptPage;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.failure.ApplicationFailure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A call's transcript query, asked again while its workflow's worker is away: the call completes once the workflow
 * answers, and a workflow that does not answer within the call's time loses the call (a failure the loop tries
 * again), never fails the run.
 */
class TranscriptQueriesTest {
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);
    private static final ActivityCalls.Limit LIMIT = new ActivityCalls.Limit(CALL_TIMEOUT, false);

    /** A manual clock: a pause moves it on, and is remembered. */
    private static final class ManualTime implements TranscriptQueries.Time {
        long now = 1_000;
        final List<Duration> pauses = new ArrayList<>();

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void pause(long nanos) {
            pauses.add(Duration.ofNanos(nanos));
            now += nanos;
        }
    }

    /** A workflow's ledger whose query fails a number of times first, as while its worker is away. */
    private static final class AwayWorkflow implements TranscriptCache.Source {
        final TranscriptLedger ledger = new TranscriptLedger();
        int failuresLeft;
        int tries;

        AwayWorkflow(int failures) {
            this.failuresLeft = failures;
        }

        @Override
        public TranscriptPage page(long generation, int from) {
            tries++;
            if (failuresLeft-- > 0) {
                throw new StatusRuntimeException(Status.DEADLINE_EXCEEDED.withDescription("query timed out"));
            }
            return ledger.page(generation, from);
        }
    }

    private static List<Message> transcript() {
        return List.of(new Message.User("Record every entry."),
                new Message.ToolResult("call-1", "record", "recorded", false));
    }

    @Test
    void aTranscriptQueryThatFailsThreeTimesThenAnswersGivesTheCallItsTranscriptAfterGrowingPauses()
            throws Exception {
        // given
        ManualTime time = new ManualTime();
        AwayWorkflow workflow = new AwayWorkflow(3);
        TranscriptReference reference = workflow.ledger.refer(transcript());
        TranscriptQueries queries = new TranscriptQueries(workflow, "workflow away",
                TranscriptQueries.deadline(CALL_TIMEOUT, time), time);

        // when
        List<Message> read = new TranscriptCache(TranscriptCache.DEFAULT_MAX_CHARS)
                .resolve("wf", "run", reference, queries);

        // then
        assertThat(read).isEqualTo(transcript());
        assertThat(workflow.tries).isEqualTo(4);
        assertThat(time.pauses).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200),
                Duration.ofMillis(400));
    }

    @Test
    void aTranscriptQueryStillFailingAtTheCallsDeadlineFailsRetryablyAsALostCallNotAsTheRunsFailure() {
        // given
        ManualTime time = new ManualTime();
        long deadline = TranscriptQueries.deadline(CALL_TIMEOUT, time);
        AwayWorkflow workflow = new AwayWorkflow(Integer.MAX_VALUE);
        TranscriptReference reference = workflow.ledger.refer(transcript());
        TranscriptQueries queries = new TranscriptQueries(workflow, "workflow away", deadline, time);

        // when
        Throwable thrown = catchThrowable(() ->
                new TranscriptCache(TranscriptCache.DEFAULT_MAX_CHARS).resolve("wf", "run", reference, queries));
        ApplicationFailure failure = CallFailures.toFailure(thrown);
        var control = AgentEngine.of(Agent.builder(ScriptedModel.builder().text("unused").build()).build())
                .newControl();
        Exception inModelCall = ActivityCalls.failure(ActivityCalls.Kind.MODEL, control, LIMIT, failure);
        Exception inToolCall = ActivityCalls.failure(ActivityCalls.Kind.TOOL, control, LIMIT, failure);

        // then: tried until the next pause would pass the deadline (1 s before the call's 10 s), pauses capped at 2 s
        assertThat(thrown).isInstanceOf(TranscriptQueries.TranscriptUnavailableException.class)
                .hasMessageContaining("within the call's time (8 tries)").hasMessageContaining("DEADLINE_EXCEEDED");
        assertThat(time.pauses).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200),
                Duration.ofMillis(400), Duration.ofMillis(800), Duration.ofMillis(1600), Duration.ofSeconds(2),
                Duration.ofSeconds(2));
        assertThat(time.now).isLessThanOrEqualTo(deadline);
        assertThat(failure.isNonRetryable()).isFalse();
        assertThat(inModelCall).isInstanceOfSatisfying(ModelException.Timeout.class, timeout -> {
            assertThat(timeout.isRetryable()).isTrue();
            assertThat(timeout).hasMessageStartingWith("the model call was lost: it could not read the run's"
                    + " transcript");
        });
        assertThat(inToolCall).isInstanceOf(ActivityCalls.CallStoppedException.class)
                .hasMessageStartingWith("the tool call was lost, its effect unknown: it could not read");
        assertThat(control.isStopped()).as("the run goes on").isFalse();
    }

    @Test
    void anActivityEndedWhileItWaitsStopsTheTriesAtOnce() {
        // given: Temporal ended the activity, whose heartbeat interrupts the pause
        TranscriptQueries.Time interrupted = new TranscriptQueries.Time() {
            @Override
            public long nanoTime() {
                return 0;
            }

            @Override
            public void pause(long nanos) throws InterruptedException {
                throw new InterruptedException("the activity ended");
            }
        };
        AwayWorkflow workflow = new AwayWorkflow(Integer.MAX_VALUE);
        TranscriptQueries queries = new TranscriptQueries(workflow, "workflow away", Long.MAX_VALUE, interrupted);

        // when / then
        assertThatThrownBy(() -> queries.page(0, 0)).isInstanceOf(InterruptedException.class);
        assertThat(workflow.tries).isEqualTo(1);
    }
}
