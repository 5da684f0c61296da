package dev.terminus.temporal.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.temporal.activity.ActivityExecutionContext;
import io.temporal.activity.ActivityInfo;
import io.temporal.client.ActivityCanceledException;
import io.temporal.client.ActivityCompletionException;
import io.temporal.client.ActivityWorkerShutdownException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class HeartbeatsTest {

    /** An activity's context whose heartbeats are counted, and answered with the exception once it is set. */
    static final class Context {
        final AtomicInteger heartbeats = new AtomicInteger();
        volatile ActivityCompletionException answer;
        boolean local;

        ActivityExecutionContext proxy() {
            ActivityInfo info = (ActivityInfo) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {ActivityInfo.class}, (self, method, arguments) -> switch (method.getName()) {
                        case "getHeartbeatTimeout" -> Duration.ofMillis(80);
                        case "getActivityId" -> "7";
                        case "isLocal" -> local;
                        case "getWorkflowId", "getRunId", "getWorkflowRunId", "getActivityType" -> "x";
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
            return (ActivityExecutionContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {ActivityExecutionContext.class}, (self, method, arguments) -> {
                        switch (method.getName()) {
                            case "getInfo" -> {
                                return info;
                            }
                            case "heartbeat" -> {
                                heartbeats.incrementAndGet();
                                if (answer != null) {
                                    throw answer;
                                }
                                return null;
                            }
                            default -> throw new UnsupportedOperationException(method.getName());
                        }
                    });
        }
    }

    @Test
    void aCallThatTheServerCancelsIsInterruptedAndTheActivityEndsCancelled() {
        // given
        Context context = new Context();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        ActivityCanceledException cancelled = new ActivityCanceledException();

        // when
        Thread.ofVirtual().start(() -> {
            try {
                started.await();
            } catch (InterruptedException e) {
                return;
            }
            context.answer = cancelled;
        });

        // then
        assertThatThrownBy(() -> Heartbeats.around(context.proxy(), () -> {
            started.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
            return "slept";
        })).isSameAs(cancelled);
        assertThat(interrupted.getCount()).as("the call saw the interrupt").isZero();
        assertThat(Thread.currentThread().isInterrupted()).as("the activity's thread is left uninterrupted")
                .isFalse();
    }

    @Test
    void aCallInterruptedByItsWorkerEndsAsTheWorkersShutdownNotAsTheCallsOwnFailure() throws Exception {
        // given: a worker shutting down now interrupts its activity's thread while the call waits
        Context context = new Context();
        Thread activity = Thread.currentThread();
        CountDownLatch started = new CountDownLatch(1);
        Thread.ofVirtual().start(() -> {
            try {
                started.await();
            } catch (InterruptedException e) {
                return;
            }
            activity.interrupt();
        });

        // when
        Throwable thrown = catchThrowable(() -> Heartbeats.around(context.proxy(), () -> {
            started.countDown();
            Thread.sleep(60_000);
            return "slept";
        }));
        Thread.interrupted();

        // then: the workflow reads it as a call lost with its worker, never as an interrupt of its own run
        assertThat(thrown).isInstanceOf(ActivityWorkerShutdownException.class);
    }

    @Test
    void aToolThatWrapsItsInterruptIsStillTheWorkersShutdown() throws Exception {
        // given: a local activity (no heartbeat) whose tool wraps the interrupt it met, as tools often do
        Context context = new Context();
        context.local = true;

        // when
        Throwable thrown = catchThrowable(() -> Heartbeats.around(context.proxy(), () -> {
            throw new IllegalStateException("lookup interrupted", new InterruptedException());
        }));

        // then
        assertThat(thrown).isInstanceOf(ActivityWorkerShutdownException.class);
    }

    @Test
    void aCallThatFailsOtherwiseFailsWithItsOwnException() {
        // given
        Context context = new Context();
        IllegalStateException failure = new IllegalStateException("no such city");

        // when
        Throwable thrown = catchThrowable(() -> Heartbeats.around(context.proxy(), () -> {
            throw failure;
        }));

        // then
        assertThat(thrown).isSameAs(failure);
    }

    @Test
    void aCallThatAnswersHeartbeatsWhileItRunsAndReturnsItsValue() throws Exception {
        // given
        Context context = new Context();

        // when
        String value = Heartbeats.around(context.proxy(), () -> {
            long until = context.heartbeats.get() + 3;
            while (context.heartbeats.get() < until) {
                Thread.onSpinWait();
            }
            return "answered";
        });

        // then
        assertThat(value).isEqualTo("answered");
        assertThat(context.heartbeats).hasValueGreaterThanOrEqualTo(3);
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void heartbeatsAreAskedForEveryEighthOfTheTimeoutBetweenTenAndFiveHundredMilliseconds() {
        // given
        Duration[] timeouts = {Duration.ofSeconds(2), Duration.ofMillis(40), Duration.ofMinutes(1), Duration.ZERO};

        // when
        long[] periods = new long[timeouts.length];
        for (int i = 0; i < timeouts.length; i++) {
            periods[i] = TimeUnit.NANOSECONDS.toMillis(Heartbeats.period(timeouts[i]));
        }

        // then
        assertThat(periods).containsExactly(250, 10, 500, 500);
    }
}
