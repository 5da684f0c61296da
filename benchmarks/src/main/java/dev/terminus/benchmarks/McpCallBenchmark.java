package dev.terminus.benchmarks;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.mcp.McpServer;
import dev.terminus.mcp.McpToolset;
import dev.terminus.test.FixedRun;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one MCP tool call costs through Terminus beyond the call through the MCP Java SDK alone: the {@code echo} tool
 * of the reference server {@code @modelcontextprotocol/server-everything} over stdio, one server process per
 * benchmark, started in the setup and killed in the teardown.
 *
 * <ul>
 *   <li>{@link #sdk(SdkClient)} — the baseline: the SDK's own {@code McpSyncClient.callTool}, over the SDK's stdio
 *       transport started with the same command; the server's time, the pipes and the SDK's JSON are all in it.</li>
 *   <li>{@link #terminusTool(Terminus)} — the same call through the Terminus tool an {@link McpToolset} offers
 *       ({@code Tool.call(arguments, context)}): the adapter's own cost is the difference (the arguments copied, a
 *       progress token and listener registered, the asynchronous client's result awaited interruptibly, the result
 *       turned into the text the model reads).</li>
 *   <li>{@link #agentRun(Terminus)} — what a run pays per call: a run of {@value #CALLS} iterations, each calling
 *       {@code echo} with a new message (so the progress guards see progress), then one answering with text, every
 *       guard of the loop on and a 60 s time budget ({@link AgentLoopBenchmark#allGuards(boolean)}); JMH divides the
 *       run's time by {@value #CALLS}. The loop's whole cost is in it, the final text iteration and the run's fixed
 *       cost included (about 0.5 µs per run, {@link AgentLoopBenchmark}), so it overstates the per-call overhead a
 *       little rather than understate it.</li>
 * </ul>
 *
 * <p>The fixture: the server is the one the build installs for terminus-mcp's tests ({@code npm ci} in
 * {@code terminus-mcp/src/test/node}, done by {@code bin/mvn -pl terminus-mcp test-compile} or by running
 * {@code terminus-mcp/src/test/node/install.sh}); {@code node} must be on the {@code PATH}. The benchmark looks for
 * it under the working directory (run from the repository's root) or at the path of the system property
 * {@value #ENTRY_PROPERTY}, and fails its setup naming what is missing.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class McpCallBenchmark {
    static final String ENTRY_PROPERTY = "terminus.mcp.everything";
    static final Path DEFAULT_ENTRY = Path.of(
            "terminus-mcp/src/test/node/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    static final int CALLS = 20;
    static final String MESSAGE = "hello, server 7";
    static final String TASK = "Echo twenty messages.";

    /** The SDK's synchronous client alone, over its stdio transport. */
    @State(Scope.Benchmark)
    public static class SdkClient {
        McpSyncClient client;
        McpSchema.CallToolRequest request;

        /** Starts the server and checks that {@code echo} answers as expected. */
        @Setup
        public void start() {
            Path entry = entry();
            ServerParameters parameters = ServerParameters.builder(node()).args(entry.toString(), "stdio").build();
            client = McpClient.sync(new StdioClientTransport(parameters, McpJsonDefaults.getMapper()))
                    .clientInfo(new McpSchema.Implementation("bench", "sdk"))
                    .requestTimeout(Duration.ofSeconds(60))
                    .jsonSchemaValidator(new NoOutputSchemas().get())
                    .build();
            client.initialize();
            request = McpSchema.CallToolRequest.builder().name("echo").arguments(Map.of("message", MESSAGE)).build();
            McpSchema.CallToolResult result = client.callTool(request);
            String text = ((McpSchema.TextContent) result.content().getFirst()).text();
            AgentLoopBenchmark.check(text.equals("Echo: " + MESSAGE), "the SDK's echo answered " + text);
        }

        /** Ends the session and the server. */
        @TearDown
        public void stop() {
            client.closeGracefully();
        }
    }

    /** A toolset over the same server, its {@code echo} tool, and an agent calling it {@value #CALLS} times. */
    @State(Scope.Benchmark)
    public static class Terminus {
        McpToolset toolset;
        Tool echo;
        Map<String, @Nullable Object> arguments;
        Agent agent;

        /** Starts the server and checks that the tool and a run answer as expected. */
        @Setup
        public void start() throws Exception {
            toolset = McpToolset.start(McpServer.stdio("everything", node(), entry().toString(), "stdio"));
            echo = toolset.tools().stream().filter(t -> t.spec().name().equals("echo")).findFirst().orElseThrow();
            arguments = Map.of("message", MESSAGE);
            Object text = echo.call(arguments, OUTSIDE_A_RUN);
            AgentLoopBenchmark.check(("Echo: " + MESSAGE).equals(text), "the Terminus echo answered " + text);
            agent = Agent.builder(new EchoingModel()).config(AgentLoopBenchmark.allGuards(true)).tools(List.of(echo))
                    .build();
            RunResult result = agent.run(TASK);
            AgentLoopBenchmark.checkRun(result, CALLS + 1);
            AgentLoopBenchmark.check(result.transcript().get(2) instanceof Message.ToolResult first
                    && first.content().equals("Echo: hello, server 0"), "the run's first echo was "
                    + result.transcript().get(2));
        }

        /** Ends the session and the server. */
        @TearDown
        public void stop() {
            toolset.close();
        }
    }

    /** @return the SDK's result of one {@code echo} call */
    @Benchmark
    public McpSchema.CallToolResult sdk(SdkClient sdk) {
        return sdk.client.callTool(sdk.request);
    }

    /** @return the Terminus tool's result of one {@code echo} call */
    @Benchmark
    public @Nullable Object terminusTool(Terminus terminus) throws Exception {
        return terminus.echo.call(terminus.arguments, OUTSIDE_A_RUN);
    }

    /** @return a run of {@value #CALLS} {@code echo} calls and a final answer, timed per call */
    @Benchmark
    @OperationsPerInvocation(CALLS)
    public RunResult agentRun(Terminus terminus) {
        return terminus.agent.run(TASK);
    }

    /**
     * A zero-latency model calling {@code echo} with {@code "hello, server k"} in its {@code k}-th answer, then
     * answering {@code "done"}: every answer built once, picked by the transcript's length.
     */
    static final class EchoingModel implements Model {
        private final ModelResponse[] script = new ModelResponse[CALLS + 1];

        EchoingModel() {
            for (int k = 0; k < CALLS; k++) {
                ToolCall call = new ToolCall("call_" + k, "echo", Map.of("message", "hello, server " + k));
                script[k] = new ModelResponse(new Message.Assistant("", List.of(call)), Usage.of(10, 5),
                        FinishReason.TOOL_CALLS);
            }
            script[CALLS] = new ModelResponse(Message.Assistant.of(AgentLoopBenchmark.FINAL_ANSWER), Usage.of(10, 5),
                    FinishReason.STOP);
        }

        @Override
        public ModelResponse chat(dev.terminus.agent.spi.ModelRequest request) {
            return AgentLoopBenchmark.pick(script, request.messages().size());
        }

        @Override
        public String name() {
            return AgentLoopBenchmark.MODEL_NAME;
        }
    }

    /** The run a tool called outside the loop sees: nothing done yet (progress reports go nowhere). */
    static final RunContext OUTSIDE_A_RUN = new FixedRun("bench", 0, List.of());

    /** @return the installed server's entry point */
    static Path entry() {
        String configured = System.getProperty(ENTRY_PROPERTY);
        Path entry = (configured == null ? DEFAULT_ENTRY : Path.of(configured)).toAbsolutePath();
        if (!Files.isRegularFile(entry)) {
            throw new IllegalStateException("McpCallBenchmark: the MCP server is not installed at " + entry
                    + "; install it with terminus-mcp/src/test/node/install.sh (npm ci), run from the repository's"
                    + " root, or set -D" + ENTRY_PROPERTY + "=<path to server-everything's dist/index.js>");
        }
        return entry;
    }

    /** @return the {@code node} on the {@code PATH} */
    static String node() {
        String path = System.getenv("PATH");
        for (String directory : (path == null ? "" : path).split(File.pathSeparator)) {
            Path node = Path.of(directory, "node");
            if (!directory.isEmpty() && Files.isExecutable(node)) {
                return node.toString();
            }
        }
        throw new IllegalStateException("McpCallBenchmark: Node.js (node) is not on the PATH, was PATH=" + path);
    }
}
