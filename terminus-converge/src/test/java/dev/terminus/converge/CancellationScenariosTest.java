package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Runs stopped from outside: a handle's cancellation, an interrupt of the calling thread. */
class CancellationScenariosTest {

    @Test
    void cancellingAStartedRunInterruptsTheRunningAgentAndEndsItCancelledByWhoAsked() throws Exception {
        // given
        CountDownLatch asked = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ConvergenceAgent.of("slow", Trigger.always(), (context, cycle) -> {
                    asked.countDown();
                    try {
                        new CountDownLatch(1).await();
                    } catch (InterruptedException e) {
                        interrupted.countDown();
                        throw e;
                    }
                    return Reply.nothing();
                }))
                .build();
        ConvergenceHandle handle = engine.start(Context.empty());
        assertThat(asked.await(5, TimeUnit.SECONDS)).isTrue();

        // when
        handle.cancel("operator");
        ConvergenceResult result = handle.await(Duration.ofSeconds(5)).orElseThrow();

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("operator"));
        assertThat(result.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(handle.isDone()).isTrue();
    }

    @Test
    void theFirstCancellationWinsAndCancellingAFinishedRunChangesNothing() throws Exception {
        // given
        CountDownLatch called = new CountDownLatch(1);
        ConvergenceEngine engine = ConvergenceEngine.builder().agent(Fixtures.hanging("slow", called)).build();
        ConvergenceHandle handle = engine.start(Context.empty());
        assertThat(called.await(5, TimeUnit.SECONDS)).isTrue();

        // when
        handle.cancel("first");
        handle.cancel("second");
        ConvergenceResult result = handle.await();
        handle.cancel("third");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("first"));
        assertThat(handle.await()).isSameAs(result);
    }

    @Test
    void interruptingTheCallerOfRunEndsTheRunCancelledAndKeepsTheInterrupt() throws Exception {
        // given
        CountDownLatch called = new CountDownLatch(1);
        ConvergenceEngine engine = ConvergenceEngine.builder().agent(Fixtures.hanging("slow", called)).build();
        AtomicReference<ConvergenceResult> result = new AtomicReference<>();
        AtomicBoolean stillInterrupted = new AtomicBoolean();
        Thread caller = Thread.ofPlatform().start(() -> {
            result.set(engine.run(Context.empty()));
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        });
        assertThat(called.await(5, TimeUnit.SECONDS)).isTrue();

        // when
        caller.interrupt();
        caller.join(5_000);

        // then
        assertThat(result.get().termination()).isEqualTo(new Termination.Cancelled("thread-interrupt"));
        assertThat(stillInterrupted).isTrue();
    }

    @Test
    void awaitingAHandleForLessThanTheRunTakesGivesNothingYet() throws Exception {
        // given
        ConvergenceHandle handle = ConvergenceEngine.builder()
                .agent(Fixtures.hanging("slow", new CountDownLatch(1))).build()
                .start(Context.empty());

        // when
        var early = handle.await(Duration.ofMillis(50));

        // then
        assertThat(early).isEmpty();
        assertThat(handle.isDone()).isFalse();
        handle.cancel(null);
        assertThat(handle.await().termination()).isEqualTo(new Termination.Cancelled(null));
    }
}
