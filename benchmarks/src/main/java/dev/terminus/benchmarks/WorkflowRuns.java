package dev.terminus.benchmarks;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.FunctionModel;
import dev.terminus.temporal.AgentMaterials;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.AgentWorkflows;
import dev.terminus.temporal.CallMode;
import dev.terminus.temporal.TerminusDataConverter;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.WorkerFactoryOptions;
import io.temporal.worker.WorkerOptions;
import java.util.List;
import java.util.Map;

/**
 * The run the Temporal benchmarks make: 9 tool rounds, then an answer, in 10 iterations, by a model that reads the
 * last tool result (stateless, so any worker answers any call); and an in-process Temporal server with a worker that
 * runs them.
 */
final class WorkflowRuns {
    static final String QUEUE = "benchmark";
    static final int ITERATIONS = 10;

    private WorkflowRuns() {}

    static FunctionModel model() {
        return FunctionModel.of("counter", request -> {
            int done = 0;
            List<Message> messages = request.messages();
            for (int i = messages.size() - 1; i >= 0; i--) {
                if (messages.get(i) instanceof Message.ToolResult result) {
                    done = Integer.parseInt(result.content().substring("counted ".length()));
                    break;
                }
            }
            if (done == ITERATIONS - 1) {
                return ModelResponse.text("Counted to " + done + ".", Usage.of(40, 5));
            }
            ToolCall call = new ToolCall("call-" + (done + 1), "count", Map.of("n", done + 1));
            return new ModelResponse(new Message.Assistant("", List.of(call)), Usage.of(40, 5),
                    FinishReason.TOOL_CALLS);
        });
    }

    static final Tool COUNT = Tools.of("count", "Counts", (arguments, run) -> "counted " + arguments.get("n"));

    static Agent agent(AgentMaterials materials) {
        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                .config(AgentConfig.custom().maxIterations(ITERATIONS + 1).build()).build();
    }

    /** @param mode how the runs' model and tool calls are made */
    static AgentRecipes recipes(CallMode mode) {
        return AgentRecipes.builder().agent("counter", model(), List.of(COUNT), WorkflowRuns::agent)
                .calls(mode, mode).build();
    }

    /**
     * An in-process server (no time skipping: these runs have no timers) and one worker sized for 1,000 runs: a
     * workflow cache that holds them all, virtual threads, 8 pollers of each kind.
     */
    static TestWorkflowEnvironment environment(AgentRecipes recipes) {
        TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.ofDefaults()).build())
                .setWorkerFactoryOptions(WorkerFactoryOptions.newBuilder()
                        .setWorkflowCacheSize(1_200).setUsingVirtualWorkflowThreads(true).build())
                .setUseTimeskipping(false)
                .build());
        AgentWorkflows.register(environment.newWorker(QUEUE, WorkerOptions.newBuilder()
                .setUsingVirtualThreads(true)
                .setMaxConcurrentWorkflowTaskPollers(8).setMaxConcurrentActivityTaskPollers(8)
                .build()), recipes, environment.getWorkflowClient());
        environment.start();
        return environment;
    }
}
