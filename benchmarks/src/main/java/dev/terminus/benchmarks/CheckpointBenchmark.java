package dev.terminus.benchmarks;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.checkpoint.CheckpointJson;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * Writing a paused run's checkpoint, reading it back and resuming the run, with a 200-message transcript
 * (the task, 99 tool rounds, and the assistant message whose call waits for approval). Target: under 1 ms for the
 * three together ({@link #writeReadResume()}).
 *
 * <p>The run is real: an agent with a zero-latency model pauses at a gated tool after 99 rounds in the setup; each
 * operation writes that checkpoint to JSON bytes ({@link CheckpointJson}, through {@code TerminusModule}), reads the
 * bytes back, and resumes the run with an approval: the gated tool runs and the model answers at once, so the
 * resumed run is one tool call and one more model call over the restored 200 messages. The setup refuses to run
 * unless the checkpoint has 200 messages, reads back equal, and the resumed run ends {@code NaturalCompletion} after
 * 101 iterations and 100 tool calls.
 */
public class CheckpointBenchmark extends SampledLatencyBenchmark {
    static final int ROUNDS = 99;

    private final CheckpointJson json = CheckpointJson.ofDefaults();
    private Agent agent;
    private Checkpoint checkpoint;
    private byte[] bytes;
    private GateDecision approve;

    /** Pauses a real run after 99 rounds and checks one write, read and resume. */
    @Setup
    public void setUp() throws IOException {
        Tool step = Tools.of("step", "Takes one step.", (arguments, run) -> "ok");
        Tool gated = Tools.of("publish", "Publishes the result.", (arguments, run) -> "published");
        agent = Agent.builder(new PausingModel()).config(AgentConfig.custom().maxIterations(200).build())
                .tools(step, gated).requireApproval("publish").build();
        RunResult paused = agent.run("Take 99 steps, then publish.");
        check(paused.termination() instanceof Termination.HitlGatePending, "the run ended " + paused.termination());
        checkpoint = paused.checkpoint().orElseThrow();
        check(checkpoint.transcript().size() == 200, "the transcript has " + checkpoint.transcript().size());
        bytes = json.writeBytes(checkpoint);
        check(json.read(bytes).equals(checkpoint), "the checkpoint reads back different");
        approve = GateDecision.approve(checkpoint.gateId());
        RunResult done = writeReadResume();
        check(done.termination() instanceof Termination.NaturalCompletion, "the resumed run ended " + done.termination());
        check(done.iterations().size() == ROUNDS + 2 && done.toolCalls() == ROUNDS + 1,
                "the resumed run has " + done.iterations().size() + " iterations, " + done.toolCalls() + " tool calls");
    }

    /** Write, read and resume: the target's operation. */
    @Benchmark
    public RunResult writeReadResume() throws IOException {
        return agent.resume(json.read(json.writeBytes(checkpoint)), approve);
    }

    /** Writing the checkpoint to JSON bytes. */
    @Benchmark
    public byte[] write() {
        return json.writeBytes(checkpoint);
    }

    /** Reading it back. */
    @Benchmark
    public Checkpoint read() throws IOException {
        return json.read(bytes);
    }

    /** Resuming from the checkpoint in memory. */
    @Benchmark
    public RunResult resume() {
        return agent.resume(checkpoint, approve);
    }

    /** Calls {@code step} until the transcript has 199 messages, then {@code publish}, then answers {@code done}. */
    static final class PausingModel implements Model {
        private static final ModelResponse DONE =
                new ModelResponse(Message.Assistant.of("done"), Usage.of(10, 5), FinishReason.STOP);

        @Override
        public ModelResponse chat(ModelRequest request) {
            int size = request.messages().size();
            if (size > 2 * ROUNDS + 1) {
                return DONE;
            }
            ToolCall call = size == 2 * ROUNDS + 1 ? new ToolCall("call_publish", "publish", Map.of())
                    : new ToolCall("call_" + size, "step", Map.of("n", size));
            return new ModelResponse(new Message.Assistant("", List.of(call)), Usage.of(10, 5), FinishReason.TOOL_CALLS);
        }

        @Override
        public String name() {
            return "bench-model";
        }
    }

    static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalStateException("benchmark setup: " + message);
        }
    }
}
