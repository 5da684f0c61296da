package dev.terminus.benchmarks;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * What calling an agent as a tool ({@code Tools.agent}) costs beside calling a plain tool, in one JMH run.
 *
 * <p>One operation is a whole run of a parent agent: its first answer calls the tool {@code ask} with
 * {@code {"task": "look it up"}}, its second answers {@code "done"}; two iterations, one tool call. The parent has
 * every guard on and a 60 s time budget ({@link AgentLoopBenchmark#allGuards(boolean)}) and a zero-latency model
 * ({@link AgentLoopBenchmark.ZeroLatencyModel}), as in {@link AgentLoopBenchmark}.
 *
 * <ul>
 *   <li>{@link #plainTool()} — {@code ask} is a {@code Tools.of} tool, same schema, that returns {@code "ok"}.</li>
 *   <li>{@link #agentTool()} — {@code ask} is {@code Tools.agent} of a child agent whose zero-latency model answers
 *       {@code "ok"} at once, with every guard on and a 60 s time budget of its own: a child run (its control bound to
 *       the parent's deadline and cancel, its spending added to the parent's as it is spent, its budgets checked
 *       against the parent's, its result kept in the parent's {@code children()}).</li>
 *   <li>{@link #agentToolWithAnEarlierDeadline()} — the same child with a 30 s budget, before the parent's 60 s
 *       deadline: it runs on a virtual thread of its own while the parent's thread waits.</li>
 *   <li>{@link #childAlone()} — informational: the child's run on its own ({@code Agent.run}), one iteration; the
 *       difference {@code agentTool − plainTool − childAlone} is what running it as a child adds.</li>
 * </ul>
 *
 * <p>The setup refuses to run unless both parents end {@code NaturalCompletion} with {@code "done"} after two
 * iterations and one tool call answered {@code "ok"}, the agent tool's parent with one child that ended
 * {@code NaturalCompletion} and usage of both agents' calls (45 tokens against 30).
 */
public class SubAgentCallBenchmark extends SampledLatencyBenchmark {
    static final String TOOL_NAME = "ask";
    static final String TASK = "Find it out.";

    private static final Map<String, Object> PARAMETERS = Map.of(
            "type", "object",
            "properties", Map.of("task", Map.of("type", "string")),
            "required", List.of("task"));

    private Agent withPlainTool;
    private Agent withAgentTool;
    private Agent withQuickerAgentTool;
    private Agent child;

    /** Builds the parents and the child and checks that one run of each ends as expected. */
    @Setup
    public void setUp() {
        ModelResponse[] parentScript = {
                new ModelResponse(new Message.Assistant("", List.of(
                        new ToolCall("call_0", TOOL_NAME, Map.of("task", "look it up")))),
                        Usage.of(10, 5), FinishReason.TOOL_CALLS),
                new ModelResponse(Message.Assistant.of(AgentLoopBenchmark.FINAL_ANSWER), Usage.of(10, 5),
                        FinishReason.STOP)};
        ModelResponse[] childScript = {new ModelResponse(Message.Assistant.of("ok"), Usage.of(10, 5),
                FinishReason.STOP)};
        child = Agent.builder(new AgentLoopBenchmark.ZeroLatencyModel(childScript))
                .config(AgentConfig.from(AgentLoopBenchmark.allGuards(true)).name("child").build()).build();
        Tool plain = Tools.of(TOOL_NAME, "Finds something out.", PARAMETERS, (arguments, context) -> "ok");
        withPlainTool = parent(parentScript, plain);
        withAgentTool = parent(parentScript, Tools.agent(TOOL_NAME, "Finds something out.", child));
        // the same child with a 30 s budget: its deadline comes before the parent's 60 s
        Agent quickerChild = Agent.builder(new AgentLoopBenchmark.ZeroLatencyModel(childScript))
                .config(AgentConfig.from(AgentLoopBenchmark.allGuards(true)).name("child")
                        .timeBudget(Duration.ofSeconds(30)).build()).build();
        withQuickerAgentTool = parent(parentScript, Tools.agent(TOOL_NAME, "Finds something out.", quickerChild));

        checkParent(withPlainTool.run(TASK), 30);
        RunResult delegated = withAgentTool.run(TASK);
        checkParent(delegated, 45);
        AgentLoopBenchmark.check(delegated.children().size() == 1
                        && delegated.children().getFirst().result().termination()
                                instanceof Termination.NaturalCompletion,
                "the agent tool's parent kept " + delegated.children());
        RunResult quicker = withQuickerAgentTool.run(TASK);
        checkParent(quicker, 45);
        AgentLoopBenchmark.check(quicker.children().size() == 1, "the quicker child's parent kept "
                + quicker.children());
        RunResult alone = child.run(TASK);
        AgentLoopBenchmark.check(alone.termination() instanceof Termination.NaturalCompletion
                && alone.finalAnswer().filter("ok"::equals).isPresent(), "the child alone ended " + alone);
    }

    /** A parent's run whose one tool call is a plain tool's. */
    @Benchmark
    public RunResult plainTool() {
        return withPlainTool.run(TASK);
    }

    /** A parent's run whose one tool call runs a child agent that answers at once. */
    @Benchmark
    public RunResult agentTool() {
        return withAgentTool.run(TASK);
    }

    /**
     * A parent's run whose one tool call runs a child whose deadline comes before the parent's: the child runs on a
     * virtual thread of its own while the parent's thread waits (ADR 0030).
     */
    @Benchmark
    public RunResult agentToolWithAnEarlierDeadline() {
        return withQuickerAgentTool.run(TASK);
    }

    /** Informational: the child's run on its own. */
    @Benchmark
    public RunResult childAlone() {
        return child.run(TASK);
    }

    private static Agent parent(ModelResponse[] script, Tool tool) {
        return Agent.builder(new AgentLoopBenchmark.ZeroLatencyModel(script))
                .config(AgentLoopBenchmark.allGuards(true)).tool(tool).build();
    }

    private static void checkParent(RunResult result, long tokens) {
        AgentLoopBenchmark.check(result.termination() instanceof Termination.NaturalCompletion,
                "a parent ended " + result.termination());
        AgentLoopBenchmark.check(result.iterations().size() == 2 && result.toolCalls() == 1,
                "a parent ran " + result.iterations().size() + " iterations, " + result.toolCalls() + " tool calls");
        AgentLoopBenchmark.check(result.finalAnswer().filter(AgentLoopBenchmark.FINAL_ANSWER::equals).isPresent(),
                "a parent answered " + result.finalAnswer().orElse("nothing"));
        AgentLoopBenchmark.check(result.transcript().stream().anyMatch(message -> message
                        instanceof Message.ToolResult answer && !answer.error() && "ok".equals(answer.content())),
                "a parent's tool call was not answered ok: " + result.transcript());
        AgentLoopBenchmark.check(result.usage().totalTokens() == tokens,
                "a parent spent " + result.usage().totalTokens() + " tokens, not " + tokens);
    }
}
