package dev.terminus.temporal;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The agent runs whose workflow histories {@link HistoryRecorder} records beside the {@link RecordedScenarios} from
 * {@value #FIRST_DAY} on, and {@link RecordedRunsReplayTest} replays: a gate answered by the {@code answer} update,
 * a run ended by the {@code stop} signal during a tool call, a two-level tree of agents offered as tools, and a run
 * that continues as new by reference (ADR 0042; one history file per execution, {@code continued-1.json} on). The
 * workflow side of each recipe (its settings, tools' names, hooks) must stay as it was recorded.
 */
final class RecordedRuns {
    /** The day of the first recording that holds these runs. */
    static final String FIRST_DAY = "2026-12-08";
    static final TerminusModule MODULE = new TerminusModule();

    static final String GATED = "gated";
    static final String STOPPED = "stopped";
    static final String TREE = "lead";
    static final String CONTINUED = "continued";
    /** The runs of {@link #recipes()}, each recorded in a file of its name. */
    static final List<String> ONE_EXECUTION = List.of(GATED, STOPPED, TREE);
    /** How often the continued run's agent calls its tool before it answers. */
    static final int CONTINUED_CALLS = 20;

    /** Started when the stopped run's tool runs; released once the run is stopped (at most 5 s of real time). */
    static final CountDownLatch TOOL_STARTED = new CountDownLatch(1);
    static final CountDownLatch TOOL_RELEASED = new CountDownLatch(1);

    private static final Tool ECHO = Tools.of("echo", "Echoes x", Map.of("type", "object"),
            (arguments, run) -> "echo:" + arguments.get("x"));
    private static final Tool REFUND = Tools.of("refund", "Refunds an order",
            (arguments, run) -> "refunded " + arguments.get("amount"));
    private static final Tool WAIT = Tools.of("wait", "Waits for the world", (arguments, run) -> {
        TOOL_STARTED.countDown();
        TOOL_RELEASED.await(5, TimeUnit.SECONDS);
        return "waited";
    });

    private RecordedRuns() {}

    /** @return the recipes of the gated, stopped and tree runs, on a worker registered without a client */
    static AgentRecipes recipes() {
        return AgentRecipes.builder()
                .agent(GATED, ScriptedModel.builder().toolCall("refund", Map.of("order", "42", "amount", 120))
                        .text("The refund is settled.").build(), List.of(REFUND),
                        m -> plain(m, GATED).requireApproval("refund").build())
                .agent(STOPPED, ScriptedModel.builder().toolCall("wait", Map.of()).text("unreachable").build(),
                        List.of(WAIT), m -> plain(m, STOPPED).build())
                // lead -> researcher -> checker: two levels of agents offered as tools
                .agent(TREE, ScriptedModel.builder().toolCall("research", Map.of("task", "find a"))
                        .text("All done.").build(), List.of(), m -> plain(m, TREE)
                        .tool(Tools.agent("research", "Researches a question", m.agent("researcher"))).build())
                .agent("researcher", ScriptedModel.builder().callIdPrefix("r_").toolCall("echo", Map.of("x", "a"))
                        .toolCall("check", Map.of("task", "verify a")).text("Research done.").build(), List.of(ECHO),
                        m -> plain(m, "researcher")
                                .tool(Tools.agent("check", "Checks a finding", m.agent("checker"))).build())
                .agent("checker", ScriptedModel.builder().callIdPrefix("c_").text("Checked.").build(), List.of(),
                        m -> plain(m, "checker").build())
                .build();
    }

    /**
     * @return the recipes of the continued run, continued as new past 100 events: registered with the worker's client,
     *     its executions refer to the parts earlier ones recorded
     */
    static AgentRecipes continued() {
        ScriptedModel.Builder script = ScriptedModel.builder();
        for (int i = 1; i <= CONTINUED_CALLS; i++) {
            script.toolCall("echo", Map.of("x", i));
        }
        return AgentRecipes.builder().continueAsNewAfter(100)
                .agent(CONTINUED, script.text("Echoed them all.").build(), List.of(ECHO),
                        m -> plain(m, CONTINUED).build())
                .build();
    }

    private static AgentBuilder plain(AgentMaterials materials, String name) {
        return Agent.builder(materials.model()).name(name).tools(materials.tools()).clock(materials.clock());
    }
}
