package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.Agent;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.FunctionModel;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Task runs go in parallel up to the limit, and a hung one is abandoned at its timeout while the others go on. */
class ConcurrencyScenariosTest {

    private static List<Task> tasks(int count) {
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(Task.of("t" + i, "Say ok").expecting("ok"));
        }
        return tasks;
    }

    @Test
    void noMoreTaskRunsThanTheConcurrencyLimitAreInFlightAtOnce() {
        // given: every model call holds its slot for 20 ms, in which a fourth would show; the first ones hold theirs
        // until three are in flight together (or 10 s have passed), so that reaching the limit does not depend on
        // how the machine schedules the workers
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger maxInFlight = new AtomicInteger();
        CountDownLatch threeInFlight = new CountDownLatch(3);
        FunctionModel slow = FunctionModel.of(request -> {
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                threeInFlight.countDown();
                threeInFlight.await(10, TimeUnit.SECONDS);
                Thread.sleep(20);
            } finally {
                inFlight.decrementAndGet();
            }
            return ModelResponse.text("ok", Usage.of(10, 5));
        });
        Benchmark benchmark = Benchmark.builder().tasks(tasks(24)).agent(Fixtures.agent(slow)).concurrency(3)
                .evaluator(Evaluators.exactMatch()).build();

        // when
        EvalReport report = benchmark.run();

        // then
        assertThat(maxInFlight).hasValue(3);
        assertThat(report.summary().passed()).isEqualTo(24);
    }

    @Test
    void aHungTaskIsAbandonedAtItsTimeoutAndTheOthersFinish() throws Exception {
        // given: one task's model hangs; with one worker, the others wait behind it; the timeouts on a manual clock,
        // so that only the hung task's passes, however slowly the machine runs the others
        ManualClock clock = new ManualClock();
        CountDownLatch hanging = new CountDownLatch(1);
        FunctionModel hangs = FunctionModel.of(request -> {
            hanging.countDown();
            new CountDownLatch(1).await(); // until interrupted
            throw new AssertionError("never released");
        });
        List<Task> tasks = tasks(4);
        Benchmark benchmark = Benchmark.builder().clock(clock).tasks(tasks).concurrency(1)
                .taskTimeout(Duration.ofMillis(150))
                .agentFactory(context -> Fixtures.agent(context.task().id().equals("t1")
                        ? hangs
                        : ScriptedModel.builder().text("ok").build()))
                .evaluator(Evaluators.exactMatch()).build();

        // when
        CompletableFuture<EvalReport> running = runInBackground(benchmark);
        assertThat(hanging.await(10, TimeUnit.SECONDS)).as("the second task's model was called").isTrue();
        clock.awaitScheduled(1);
        clock.advance(Duration.ofMillis(150));
        EvalReport report = running.get(10, TimeUnit.SECONDS);

        // then
        assertThat(report.rows()).extracting(ReportRow::status).containsExactly(Status.SUCCESS, Status.TASK_TIMEOUT,
                Status.SUCCESS, Status.SUCCESS);
        assertThat(report.complete()).isTrue();
    }

    @Test
    void aSetupThatSwallowsInterruptsIsAbandonedAtTheTimeoutAndTheHarnessGoesOn() throws Exception {
        // given: an environment that ignores interrupts until released; the timeouts on a manual clock, so that only
        // the first task's passes, once its environment is making its tools
        ManualClock clock = new ManualClock();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch settingUp = new CountDownLatch(1);
        Environment stubborn = task -> {
            if (task.id().equals("t0")) {
                settingUp.countDown();
                while (release.getCount() > 0) {
                    try {
                        release.await();
                    } catch (InterruptedException ignored) {
                        // swallowed on purpose
                    }
                }
            }
            return List.of();
        };
        Benchmark benchmark = Benchmark.builder().clock(clock).tasks(tasks(3)).concurrency(1)
                .taskTimeout(Duration.ofMillis(100))
                .environment(stubborn)
                .agentFactory(context -> context.agentBuilder(ScriptedModel.builder().text("ok").build()).build())
                .evaluator(Evaluators.exactMatch()).build();

        // when
        long start = System.nanoTime();
        CompletableFuture<EvalReport> running = runInBackground(benchmark);
        clock.awaitScheduled(1);
        assertThat(settingUp.await(10, TimeUnit.SECONDS)).as("the first task's environment was called").isTrue();
        clock.advance(Duration.ofMillis(100));
        EvalReport report = running.get(10, TimeUnit.SECONDS);
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        release.countDown();

        // then
        ReportRow hung = report.rows().getFirst();
        assertThat(hung.status()).isEqualTo(Status.TASK_TIMEOUT);
        assertThat(hung.error().component()).isEqualTo(Component.ENVIRONMENT);
        assertThat(hung.error().message()).contains("while the environment made its tools");
        assertThat(report.rows().subList(1, 3)).extracting(ReportRow::status).containsOnly(Status.SUCCESS);
        assertThat(tookMs).isLessThan(2_000);
    }

    @Test
    void anEvaluatorThatHangsIsATimeoutKeepingTheFinishedRunsTermination() throws Exception {
        // given: the timeout on a manual clock, so that it passes only once the evaluator hangs
        ManualClock clock = new ManualClock();
        CountDownLatch evaluating = new CountDownLatch(1);
        Benchmark benchmark = Benchmark.builder().clock(clock).tasks(tasks(1)).agent(Fixtures.answering("ok"))
                .taskTimeout(Duration.ofMillis(100))
                .evaluator((task, run) -> {
                    evaluating.countDown();
                    Thread.sleep(10_000);
                    return Evaluation.pass("late");
                }).build();
        CompletableFuture<EvalReport> report = runInBackground(benchmark);

        // when: the run has finished and the evaluator hangs, and then the timeout passes
        clock.awaitScheduled(1);
        assertThat(evaluating.await(10, TimeUnit.SECONDS)).as("the evaluator was called").isTrue();
        clock.advance(Duration.ofMillis(100));
        ReportRow row = report.get(10, TimeUnit.SECONDS).rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.TASK_TIMEOUT);
        assertThat(row.termination()).isEqualTo(new dev.terminus.Termination.NaturalCompletion());
        assertThat(row.usage()).isEqualTo(Usage.of(10, 5));
        assertThat(row.error().component()).isEqualTo(Component.EVALUATOR);
    }

    @Test
    void anAttemptAbandonedAtItsTimeoutIsNeverEvaluated() throws Exception {
        // given: a model that answers late, ignoring the interrupt, once released after the timeout; the attempt (which
        // makes the agent) and its run (which calls the model) each have a thread of their own, kept to wait for; the
        // timeout on a manual clock, so that it passes only once the model is in its call
        ManualClock clock = new ManualClock();
        AtomicInteger evaluated = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch called = new CountDownLatch(1);
        AtomicReference<Thread> attemptThread = new AtomicReference<>();
        AtomicReference<Thread> runThread = new AtomicReference<>();
        FunctionModel late = FunctionModel.of(request -> {
            runThread.set(Thread.currentThread());
            called.countDown();
            while (release.getCount() > 0) {
                try {
                    release.await();
                } catch (InterruptedException ignored) {
                    // swallowed on purpose
                }
            }
            return ModelResponse.text("ok", Usage.of(10, 5));
        });
        Agent agent = Fixtures.agent(late);
        Benchmark benchmark = Benchmark.builder().clock(clock).tasks(tasks(1))
                .agentFactory(context -> {
                    attemptThread.set(Thread.currentThread());
                    return agent;
                })
                .taskTimeout(Duration.ofMillis(100)).interruptGrace(Duration.ZERO)
                .evaluator((task, run) -> {
                    evaluated.incrementAndGet();
                    return Evaluation.pass("late");
                }).build();
        CompletableFuture<EvalReport> report = runInBackground(benchmark);

        // when: the model is in its call when the timeout passes
        clock.awaitScheduled(1);
        assertThat(called.await(10, TimeUnit.SECONDS)).as("the agent called its model").isTrue();
        clock.advance(Duration.ofMillis(100));
        ReportRow row = report.get(10, TimeUnit.SECONDS).rows().getFirst();
        release.countDown();
        for (Thread abandoned : List.of(runThread.get(), attemptThread.get())) {
            abandoned.join(Duration.ofSeconds(5)); // the run has answered late, the attempt has ended
            assertThat(abandoned.isAlive()).as("the abandoned attempt's threads ended").isFalse();
        }

        // then
        assertThat(row.status()).isEqualTo(Status.TASK_TIMEOUT);
        assertThat(evaluated).hasValue(0);
    }

    /**
     * Waits until the benchmark's caller has taken its interrupt and waits for its workers again: it takes an interrupt
     * while it waits for them (which consumes it), stops the benchmark and waits again. Nothing there signals, so the
     * caller's thread is watched for that.
     */
    private static void awaitTakenAndWaitingAgain(Thread caller) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (caller.isInterrupted() || caller.getState() != Thread.State.WAITING
                && caller.getState() != Thread.State.TIMED_WAITING) {
            assertThat(System.nanoTime()).as("the caller took its interrupt within 5 s").isLessThan(end);
            Thread.onSpinWait();
        }
    }

    @Test
    void anInterruptOfTheCallerStopsNewTaskRunsAndTheReportIsIncomplete() {
        // given: the first task run interrupts the caller's thread
        Thread caller = Thread.currentThread();
        Benchmark benchmark = Benchmark.builder().tasks(tasks(5)).concurrency(1)
                .agentFactory(context -> {
                    if (context.task().id().equals("t0")) {
                        caller.interrupt();
                        awaitTakenAndWaitingAgain(caller); // the caller has seen it before the next task run is taken
                    }
                    return Fixtures.answering("ok");
                })
                .evaluator(Evaluators.exactMatch()).build();

        // when
        EvalReport report = benchmark.run();
        boolean interrupted = Thread.interrupted();

        // then
        assertThat(interrupted).isTrue();
        assertThat(report.complete()).isFalse();
        assertThat(report.rows()).hasSizeLessThan(5).isNotEmpty();
    }

    /** Runs the benchmark on a virtual thread of its own; what it throws, an Error too, completes the future. */
    static CompletableFuture<EvalReport> runInBackground(Benchmark benchmark) {
        return CompletableFuture.supplyAsync(benchmark::run, body -> Thread.ofVirtual().start(body));
    }
}
