package dev.terminus.benchmarks;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import dev.langchain4j.service.AiServices;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.PriceTable;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The agent loop's own overhead per iteration, against LangChain4j's {@code AiServices} on the same scenario, in one
 * JMH run.
 *
 * <p>One operation is a whole run of {@link #iterations} model calls: the first {@code iterations - 1} answers call
 * the same trivial tool {@code step} (with a different argument each time, {@code {"n": k}}, so the no-progress and
 * stall guards see progress), the last answers with the text {@code "done"}. With {@code iterations = 1} the run is a
 * single text answer: that measures the fixed cost of a run. Per-iteration time is run time divided by
 * {@code iterations} (and, to separate it from the fixed cost, the slope between the two parameter values).
 *
 * <p>Both models have zero latency and allocate nothing: every answer is built once in {@link #setUp()}, and the
 * model picks the answer from the transcript's length (an O(1) look-up; the transcript is the user's task followed by
 * an assistant message and a tool result per tool round on both sides). Both report 10 input and 5 output tokens per
 * call.
 *
 * <ul>
 *   <li>{@link #terminus()} — the default configuration with every guard on: iteration cap, tool-call cap, token
 *       budget, cost budget (with a price for the model, so every call is priced), time budget (with no enforcement
 *       option chosen: the run stays on the calling thread and a deadline timer is armed and disarmed per run, on the
 *       system clock's timer, which a deadline later than its next wake-up does not wake: ADR 0028), no progress,
 *       stall, consecutive mistakes. Run the benchmark with {@code -jvmArgsAppend -Djmh.executor=VIRTUAL}
 *       to call it from a virtual thread.</li>
 *   <li>{@link #terminusSupervisedThread()} — the same with {@code TimeBudgetEnforcement.SUPERVISED_THREAD}: the
 *       whole run on a virtual thread of its own, the caller waiting (the opt-in mode that returns on time whatever
 *       a call does).</li>
 *   <li>{@link #terminusInline()} — informational: the same guards without the time budget, so no timer; the
 *       difference to {@link #terminus()} is the deadline's cost.</li>
 *   <li>{@link #langchain4j()} — {@code AiServices} over a {@code ChatModel} whose {@code doChat} plays the same
 *       script, with the same tool as an {@code @Tool} method. LangChain4j has no guards to switch on besides its
 *       built-in cap on sequential tool invocations (100 by default, which the run stays under).</li>
 * </ul>
 *
 * <p>The setup refuses to run (throws) unless each side ends its run as expected: Terminus with
 * {@code NaturalCompletion} after exactly {@code iterations} iterations and {@code iterations - 1} tool calls,
 * LangChain4j with the answer {@code "done"} after exactly {@code iterations} model calls and {@code iterations - 1}
 * tool executions.
 */
public class AgentLoopBenchmark extends SampledLatencyBenchmark {

    static final String MODEL_NAME = "bench-model";
    static final String TOOL_NAME = "step";
    static final String TASK = "Count to the end, one step at a time.";
    static final String FINAL_ANSWER = "done";

    /** Model calls per run: {@code iterations - 1} tool rounds, then the final answer. */
    @Param({"1", "20"})
    public int iterations;

    private Agent terminus;
    private Agent terminusInline;
    private Agent terminusSupervisedThread;
    private Assistant langchain4j;

    /** Builds both sides and checks that one run of each ends as expected. */
    @Setup
    public void setUp() {
        ModelResponse[] script = terminusScript(iterations);
        Model model = new ZeroLatencyModel(script);
        terminus = terminusAgent(model, true);
        terminusInline = terminusAgent(model, false);
        terminusSupervisedThread = Agent.builder(model)
                .config(AgentConfig.from(allGuards(true))
                        .timeBudgetEnforcement(dev.terminus.agent.TimeBudgetEnforcement.SUPERVISED_THREAD).build())
                .tool(trivialTool()).build();
        for (Agent agent : List.of(terminus, terminusInline, terminusSupervisedThread)) {
            checkRun(agent.run(TASK), iterations);
        }

        FakeChatModel chatModel = new FakeChatModel(langchain4jScript(iterations));
        TrivialTool tool = new TrivialTool();
        langchain4j = AiServices.builder(Assistant.class).chatModel(chatModel).tools(tool).build();
        String answer = langchain4j.chat(TASK);
        check(FINAL_ANSWER.equals(answer), "LangChain4j answered " + answer);
        check(chatModel.calls.get() == iterations, "LangChain4j called the model " + chatModel.calls.get() + " times");
        check(tool.calls.get() == iterations - 1, "LangChain4j called the tool " + tool.calls.get() + " times");
        chatModel.counting = false;
        tool.counting = false;
    }

    /** A whole Terminus run, every guard on, time budget included, no enforcement option chosen (the default). */
    @Benchmark
    public RunResult terminus() {
        return terminus.run(TASK);
    }

    /**
     * A whole Terminus run, every guard on, time budget included, the whole run supervised on a virtual thread of its
     * own ({@code TimeBudgetEnforcement.SUPERVISED_THREAD}): one thread handoff per run.
     */
    @Benchmark
    public RunResult terminusSupervisedThread() {
        return terminusSupervisedThread.run(TASK);
    }

    /** Informational: a whole Terminus run, every guard on but the time budget (the inline path). */
    @Benchmark
    public RunResult terminusInline() {
        return terminusInline.run(TASK);
    }

    /** A whole LangChain4j {@code AiServices} run. */
    @Benchmark
    public String langchain4j() {
        return langchain4j.chat(TASK);
    }

    // ---------------------------------------------------------------- Terminus side

    /** Every guard of the loop switched on; the time budget only when {@code timed}. */
    static AgentConfig allGuards(boolean timed) {
        AgentConfig.Builder config = AgentConfig.custom()
                .name("bench")
                .maxIterations(1_000)
                .maxToolCalls(1_000)
                .tokenBudget(TokenBudget.total(1_000_000_000L))
                .prices(PriceTable.builder().price(MODEL_NAME, ModelPrice.of("3.00", "15.00")).build())
                .costBudgetUsd(new BigDecimal("1000"))
                .noProgressThreshold(AgentConfig.DEFAULT_NO_PROGRESS_THRESHOLD)
                .stallThreshold(AgentConfig.DEFAULT_STALL_THRESHOLD)
                .maxConsecutiveMistakes(AgentConfig.DEFAULT_MAX_CONSECUTIVE_MISTAKES);
        return (timed ? config.timeBudget(Duration.ofSeconds(60)) : config).build();
    }

    /** The trivial tool: one required integer argument, answers {@code "ok"}. */
    static Tool trivialTool() {
        return Tools.of(TOOL_NAME, "Takes one step.",
                Map.of("type", "object",
                        "properties", Map.of("n", Map.of("type", "integer")),
                        "required", List.of("n")),
                (arguments, context) -> "ok");
    }

    static Agent terminusAgent(Model model, boolean timed) {
        return Agent.builder(model).config(allGuards(timed)).tool(trivialTool()).build();
    }

    /** The answers of a run: {@code iterations - 1} calls of {@code step {"n": k}}, then {@code "done"}. */
    static ModelResponse[] terminusScript(int iterations) {
        ModelResponse[] script = new ModelResponse[iterations];
        for (int k = 0; k < iterations - 1; k++) {
            ToolCall call = new ToolCall("call_" + k, TOOL_NAME, Map.of("n", k));
            script[k] = new ModelResponse(new Message.Assistant("", List.of(call)), Usage.of(10, 5),
                    FinishReason.TOOL_CALLS);
        }
        script[iterations - 1] = new ModelResponse(Message.Assistant.of(FINAL_ANSWER), Usage.of(10, 5), FinishReason.STOP);
        return script;
    }

    /**
     * The answer for a transcript: the user's task, then an assistant message and a tool result per round, so
     * {@code (size - 1) / 2} rounds are done. Allocates nothing.
     */
    static <T> T pick(T[] script, int transcriptSize) {
        return script[Math.min((transcriptSize - 1) / 2, script.length - 1)];
    }

    /** A zero-latency Terminus model playing a prebuilt script. */
    static final class ZeroLatencyModel implements Model {
        private final ModelResponse[] script;

        ZeroLatencyModel(ModelResponse[] script) {
            this.script = script;
        }

        @Override
        public ModelResponse chat(ModelRequest request) {
            return pick(script, request.messages().size());
        }

        @Override
        public String name() {
            return MODEL_NAME;
        }
    }

    // ---------------------------------------------------------------- LangChain4j side

    /** The AI service's interface. */
    public interface Assistant {
        /** @param task the user's message @return the final answer */
        String chat(String task);
    }

    /** The same trivial tool as {@link #trivialTool()}. */
    public static final class TrivialTool {
        final AtomicInteger calls = new AtomicInteger();
        volatile boolean counting = true;

        /** @param n the step @return {@code "ok"} */
        @dev.langchain4j.agent.tool.Tool("Takes one step.")
        public String step(@P("the step") int n) {
            if (counting) {
                calls.incrementAndGet();
            }
            return "ok";
        }
    }

    /** A zero-latency {@code ChatModel} playing a prebuilt script, by the same rule as {@link ZeroLatencyModel}. */
    static final class FakeChatModel implements ChatModel {
        private final ChatResponse[] script;
        final AtomicInteger calls = new AtomicInteger();
        volatile boolean counting = true;

        FakeChatModel(ChatResponse[] script) {
            this.script = script;
        }

        @Override
        public ChatResponse doChat(ChatRequest request) {
            if (counting) {
                calls.incrementAndGet();
            }
            return pick(script, request.messages().size());
        }
    }

    static ChatResponse[] langchain4jScript(int iterations) {
        ChatResponse[] script = new ChatResponse[iterations];
        for (int k = 0; k < iterations - 1; k++) {
            ToolExecutionRequest call = ToolExecutionRequest.builder()
                    .id("call_" + k).name(TOOL_NAME).arguments("{\"n\":" + k + "}").build();
            script[k] = ChatResponse.builder().aiMessage(AiMessage.from(call)).tokenUsage(new TokenUsage(10, 5))
                    .finishReason(dev.langchain4j.model.output.FinishReason.TOOL_EXECUTION).modelName(MODEL_NAME).build();
        }
        script[iterations - 1] = ChatResponse.builder().aiMessage(AiMessage.from(FINAL_ANSWER))
                .tokenUsage(new TokenUsage(10, 5)).finishReason(dev.langchain4j.model.output.FinishReason.STOP)
                .modelName(MODEL_NAME).build();
        return script;
    }

    /**
     * Checks that a run of the script of {@code iterations} model calls ended as the script says:
     * {@code NaturalCompletion} after {@code iterations} iterations and {@code iterations - 1} tool calls, answering
     * {@value #FINAL_ANSWER}.
     */
    static void checkRun(RunResult result, int iterations) {
        check(result.termination() instanceof Termination.NaturalCompletion, "Terminus ended " + result.termination());
        check(result.iterations().size() == iterations, "Terminus ran " + result.iterations().size() + " iterations");
        check(result.toolCalls() == iterations - 1, "Terminus made " + result.toolCalls() + " tool calls");
        check(result.finalAnswer().filter(FINAL_ANSWER::equals).isPresent(),
                "Terminus answered " + result.finalAnswer().orElse("nothing"));
    }

    static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalStateException("benchmark setup: " + message);
        }
    }
}
