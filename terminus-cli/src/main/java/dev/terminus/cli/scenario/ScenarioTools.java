package dev.terminus.cli.scenario;

import dev.terminus.Message;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.cli.scenario.Scenario.ToolDef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The tools a scenario describes: each waits, hangs, halts, fails or answers as its definition says. A tool with
 * several results answers its n-th call with the n-th; how it counts its calls is chosen when it is made.
 */
public final class ScenarioTools {

    /** How a tool counts the calls it answered, to pick its next result. */
    public enum Count {
        /** Per tool instance: the tool serves one run (an agent built for that run). */
        PER_INSTANCE,
        /**
         * From the run's transcript (the successful results of this tool so far): the tool can serve concurrent runs
         * and runs whose earlier calls another process made (a Temporal activity worker).
         */
        FROM_RUN
    }

    private ScenarioTools() {}

    /**
     * @param scenario a scenario as read
     * @param count how the tools count their calls
     * @return its tools, in the file's order; a tool that runs a named agent runs it on that agent's script
     * @throws ScenarioException naming the tool that cannot work
     */
    public static List<Tool> of(Scenario scenario, Count count) throws ScenarioException {
        ScenarioAgents.check(scenario);
        return of(scenario, count, ScenarioAgents.build(scenario, null, Map.of(), List.of()));
    }

    /**
     * @param scenario a scenario, or a named agent of one
     * @param count how the tools count their calls
     * @param team the file's named agents, which its tools run ({@code agent})
     * @return its tools, in the file's order
     * @throws ScenarioException naming the tool that cannot work
     */
    static List<Tool> of(Scenario scenario, Count count, ScenarioAgents team) throws ScenarioException {
        List<ToolDef> defs = scenario.tools() == null ? List.of() : scenario.tools();
        List<Tool> tools = new ArrayList<>();
        for (int i = 0; i < defs.size(); i++) {
            ToolDef def = defs.get(i);
            tools.add(ScenarioAgent.at("tools[" + i + "]", () -> def.agent() != null
                    ? Tools.agent(def.name(), def.description() == null ? def.name() : def.description(),
                            team.agent(def.agent()))
                    : tool(def, count)));
        }
        return tools;
    }

    /**
     * @param scenario a scenario as read
     * @param mcpTools the tools of its MCP servers ({@link ScenarioServers})
     * @param team the file's named agents, which its tools run ({@code agent})
     * @return the tools its agent offers in one process: the scenario's, in the file's order, then the MCP servers'
     * @throws ScenarioException naming the tool that cannot work
     */
    static List<Tool> with(Scenario scenario, List<Tool> mcpTools, ScenarioAgents team) throws ScenarioException {
        List<Tool> tools = of(scenario, Count.PER_INSTANCE, team);
        tools.addAll(mcpTools);
        return tools;
    }

    /**
     * @param scenario a scenario, or a named agent of one
     * @param count how the tools count their calls
     * @return its tools that answer as scripted, in the file's order: those that run a named agent left out
     * @throws ScenarioException naming the tool that cannot work
     */
    public static List<Tool> scripted(Scenario scenario, Count count) throws ScenarioException {
        List<ToolDef> defs = scenario.tools() == null ? List.of() : scenario.tools();
        List<Tool> tools = new ArrayList<>();
        for (int i = 0; i < defs.size(); i++) {
            ToolDef def = defs.get(i);
            if (def.agent() == null) {
                tools.add(ScenarioAgent.at("tools[" + i + "]", () -> tool(def, count)));
            }
        }
        return tools;
    }

    /**
     * The tools an agent offers when its scripted tools are given (a workflow's stand-ins for them): in the file's
     * order, a tool that runs a named agent where the file has it, then the given tools past the scripted ones (an
     * MCP server's).
     *
     * @param scenario a scenario, or a named agent of one
     * @param given its {@link #scripted} tools (or stand-ins with their specs), then any others
     * @param team the file's named agents, which its tools run ({@code agent})
     * @return its tools, in the file's order, then the others
     * @throws ScenarioException naming the tool that cannot work
     */
    static List<Tool> around(Scenario scenario, List<Tool> given, ScenarioAgents team) throws ScenarioException {
        List<ToolDef> defs = scenario.tools() == null ? List.of() : scenario.tools();
        List<Tool> tools = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < defs.size(); i++) {
            ToolDef def = defs.get(i);
            if (def.agent() != null) {
                tools.add(ScenarioAgent.at("tools[" + i + "]", () -> Tools.agent(def.name(),
                        def.description() == null ? def.name() : def.description(), team.agent(def.agent()))));
            } else if (next < given.size()) {
                tools.add(given.get(next++));
            }
        }
        tools.addAll(given.subList(next, given.size()));
        return tools;
    }

    private static Tool tool(ToolDef def, Count count) {
        List<String> results = def.results() != null ? def.results()
                : List.of(def.result() == null ? "ok" : def.result());
        AtomicInteger calls = new AtomicInteger();
        Map<String, @Nullable Object> parameters = def.parameters() == null ? ToolSpec.NO_PARAMETERS : def.parameters();
        return Tools.of(def.name(), def.description() == null ? def.name() : def.description(), parameters, (args, run) -> {
            if (def.delayMs() != null) {
                Thread.sleep(def.delayMs());
            }
            if (Boolean.TRUE.equals(def.hang())) {
                new CountDownLatch(1).await();
            }
            if (def.halt() != null) {
                throw new HaltException(def.halt());
            }
            if (def.error() != null) {
                throw new IllegalStateException(def.error());
            }
            int call = count == Count.PER_INSTANCE ? calls.getAndIncrement() : answered(run, def.name());
            return results.isEmpty() ? "" : results.get(Math.min(call, results.size() - 1));
        });
    }

    /** The successful results of this tool in the run so far: the calls it answered before this one. */
    private static int answered(RunContext run, String tool) {
        int answered = 0;
        for (Message message : run.transcript()) {
            if (message instanceof Message.ToolResult result && !result.error() && tool.equals(result.toolName())) {
                answered++;
            }
        }
        return answered;
    }
}
