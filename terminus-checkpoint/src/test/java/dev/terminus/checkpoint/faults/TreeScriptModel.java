package dev.terminus.checkpoint.faults;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.ModelStreams;
import dev.terminus.agent.spi.StreamPart;
import dev.terminus.agent.spi.StreamingModel;
import dev.terminus.checkpoint.faults.TreeSchedule.Answer;
import dev.terminus.checkpoint.faults.TreeSchedule.Call;
import dev.terminus.checkpoint.faults.TreeSchedule.Calls;
import dev.terminus.checkpoint.faults.TreeSchedule.Failure;
import dev.terminus.checkpoint.faults.TreeSchedule.Hang;
import dev.terminus.checkpoint.faults.TreeSchedule.Node;
import dev.terminus.checkpoint.faults.TreeSchedule.Pause;
import dev.terminus.checkpoint.faults.TreeSchedule.SlowStream;
import dev.terminus.checkpoint.faults.TreeSchedule.Step;
import dev.terminus.test.VirtualTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The model of one agent of a {@link TreeRig}: plays the agent's script, one step per call whichever of the agent's
 * runs makes it; every tool call gets an id that names the agent, so the ids of a run handed from one agent to another
 * never meet; an exhausted script answers "done". Pauses and slow streams wait on the rig's clock.
 */
class TreeScriptModel implements Model {
    private final Node node;
    private final @Nullable Node handoffTarget;
    final ManualClock clock;
    final VirtualTime time;
    private final CountDownLatch released;
    private final AtomicInteger position = new AtomicInteger();
    private final AtomicInteger ids = new AtomicInteger();

    /**
     * @param node the agent
     * @param handoffTarget the agent it may hand its run to, or none
     * @param clock the clock its waits are on
     * @param time what moves that clock
     * @param released opens when the rig releases what still waits
     */
    TreeScriptModel(Node node, @Nullable Node handoffTarget, ManualClock clock, VirtualTime time,
            CountDownLatch released) {
        this.node = node;
        this.handoffTarget = handoffTarget;
        this.clock = clock;
        this.time = time;
        this.released = released;
    }

    @Override
    public String name() {
        return "script";
    }

    @Override
    public ModelResponse chat(ModelRequest request) throws Exception {
        time.participate();
        while (true) {
            Step step = nextStep();
            if (step instanceof SlowStream slow) {
                clock.sleep(slow.gapMs() * 1_000_000L * slow.pieces().size());
                return ModelResponse.text(String.join("", slow.pieces()), slow.usage());
            }
            ModelResponse answer = answer(step);
            if (answer != null) {
                return answer;
            }
        }
    }

    /** @return the script's next step, "done" once it is exhausted */
    Step nextStep() {
        List<Step> steps = node.steps();
        int at = position.getAndIncrement();
        return at < steps.size() ? steps.get(at) : new Answer("done", Usage.of(1, 1));
    }

    /** @return the whole answer of a step that is not a slow stream; null after a pause, when the next step answers */
    @Nullable ModelResponse answer(Step step) throws Exception {
        switch (step) {
            case Answer answer -> {
                return ModelResponse.text(answer.text(), answer.usage());
            }
            case Calls calls -> {
                List<ToolCall> toolCalls = new ArrayList<>();
                for (Call call : calls.calls()) {
                    toolCalls.add(new ToolCall(node.name() + "_" + ids.incrementAndGet(),
                            node.toolFor(call.slot(), handoffTarget), arguments(call)));
                }
                return new ModelResponse(new Message.Assistant("", toolCalls), calls.usage(), FinishReason.TOOL_CALLS);
            }
            case Failure failure -> throw failure.kind().exception();
            case Pause pause -> {
                clock.sleep(pause.millis() * 1_000_000L);
                return null;
            }
            case Hang hang -> {
                released.await();
                return ModelResponse.text("released", Usage.of(1, 1));
            }
            case SlowStream slow -> throw new IllegalStateException("a slow stream is played by its caller: " + slow);
        }
    }

    private static Map<String, Object> arguments(Call call) {
        return switch (call.slot()) {
            case AGENT_A, AGENT_B -> call.variant() == 0 ? Map.of() : Map.of("task", "part " + call.variant());
            case SLOW -> Map.of("ms", switch (call.variant()) {
                case 0 -> 1;
                case 1 -> 40;
                default -> 900;
            });
            default -> Map.of("x", call.variant());
        };
    }

    /** The model of an agent that streams: a slow stream piece by piece, the other answers as one piece. */
    static final class Streaming extends TreeScriptModel implements StreamingModel {

        Streaming(Node node, @Nullable Node handoffTarget, ManualClock clock, VirtualTime time,
                CountDownLatch released) {
            super(node, handoffTarget, clock, time, released);
        }

        @Override
        public ModelStream stream(ModelRequest request) throws Exception {
            time.participate(); // the thread of a supervised call too
            while (true) {
                Step step = nextStep();
                if (step instanceof SlowStream slow) {
                    return new ClockStream(slow);
                }
                ModelResponse answer = answer(step);
                if (answer != null) {
                    return ModelStreams.of(answer, answer.message().content());
                }
            }
        }

        /** Each piece after its gap on the rig's clock; a read whose timeout comes first returns nothing. */
        private final class ClockStream implements ModelStream {
            private final SlowStream slow;
            private int next;
            private long gapLeftNanos;
            private boolean over;

            ClockStream(SlowStream slow) {
                this.slow = slow;
                this.gapLeftNanos = slow.gapMs() * 1_000_000L;
            }

            @Override
            public @Nullable StreamPart next(long timeoutNanos) throws Exception {
                time.participate();
                if (over) {
                    throw new IllegalStateException("the stream is over");
                }
                if (next == slow.pieces().size()) {
                    over = true;
                    return StreamPart.finished(ModelResponse.text(String.join("", slow.pieces()), slow.usage()));
                }
                if (gapLeftNanos > 0) {
                    long wait = Math.min(gapLeftNanos, timeoutNanos);
                    clock.sleep(wait);
                    gapLeftNanos -= wait;
                    if (gapLeftNanos > 0) {
                        return null;
                    }
                }
                gapLeftNanos = slow.gapMs() * 1_000_000L;
                return StreamPart.text(slow.pieces().get(next++));
            }

            @Override
            public void close() {
                over = true;
            }
        }
    }
}
