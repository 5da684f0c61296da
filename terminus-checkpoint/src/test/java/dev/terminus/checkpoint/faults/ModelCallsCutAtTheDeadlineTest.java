package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Compaction;
import dev.terminus.agent.CompactionStrategies;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.checkpoint.faults.FaultSchedule.Caller;
import dev.terminus.checkpoint.faults.FaultSchedule.Features;
import dev.terminus.checkpoint.faults.FaultSchedule.Limits;
import dev.terminus.checkpoint.faults.FaultSchedule.Pause;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every model call of a run with a time budget, the compaction summarizer's and the one a tool asks included, is cut
 * at the deadline plus the interrupt grace when its model is declared not to answer interrupts, under the default
 * enforcement (the run on its caller's thread), however late the run's thread wakes at the deadline. The first test
 * plays the fault schedule that ran 1,150 ms past its deadline (three pauses of the model in one call): the cut then
 * waited for the run's thread, which the clock did not wait for.
 */
@Timeout(60)
class ModelCallsCutAtTheDeadlineTest {
    private static final int BUDGET_MS = 50;
    private static final int GRACE_MS = 100;

    @Test
    void aModelCallPausingPastTheDeadlineEndsTheRunWithinTheGraceEvenWhenTheRunsThreadWakesLate() throws Exception {
        // given: the model pauses 400 ms three times in one call, declares itself uninterruptible; the run's thread
        // wakes at the deadline only once nothing more is due on the clock
        FaultSchedule schedule = new FaultSchedule(
                List.of(new Pause(400), new Pause(400), new Pause(400)),
                new Limits(2, 6, null, 20, BUDGET_MS, true, true, 20, 1, 1_000, GRACE_MS,
                        TimeBudgetEnforcement.INTERRUPT_CALLER),
                new Caller(null, null, false, List.of(1)),
                new Features(0.8, false, CompletionCheck.AFTER_EACH_TOOL_CALL, true, true, false, 1, 60, null, -1));
        var caller = new AtomicReference<Thread>();
        FaultRig rig = new FaultRig(schedule, manual -> new LateWakeAtTheDeadline(manual, caller));

        // when
        RunResult result;
        try {
            result = rig.time.drive(() -> {
                caller.set(Thread.currentThread());
                rig.caller = Thread.currentThread();
                return rig.agent.run("task");
            });
        } finally {
            rig.release();
        }

        // then
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(result.duration()).isLessThanOrEqualTo(Duration.ofMillis(BUDGET_MS + GRACE_MS));
        RunInvariants.publishedOnce(List.of(result), rig.events);
        RunInvariants.check(result, rig.agent.config(), rig.modelCallUsages(0), GRACE_MS);
    }

    @Test
    void aCompactionSummarizerThatIgnoresItsInterruptIsCutAtTheDeadlinePlusTheGrace() throws Exception {
        // given: two tool rounds, then a compaction whose summarizer ignores interrupts for two seconds
        var clock = new ManualClock();
        var summarizer = new DeafModel("deaf-summarizer", clock);
        Compaction compaction = Compaction.custom()
                .strategy(CompactionStrategies.summarizeOlderTurns(summarizer, 1))
                .estimator(messages -> messages.size() >= 5 ? 1_000 : 0) // two rounds after the task
                .defaultContextWindow(100)
                .build();
        Model model = request -> request.messages().size() < 5
                ? toolRound("echo", request.messages().size())
                : ModelResponse.text("done", Usage.of(1, 1));
        Agent agent = Agent.builder(model).clock(clock).config(budgeted())
                .tool(Tools.of("echo", "echoes", (arguments, run) -> "ok"))
                .compaction(compaction)
                .build();

        // when: the deadline, then the grace, pass while the summarizer is in its call
        RunResult result = runPastTheDeadline(agent, clock, summarizer);

        // then
        assertThat(summarizer.interrupted.await(10, TimeUnit.SECONDS)).as("the summarizer was interrupted").isTrue();
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(result.duration()).isLessThanOrEqualTo(Duration.ofMillis(BUDGET_MS + GRACE_MS));
        assertThat(result.transcript()).as("no summary of a cut call").noneMatch(message ->
                message instanceof Message.User user && user.content().startsWith("Summary of the earlier"));
    }

    @Test
    void aModelCallAToolMakesThroughItsRunIsCutAtTheDeadlinePlusTheGrace() throws Exception {
        // given: a model declared uninterruptible that ignores interrupts for two seconds when a tool asks it
        var clock = new ManualClock();
        var asked = new DeafModel("deaf-model", clock);
        Model model = new Model() {
            @Override
            public ModelResponse chat(ModelRequest request) throws Exception {
                if (request.messages().getFirst() instanceof Message.User user && user.content().equals("what now?")) {
                    return asked.chat(request);
                }
                return request.messages().size() < 3 ? toolRound("ask", request.messages().size())
                        : ModelResponse.text("done", Usage.of(1, 1));
            }

            @Override
            public String name() {
                return "script";
            }

            @Override
            public boolean interruptible() {
                return false;
            }
        };
        Agent agent = Agent.builder(model).clock(clock).config(budgeted())
                .tool(Tools.of("ask", "asks the run's model", (arguments, run) -> run.askModel(new ModelRequest(
                        List.of(new Message.User("what now?")), List.of(), null)).message().content()))
                .build();

        // when: the deadline, then the grace, pass while the asked model is in its call
        RunResult result = runPastTheDeadline(agent, clock, asked);

        // then
        assertThat(asked.interrupted.await(10, TimeUnit.SECONDS)).as("the asked call was interrupted").isTrue();
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(result.duration()).isLessThanOrEqualTo(Duration.ofMillis(BUDGET_MS + GRACE_MS));
    }

    /**
     * Runs the agent on a thread of its own and, once the deaf model is in its call, moves the clock past the deadline
     * and then past the grace; the run must then end (within 10 s of real time), and the deaf call is let go.
     */
    private static RunResult runPastTheDeadline(Agent agent, ManualClock clock, DeafModel deaf) throws Exception {
        var result = new CompletableFuture<RunResult>();
        Thread.ofVirtual().start(() -> result.complete(agent.run("task")));
        try {
            deaf.inside.await();
            clock.advance(Duration.ofMillis(BUDGET_MS));
            clock.advance(Duration.ofMillis(GRACE_MS));
            return result.get(10, TimeUnit.SECONDS);
        } finally {
            clock.advance(Duration.ofSeconds(2)); // the deaf call answers, late, and its thread ends
        }
    }

    private static AgentConfig budgeted() {
        return AgentConfig.custom().timeBudget(Duration.ofMillis(BUDGET_MS))
                .interruptGrace(Duration.ofMillis(GRACE_MS)).build();
    }

    private static ModelResponse toolRound(String tool, int transcriptSize) {
        return new ModelResponse(new Message.Assistant("",
                List.of(new ToolCall("call_" + transcriptSize, tool, Map.of()))), Usage.of(1, 1),
                FinishReason.TOOL_CALLS);
    }

    /**
     * A model declared uninterruptible that ignores its interrupts for two seconds of the clock (it records them),
     * then answers {@code "summary"}.
     */
    private static final class DeafModel implements Model {
        final CountDownLatch inside = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);
        private final String name;
        private final ManualClock clock;

        DeafModel(String name, ManualClock clock) {
            this.name = name;
            this.clock = clock;
        }

        @Override
        public ModelResponse chat(ModelRequest request) {
            var answer = new CountDownLatch(1);
            clock.schedule(Duration.ofSeconds(2).toNanos(), answer::countDown);
            inside.countDown();
            while (answer.getCount() > 0) {
                try {
                    answer.await();
                } catch (InterruptedException e) {
                    interrupted.countDown(); // deaf on purpose
                }
            }
            if (Thread.currentThread().isInterrupted()) { // interrupted, but answered before it waited again
                interrupted.countDown();
            }
            return ModelResponse.text("summary", Usage.of(3, 2));
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean interruptible() {
            return false;
        }
    }

    /**
     * The rig's clock as the agent reads it, with a run's thread that wakes late at the deadline: the first wait of
     * the caller's thread that ends at or past the deadline returns only once nothing more is due on the clock, or
     * the clock has passed the deadline plus the grace. The clock moves on meanwhile as far as what is scheduled takes
     * it, as real time does while a woken thread waits for a processor. (The thread waits at all only once the
     * model's call is under way.)
     */
    private static final class LateWakeAtTheDeadline implements RunClock {
        private final ManualClock clock;
        private final AtomicReference<Thread> caller;
        private final long deadline;
        private final long graceOver;
        private final AtomicBoolean waited = new AtomicBoolean();
        private final AtomicBoolean wokeLate = new AtomicBoolean();

        LateWakeAtTheDeadline(ManualClock clock, AtomicReference<Thread> caller) {
            this.clock = clock;
            this.caller = caller;
            this.deadline = clock.nanoTime() + Duration.ofMillis(BUDGET_MS).toNanos();
            this.graceOver = deadline + Duration.ofMillis(GRACE_MS).toNanos();
        }

        @Override
        public long nanoTime() {
            return clock.nanoTime();
        }

        @Override
        public Scheduled schedule(long delayNanos, Runnable action) {
            return clock.schedule(delayNanos, action);
        }

        @Override
        public RandomGenerator random() {
            return clock.random();
        }

        @Override
        public <T extends @Nullable Object> T await(CompletableFuture<T> future, long nanos)
                throws InterruptedException, TimeoutException, ExecutionException {
            if (Thread.currentThread() == caller.get() && waited.compareAndSet(false, true)) {
                awaitTheCallUnderWay();
            }
            try {
                return clock.await(future, nanos);
            } finally {
                if (Thread.currentThread() == caller.get() && clock.nanoTime() - deadline >= 0
                        && wokeLate.compareAndSet(false, true)) {
                    wakeLate();
                }
            }
        }

        /**
         * Before its first wait (for the model's call) the run's thread stays runnable, so that the clock does not
         * move, until the call is under way: its first pause is on the clock beside the deadline.
         */
        private void awaitTheCallUnderWay() {
            long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (clock.scheduled() < 2) {
                if (System.nanoTime() - end > 0) {
                    throw new IllegalStateException("the model's call never paused: " + clock);
                }
                Thread.onSpinWait();
            }
        }

        /** Sleeps until nothing is due or the grace is over; an interrupt meanwhile is kept for the caller. */
        private void wakeLate() {
            boolean interrupted = Thread.interrupted();
            while (clock.scheduled() > 0 && clock.nanoTime() - graceOver < 0) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
