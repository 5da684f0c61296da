package dev.terminus.checkpoint.faults;

import dev.terminus.Diagnostic;
import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.Compaction;
import dev.terminus.agent.CompactionStrategies;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.PriceTable;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunStream;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tool;
import dev.terminus.agent.ToolArgumentException;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.UserTurn;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.ModelStreams;
import dev.terminus.agent.spi.OutputCheck;
import dev.terminus.agent.spi.OutputValidator;
import dev.terminus.agent.spi.StreamingModel;
import dev.terminus.checkpoint.faults.FaultSchedule.Answer;
import dev.terminus.checkpoint.faults.FaultSchedule.Calls;
import dev.terminus.checkpoint.faults.FaultSchedule.Failure;
import dev.terminus.checkpoint.faults.FaultSchedule.Features;
import dev.terminus.checkpoint.faults.FaultSchedule.Hang;
import dev.terminus.checkpoint.faults.FaultSchedule.Limits;
import dev.terminus.checkpoint.faults.FaultSchedule.Pause;
import dev.terminus.checkpoint.faults.FaultSchedule.Step;
import dev.terminus.checkpoint.faults.FaultSchedule.Streamed;
import dev.terminus.checkpoint.faults.FaultSchedule.Streaming;
import dev.terminus.test.VirtualTime;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The agent a {@link FaultSchedule} describes, on a manual clock: a model that plays the script, tools that fail,
 * wait, hang or ignore interrupts, and a listener that keeps every event. For a streamed schedule, the model streams
 * and the listener keeps the stream events too. Whatever still waits when the run is over (a deaf call the run left
 * behind) is released by {@link #release()}.
 */
final class FaultRig {
    static final String CANCELLER = "schedule";

    /** One dollar per million tokens, input and output, so a cost in micro-dollars is a token count. */
    private static final ModelPrice PRICE = ModelPrice.of("1", "1");

    final ManualClock clock = new ManualClock();
    final VirtualTime time = new VirtualTime(clock);
    final List<AgentEvent> events = new CopyOnWriteArrayList<>();
    private final List<Usage> spent = new CopyOnWriteArrayList<>();
    private final List<List<Usage>> spentAtEnds = new CopyOnWriteArrayList<>();
    final CompletableFuture<RunHandle> handle = new CompletableFuture<>();
    /** The stream of a streamed schedule's run, once its consumer has it. */
    final CompletableFuture<RunStream> stream = new CompletableFuture<>();
    /** Whether the schedule's caller has cancelled, by the clock or at an event. */
    volatile boolean cancelled;
    /**
     * The thread that calls {@code Agent.run} when the caller does not start the run on a thread of its own; for a
     * streamed schedule, the thread of the resumes, once the consumer is done with the stream.
     */
    volatile @Nullable Thread caller;
    final Agent agent;
    private final CountDownLatch released = new CountDownLatch(1);
    private final FaultSchedule schedule;

    FaultRig(FaultSchedule schedule) {
        this(schedule, manual -> manual);
    }

    /**
     * @param schedule the run
     * @param agentClock the clock the agent reads, made from the rig's manual clock (which the tools and the model
     *     wait on, and {@link #time} moves)
     */
    FaultRig(FaultSchedule schedule, Function<ManualClock, RunClock> agentClock) {
        this.schedule = schedule;
        this.agent = build(agentClock.apply(clock));
    }

    /**
     * Cancels the run as its caller can: through its handle or its stream when it was started on a thread of its own,
     * else (and in its resumes, which run on the caller's thread) by interrupting the thread that runs it.
     */
    void cancel() {
        cancelled = true;
        if (schedule.streaming() != null && caller == null) {
            stream.thenAccept(run -> run.cancel(CANCELLER)); // nothing once the run has ended
        } else if (schedule.streaming() == null && schedule.caller().started()
                && !(handle.isDone() && handle.join().isDone())) {
            handle.thenAccept(run -> run.cancel(CANCELLER));
        } else {
            Thread thread = caller;
            if (thread == null) {
                throw new IllegalStateException("a cancel before the run has its caller");
            }
            thread.interrupt();
        }
    }

    /** Lets every call still waiting on this rig return. */
    void release() {
        released.countDown();
    }

    /**
     * @param result which result of the run: 0 for the run's, 1 for the first resume's, ...
     * @return the usage of every model call that answered before that result was published, in order: the
     *     script's, as the loop reported them in its events, and the summarizer's, as it gave them
     */
    List<Usage> modelCallUsages(int result) {
        return spentAtEnds.get(result);
    }

    private Agent build(RunClock agentClock) {
        Limits limits = schedule.limits();
        Features features = schedule.features();
        AgentConfig.Builder config = AgentConfig.custom()
                .maxIterations(limits.maxIterations())
                .tokenBudget(limits.tokenTotal() == null ? TokenBudget.UNLIMITED : TokenBudget.total(limits.tokenTotal()))
                .prices(PriceTable.builder().price("script", PRICE).build())
                .timeBudgetEnforcement(limits.enforcement())
                .parallelToolCalls(limits.parallel())
                .retryPolicy(new RetryPolicy(limits.maxRetries(), Duration.ofMillis(limits.backoffMs()),
                        Duration.ofMillis(limits.backoffMs() * 4L), 0.5))
                .interruptGrace(Duration.ofMillis(limits.graceMs()));
        if (limits.maxToolCalls() != null) {
            config.maxToolCalls(limits.maxToolCalls());
        }
        if (limits.costMicros() != null) {
            config.costBudgetUsd(BigDecimal.valueOf(limits.costMicros(), 6));
        }
        if (limits.timeBudgetMs() != null) {
            config.timeBudget(Duration.ofMillis(limits.timeBudgetMs()));
        }
        if (limits.toolTimeoutMs() != null) {
            config.toolTimeout(Duration.ofMillis(limits.toolTimeoutMs()));
        }
        if (features.pressure() != null) {
            config.budgetPressureThreshold(features.pressure());
        }
        if (features.finalAnswerTool()) {
            config.finalAnswerTool("submit");
        }
        if (!limits.guards()) {
            config.withoutNoProgressThreshold().withoutStallThreshold().withoutMaxConsecutiveMistakes();
        }
        if (features.structuredRepairs() != null) {
            config.structuredOutputRepairs(features.structuredRepairs());
        }
        Streaming streaming = schedule.streaming();
        if (streaming != null) {
            streaming.idleTimeout(config);
        }
        AgentBuilder builder = Agent.builder(streaming == null ? new ScriptModel() : new StreamingScriptModel())
                .clock(agentClock).config(config.build())
                .tools(tools(features))
                .listener(streaming == null ? this::observe : new AgentListener() {
                    @Override
                    public void onEvent(AgentEvent event) {
                        observe(event);
                    }

                    @Override
                    public boolean receivesStreamEvents() {
                        return true;
                    }
                });
        if (features.completion() != null) {
            builder.completeWhen(run -> run.toolCallCount() >= 3, features.completion());
        }
        if (features.approval()) {
            builder.requireApproval("guarded");
        }
        if (features.compaction() > 0) {
            builder.compaction(Compaction.custom().strategy(switch (features.compaction()) {
                case 1 -> CompactionStrategies.dropOldestTurns();
                case 2 -> CompactionStrategies.summarizeOlderTurns(request -> {
                    spent.add(Usage.of(3, 2));
                    return ModelResponse.text("summary", Usage.of(3, 2));
                }, 1);
                default -> CompactionStrategies.summarizeOlderTurns(request -> {
                    throw new IllegalStateException("summarizer down");
                }, 1);
            }).defaultContextWindow((long) features.contextWindow()).build());
        }
        if (features.structuredRepairs() != null) {
            builder.outputValidator(DIGITS);
        }
        if (features.userReplies() != null) {
            AtomicInteger replies = new AtomicInteger(features.userReplies());
            builder.userSimulator((run, answer) -> {
                int left = replies.getAndDecrement();
                if (left < 0) {
                    throw new IllegalStateException("the simulated user broke");
                }
                return left == 0 ? UserTurn.satisfied("thanks") : UserTurn.reply("and more?");
            });
        }
        return builder.build();
    }

    private void observe(AgentEvent event) {
        time.participate();
        events.add(event);
        if (event instanceof AgentEvent.ModelCalled called && called.error() == null) {
            spent.add(called.usage());
        } else if (event instanceof AgentEvent.RunTerminated) {
            spentAtEnds.add(List.copyOf(spent));
        }
        Integer at = schedule.caller().cancelAtEvent();
        if (at != null && events.size() == at) {
            cancel();
        }
    }

    private List<Tool> tools(Features features) {
        Tool stubborn = Tools.of("stubborn", "ignores interrupts for a while", (args, run) -> {
                    time.participate();
            CountDownLatch over = new CountDownLatch(1);
            clock.schedule(millis(args) * 1_000_000L, over::countDown);
            awaitDeaf(over);
            return "stubborn";
        });
        return List.of(
                Tools.of("echo", "echoes", (args, run) -> args),
                Tools.of("guarded", "echoes once approved", (args, run) -> args),
                Tools.of("fail", "fails", (args, run) -> {
                    throw new IllegalStateException("tool failure");
                }),
                Tools.of("badargs", "refuses its arguments", (args, run) -> {
                    throw new ToolArgumentException("bad arguments");
                }),
                Tools.of("slow", "waits on the clock", (args, run) -> {
                    time.participate();
                    clock.sleep(millis(args) * 1_000_000L);
                    return "slept";
                }),
                Tools.of("strict", "needs an integer x",
                        Map.of("type", "object", "properties", Map.of("x", Map.of("type", "integer")),
                                "required", List.of("x")),
                        (args, run) -> "x=" + args.get("x")),
                features.stubbornDeclared() ? Tools.uninterruptible(stubborn) : stubborn,
                Tools.of("hang", "never answers", (args, run) -> {
                    time.participate();
                    released.await();
                    return "released";
                }),
                Tools.uninterruptible(Tools.of("deaf", "never answers, whatever interrupts it", (args, run) -> {
                    time.participate();
                    awaitDeaf(released);
                    return "released";
                })),
                Tools.of("halt", "halts the run", (args, run) -> {
                    throw new HaltException("stop");
                }));
    }

    private static long millis(Map<String, @Nullable Object> args) {
        return args.get("ms") instanceof Integer ms ? ms : 3;
    }

    /**
     * Waits through interrupts, as a call that does not answer them does, and keeps the interrupt for its caller when
     * it returns (as {@code Uninterruptibles.awaitUninterruptibly} does): ignoring an interrupt is not erasing it, so a
     * cancel by interrupt still reaches the loop once the call is over.
     */
    static void awaitDeaf(CountDownLatch latch) {
        boolean interrupted = false;
        while (latch.getCount() > 0) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                interrupted = true; // deaf on purpose
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Structured output: an answer must be digits. */
    private static final OutputValidator DIGITS = new OutputValidator() {
        @Override
        public Map<String, @Nullable Object> schema() {
            return Map.of("type", "integer");
        }

        @Override
        public OutputCheck check(String output) {
            String text = output.strip();
            return text.matches("\\d{1,9}") ? new OutputCheck.Valid(Integer.valueOf(text))
                    : new OutputCheck.Invalid(Diagnostic.of(text, new Diagnostic.Violation("$", "not an integer")));
        }
    };

    /** Plays the script; every tool call gets a fresh id; an exhausted script answers "done". */
    private class ScriptModel implements Model {
        private final AtomicInteger position = new AtomicInteger();
        private final AtomicInteger ids = new AtomicInteger();

        @Override
        public String name() {
            return "script";
        }

        @Override
        public boolean interruptible() {
            return !schedule.features().modelDeclaredUninterruptible();
        }

        @Override
        public ModelResponse chat(ModelRequest request) throws Exception {
            time.participate();
            while (true) {
                ModelResponse answer = answer(nextStep());
                if (answer != null) {
                    return answer;
                }
            }
        }

        /** @return the script's next step, "done" once it is exhausted */
        Step nextStep() {
            List<Step> steps = schedule.steps();
            int at = position.getAndIncrement();
            return at < steps.size() ? steps.get(at) : new Answer("done", FinishReason.STOP, Usage.of(1, 1));
        }

        /** @return the whole answer of a step; null after a pause, when the next step answers */
        @Nullable ModelResponse answer(Step step) throws Exception {
            switch (step) {
                case Answer answer -> {
                    return new ModelResponse(Message.Assistant.of(answer.text()), answer.usage(), answer.finish());
                }
                case Calls calls -> {
                    List<ToolCall> toolCalls = new ArrayList<>();
                    for (FaultSchedule.Call call : calls.calls()) {
                        toolCalls.add(new ToolCall("id_" + ids.incrementAndGet(), call.tool(), call.arguments()));
                    }
                    return new ModelResponse(new Message.Assistant("", toolCalls), calls.usage(),
                            FinishReason.TOOL_CALLS);
                }
                case Failure failure -> throw failure.kind().exception();
                case Pause pause -> {
                    clock.sleep(pause.millis() * 1_000_000L);
                    return null;
                }
                case Hang hang when hang.deaf() -> {
                    awaitDeaf(released);
                    return ModelResponse.text("released", Usage.of(1, 1));
                }
                case Hang hang -> {
                    released.await();
                    return ModelResponse.text("released", Usage.of(1, 1));
                }
                case Streamed streamed ->
                        throw new IllegalStateException("a streamed step for a model that does not stream: "
                                + streamed);
            }
        }
    }

    /**
     * The script of a streamed schedule: its {@link Streamed} steps as {@code ScriptedModel} streams them, piece by
     * piece, the others as one piece holding the whole answer.
     */
    private final class StreamingScriptModel extends ScriptModel implements StreamingModel {

        @Override
        public ModelStream stream(ModelRequest request) throws Exception {
            time.participate(); // the thread of a supervised call too
            while (true) {
                Step step = nextStep();
                if (step instanceof Streamed streamed) {
                    return streamed.model().stream(request);
                }
                ModelResponse answer = answer(step);
                if (answer != null) {
                    return ModelStreams.of(answer, answer.message().content());
                }
            }
        }
    }
}
