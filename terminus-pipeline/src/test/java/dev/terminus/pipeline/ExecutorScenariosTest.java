package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.spi.Model;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Failures and cancellation reported the same way whatever thread runs the stages. */
class ExecutorScenariosTest {
    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);

    @AfterAll
    static void shutDown() {
        POOL.shutdownNow();
    }

    static Stream<StageExecutor> executors() {
        return Stream.of(StageExecutor.callerThread(), StageExecutor.virtualThreads(), StageExecutor.of(POOL));
    }

    @ParameterizedTest
    @MethodSource("executors")
    void aThrowingStageEndsFailedInternalTheSameWayOnEveryExecutor(StageExecutor executor) {
        // given
        Pipeline pipeline = Pipeline.builder().executor(executor)
                .stage(Stage.agent("first", Agents.answering("fine"), ctx -> "Go"))
                .stage(Stage.agent("broken", Agents.answering("never"), ctx -> {
                    throw new IllegalArgumentException("no task for you");
                }))
                .stage(Stage.of("never", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        Termination failed = new Termination.Failed(
                new ErrorInfo("java.lang.IllegalArgumentException", "no task for you", ErrorCategory.INTERNAL));
        assertThat(result.stages()).extracting(StageResult::termination)
                .containsExactly(new Termination.NaturalCompletion(), failed);
        assertThat(result.stages()).extracting(StageResult::outcome).containsExactly(Outcome.SUCCEEDED, Outcome.FAILED);
        assertThat(result.termination()).isEqualTo(failed);
        assertThat(result.notRun()).containsExactly("never");
    }

    @ParameterizedTest
    @MethodSource("executors")
    void cancellingAHangingAgentStageEndsItAndThePipelineCancelledPromptly(StageExecutor executor) throws Exception {
        // given
        CountDownLatch called = new CountDownLatch(1);
        Model hanging = Agents.signalling(ScriptedModel.builder().hang().build(), called);
        ScriptedModel after = ScriptedModel.builder().text("never").build();
        Pipeline pipeline = Pipeline.builder().executor(executor)
                .stage(Stage.agent("first", Agents.answering("fine"), ctx -> "Go"))
                .stage(Stage.agent("hangs", Agents.of(hanging, TokenBudget.UNLIMITED), ctx -> "Go"))
                .stage(Stage.agent("after", Agents.of(after, TokenBudget.UNLIMITED), ctx -> "Go"))
                .build();
        PipelineHandle handle = pipeline.start("");
        assertThat(called.await(5, TimeUnit.SECONDS)).as("the model was called").isTrue();

        // when
        long start = System.nanoTime();
        handle.cancel("operator");
        PipelineResult result = handle.await(Duration.ofSeconds(5)).orElseThrow();

        // then
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
        StageResult hangs = result.stage("hangs").orElseThrow();
        assertThat(hangs.termination()).isEqualTo(new Termination.Cancelled("operator"));
        assertThat(hangs.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("operator"));
        assertThat(result.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(result.notRun()).containsExactly("after");
        assertThat(after.calls()).isZero();
        assertThat(handle.isDone()).isTrue();
    }

    @ParameterizedTest
    @MethodSource("executors")
    void cancellingABlockedFunctionStageEndsItCancelled(StageExecutor executor) throws Exception {
        // given
        CountDownLatch entered = new CountDownLatch(1);
        Pipeline pipeline = Pipeline.builder().executor(executor)
                .stage(Stage.of("blocks", ctx -> {
                    entered.countDown();
                    new CountDownLatch(1).await();
                    return new Termination.Completed();
                }))
                .build();
        PipelineHandle handle = pipeline.start("");
        assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();

        // when
        handle.cancel("operator");
        PipelineResult result = handle.await(Duration.ofSeconds(5)).orElseThrow();

        // then
        assertThat(result.stages()).extracting(StageResult::termination)
                .containsExactly(new Termination.Cancelled("operator"));
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("operator"));
    }

    @Test
    void aStageIgnoringItsInterruptOnAnExecutorIsAbandonedAfterTheGrace() throws Exception {
        // given
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Pipeline pipeline = Pipeline.builder().executor(StageExecutor.virtualThreads()).interruptGrace(Duration.ofMillis(50))
                .stage(Stage.of("stubborn", ctx -> {
                    entered.countDown();
                    while (release.getCount() > 0) {
                        Thread.onSpinWait();
                    }
                    return new Termination.Completed();
                }))
                .build();
        PipelineHandle handle = pipeline.start("");
        assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();

        // when
        handle.cancel(null);
        PipelineResult result = handle.await(Duration.ofSeconds(5)).orElseThrow();
        release.countDown();

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled(null));
        assertThat(result.stage("stubborn").orElseThrow().attempts()).isEqualTo(1);
    }

    @Test
    void anInterruptOfTheCallerCancelsTheRunningStageAndIsRestored() throws Exception {
        // given
        CountDownLatch called = new CountDownLatch(1);
        Model hanging = Agents.signalling(ScriptedModel.builder().hang().build(), called);
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("hangs", Agents.of(hanging, TokenBudget.UNLIMITED), ctx -> "Go"))
                .stage(Stage.of("after", ctx -> new Termination.Completed()))
                .build();
        AtomicReference<PipelineResult> result = new AtomicReference<>();
        AtomicReference<Boolean> interruptedAfter = new AtomicReference<>();
        Thread caller = Thread.ofVirtual().start(() -> {
            result.set(pipeline.run(""));
            interruptedAfter.set(Thread.currentThread().isInterrupted());
        });
        assertThat(called.await(5, TimeUnit.SECONDS)).as("the model was called").isTrue();

        // when
        caller.interrupt();
        caller.join(Duration.ofSeconds(5));

        // then
        assertThat(result.get().termination()).isEqualTo(new Termination.Cancelled("thread-interrupt"));
        assertThat(result.get().stages()).extracting(StageResult::termination)
                .containsExactly(new Termination.Cancelled("thread-interrupt"));
        assertThat(interruptedAfter.get()).isTrue();
    }

    @Test
    void aStageCancelledWhileItWaitsInTheExecutorsQueueEndsCancelledWithoutRunning() throws Exception {
        // given: the executor's one thread is busy, so the stage waits in its queue
        ThreadPoolExecutor single = (ThreadPoolExecutor) Executors.newFixedThreadPool(1);
        try {
            CountDownLatch busy = new CountDownLatch(1);
            single.execute(() -> {
                try {
                    busy.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            AtomicBoolean ran = new AtomicBoolean();
            Pipeline pipeline = Pipeline.builder().executor(StageExecutor.of(single))
                    .interruptGrace(Duration.ofSeconds(10))
                    .stage(Stage.of("queued", ctx -> {
                        ran.set(true);
                        return new Termination.Completed();
                    }))
                    .build();
            PipelineHandle handle = pipeline.start("");
            awaitQueued(single);

            // when: cancelled, and the executor gets to the stage within the grace
            handle.cancel("operator");
            busy.countDown();
            PipelineResult result = handle.await(Duration.ofSeconds(10)).orElseThrow();

            // then
            assertThat(result.termination()).isEqualTo(new Termination.Cancelled("operator"));
            assertThat(ran).as("the stage's body ran").isFalse();
        } finally {
            single.shutdownNow();
        }
    }

    private static void awaitQueued(ThreadPoolExecutor executor) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (executor.getQueue().isEmpty()) {
            assertThat(System.nanoTime()).as("the stage queued within 10 s").isLessThan(deadline);
            Thread.sleep(1);
        }
    }

    @Test
    void aShutDownExecutorServiceFailsTheStageAsConfiguration() {
        // given
        ExecutorService closed = Executors.newSingleThreadExecutor();
        closed.shutdown();
        Pipeline pipeline = Pipeline.builder().executor(StageExecutor.of(closed))
                .stage(Stage.of("refused", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().category()).isEqualTo(ErrorCategory.CONFIGURATION));
    }

    @Test
    void aPooledThreadIsLeftWithoutAnInterruptAfterACancelledStage() throws Exception {
        // given
        ExecutorService single = Executors.newSingleThreadExecutor();
        try {
            CountDownLatch entered = new CountDownLatch(1);
            Pipeline blocking = Pipeline.builder().executor(StageExecutor.of(single))
                    .stage(Stage.of("blocks", ctx -> {
                        entered.countDown();
                        new CountDownLatch(1).await();
                        return new Termination.Completed();
                    }))
                    .build();
            PipelineHandle handle = blocking.start("");
            assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();
            handle.cancel("first");
            handle.await();

            // when
            List<Boolean> interrupted = single.submit(() -> List.of(Thread.currentThread().isInterrupted())).get();

            // then
            assertThat(interrupted).containsExactly(false);
        } finally {
            single.shutdownNow();
        }
    }
}
