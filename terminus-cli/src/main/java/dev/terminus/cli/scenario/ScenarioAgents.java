package dev.terminus.cli.scenario;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.Tool;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.cli.scenario.Scenario.ToolDef;
import dev.terminus.scripted.ScriptedModel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The named agents of a scenario file ({@code "agents"}): each a scenario without its task, offered to a run as a
 * tool ({@code {"name": ..., "agent": "NAME"}}, a child run per call) or as an agent the run may be handed to
 * ({@code "handoffs": ["NAME"]}). The file is checked as a whole before anything runs: the agents' names, the fields
 * a named agent cannot have, the agents that tools and handoffs name, tools that would both run an agent and answer
 * as scripted, and agents that would call each other as tools without end (handoffs that go round are bounded by
 * {@code limits.maxHandoffs}). Each named agent is then built once, its scripted model's tool-call ids starting with
 * its name ({@code NAME_call_1}), so that no two agents' ids meet in one transcript.
 */
public final class ScenarioAgents {
    /** A named agent's name: it names its {@code transfer_to_<name>} tool, whose name is at most 64 characters. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,52}");

    /** The fields a tool that runs an agent cannot have: its answer is the agent's, its arguments {@code task}. */
    private static final List<String> SCRIPTED_TOOL_FIELDS = List.of("parameters", "result", "results", "error",
            "halt", "hang", "delayMs");

    /** The fields of a scenario, to say a named agent's errors as paths ({@code agents.NAME.limits...}). */
    private static final Set<String> FIELDS = Arrays.stream(Scenario.class.getRecordComponents())
            .map(java.lang.reflect.RecordComponent::getName).collect(Collectors.toUnmodifiableSet());

    private final Map<String, Agent> agents = new LinkedHashMap<>();
    private final Map<String, ScriptedModel> scripts = new LinkedHashMap<>();
    private final Map<String, Scenario> definitions;
    private final @Nullable Function<String, Agent> elsewhere;

    private ScenarioAgents(Map<String, Scenario> definitions, @Nullable Function<String, Agent> elsewhere) {
        this.definitions = definitions;
        this.elsewhere = elsewhere;
    }

    /**
     * Checks the named agents of a scenario and every reference to them; refuses what cannot work, naming the field
     * and the bad value.
     *
     * @param scenario a scenario as read
     * @throws ScenarioException naming the field and the bad value
     */
    public static void check(Scenario scenario) throws ScenarioException {
        Map<String, Scenario> named = named(scenario);
        for (Map.Entry<String, Scenario> entry : named.entrySet()) {
            String name = entry.getKey();
            if (!NAME.matcher(name).matches()) {
                throw new ScenarioException("agents: a name is 1 to 52 letters, digits, _ or - (it names the tool"
                        + " transfer_to_<name>), was \"" + name + "\"");
            }
            if (entry.getValue() == null) {
                throw new ScenarioException("agents." + name + ": an agent is an object (a scenario without its"
                        + " task), was null");
            }
            refuseInNamed(name, entry.getValue());
        }
        references("", scenario, named);
        for (Map.Entry<String, Scenario> entry : named.entrySet()) {
            references("agents." + entry.getKey() + ".", entry.getValue(), named);
        }
        String path = toolCycle(named);
        if (path != null) {
            throw new ScenarioException("agents: " + path + " call each other as tools without a depth limit"
                    + (path.contains(" => ") ? " (->: calls as a tool; =>: hands its run to)" : ""));
        }
    }

    /**
     * The agent a named agent of a scenario describes, built on given materials (a Temporal workflow's model and
     * tools, whose calls are activities, and its clock), the agents it calls as tools or hands its run to built
     * elsewhere (by the workflow's materials, each on materials of its own).
     *
     * @param scenario a scenario as read and checked ({@link #check})
     * @param name the named agent's name, checked to exist
     * @param model its model
     * @param tools its tools that are not agents, in the file's order ({@link ScenarioTools#scripted})
     * @param clock the clock it reads its time from
     * @param agents the file's named agents, by name
     * @return the agent
     * @throws ScenarioException naming the agent's field that cannot work
     */
    public static Agent on(Scenario scenario, String name, Model model, List<Tool> tools, RunClock clock,
            Function<String, Agent> agents) throws ScenarioException {
        ScenarioAgents team = elsewhere(scenario, agents);
        Scenario definition = team.definitions.get(name);
        try {
            return ScenarioAgent.assemble(definition, name, model, ScenarioTools.around(definition, tools, team), clock,
                    List.of(), team);
        } catch (ScenarioException e) {
            throw new ScenarioException(at(name, e.getMessage()));
        }
    }

    /**
     * @param scenario a scenario as read and checked
     * @param agents builds each named agent, by name
     * @return its named agents, each built by {@code agents} when first asked for
     */
    static ScenarioAgents elsewhere(Scenario scenario, Function<String, Agent> agents) {
        return new ScenarioAgents(named(scenario), agents);
    }

    /**
     * Builds every named agent of a checked scenario ({@link #check}).
     *
     * @param scenario a scenario as read and checked
     * @param model the model every agent calls, or null for each agent's own script
     * @param steps the script step each agent's model answers from first, by name (0 for one not given)
     * @param listeners listeners of the agents' runs (telemetry)
     * @return the agents, by name
     * @throws ScenarioException naming the agent's field that cannot work
     */
    static ScenarioAgents build(Scenario scenario, @Nullable Model model, Map<String, Integer> steps,
            List<AgentListener> listeners) throws ScenarioException {
        ScenarioAgents team = new ScenarioAgents(named(scenario), null);
        for (String name : team.definitions.keySet()) {
            team.build(name, model, steps, listeners);
        }
        return team;
    }

    /** Builds an agent after the agents it calls as tools (they do not call each other in a cycle: checked). */
    private Agent build(String name, @Nullable Model model, Map<String, Integer> steps,
            List<AgentListener> listeners) throws ScenarioException {
        Agent built = agents.get(name);
        if (built != null) {
            return built;
        }
        Scenario definition = definitions.get(name);
        for (ToolDef tool : definition.tools() == null ? List.<ToolDef>of() : definition.tools()) {
            if (tool.agent() != null) {
                build(tool.agent(), model, steps, listeners);
            }
        }
        try {
            Model answering = model;
            if (answering == null) {
                if (definition.script() == null) {
                    throw new ScenarioException("script: is required (or run the scenario with --provider, so a real"
                            + " model answers)");
                }
                ScriptedModel script = ScenarioScript.model(definition, steps.getOrDefault(name, 0), name + "_call_");
                scripts.put(name, script);
                answering = script;
            }
            built = ScenarioAgent.assemble(definition, name, answering, ScenarioTools.of(definition,
                    ScenarioTools.Count.PER_INSTANCE, this), null, listeners, this);
        } catch (ScenarioException e) {
            throw new ScenarioException(at(name, e.getMessage()));
        }
        agents.put(name, built);
        return built;
    }

    /**
     * @param name a named agent's name, checked to exist
     * @return the agent
     */
    Agent agent(String name) {
        if (elsewhere != null) {
            return elsewhere.apply(name);
        }
        Agent agent = agents.get(name);
        if (agent == null) {
            throw new IllegalStateException("the agent \"" + name + "\" is not built: its name was not checked");
        }
        return agent;
    }

    /** @return how many steps of its script each named agent's model has played, by name (with a script only) */
    public Map<String, Integer> scriptStepsTaken() {
        Map<String, Integer> taken = new LinkedHashMap<>();
        scripts.forEach((name, script) -> taken.put(name, script.stepsTaken()));
        return taken;
    }

    /** @return the expected end of each named agent that gives one ({@code expect}), by name */
    public Map<String, String> expected() {
        Map<String, String> expected = new HashMap<>();
        definitions.forEach((name, definition) -> {
            if (definition.expect() != null) {
                expected.put(name, definition.expect());
            }
        });
        return expected;
    }

    private static Map<String, Scenario> named(Scenario scenario) {
        return scenario.agents() == null ? Map.of() : scenario.agents();
    }

    /** The fields of a scenario that belong to the run, not to an agent, refused in a named agent. */
    private static void refuseInNamed(String name, Scenario agent) throws ScenarioException {
        String at = "agents." + name + ".";
        if (agent.task() != null) {
            throw new ScenarioException(at + "task: a named agent's task is given by its caller (the \"task\" of a"
                    + " tool call, or the conversation handed to it), was \"" + agent.task() + "\"");
        }
        if (agent.name() != null) {
            throw new ScenarioException(at + "name: a named agent is named by its key (\"" + name + "\"), was \""
                    + agent.name() + "\"");
        }
        if (agent.agents() != null) {
            throw new ScenarioException(at + "agents: agents are named at the top of the file only, was "
                    + agent.agents().keySet());
        }
        if (agent.cancelAfterMs() != null) {
            throw new ScenarioException(at + "cancelAfterMs: a run is cancelled from the top of the file only, was "
                    + agent.cancelAfterMs());
        }
        if (agent.mcpServers() != null || agent.mcpNaming() != null) {
            throw new ScenarioException(at + (agent.mcpServers() != null ? "mcpServers" : "mcpNaming")
                    + ": only the scenario's own agent offers the tools of MCP servers, was "
                    + (agent.mcpServers() != null ? agent.mcpServers().keySet() : "\"" + agent.mcpNaming() + "\""));
        }
    }

    /** Checks the agents an agent's tools and handoffs name, and its tools that run an agent. */
    private static void references(String at, Scenario agent, Map<String, Scenario> named) throws ScenarioException {
        List<ToolDef> tools = agent.tools() == null ? List.of() : agent.tools();
        for (int i = 0; i < tools.size(); i++) {
            ToolDef tool = tools.get(i);
            if (tool.agent() == null) {
                continue;
            }
            known(at + "tools[" + i + "].agent", tool.agent(), named);
            String scripted = scriptedField(tool);
            if (scripted != null) {
                throw new ScenarioException(at + "tools[" + i + "]." + scripted + ": a tool that runs an agent (\"agent\":"
                        + " \"" + tool.agent() + "\") takes {\"task\": ...} and answers with the agent's answer, so it"
                        + " has no \"" + scripted + "\"");
            }
        }
        List<String> handoffs = agent.handoffs() == null ? List.of() : agent.handoffs();
        for (int i = 0; i < handoffs.size(); i++) {
            known(at + "handoffs[" + i + "]", handoffs.get(i), named);
        }
        if (agent.limits() != null && agent.limits().maxHandoffs() != null && agent.limits().maxHandoffs() < 0) {
            throw new ScenarioException(at + "limits.maxHandoffs: must be >= 0, was " + agent.limits().maxHandoffs());
        }
    }

    private static void known(String at, String name, Map<String, Scenario> named) throws ScenarioException {
        if (!named.containsKey(name)) {
            throw new ScenarioException(at + ": unknown agent \"" + name + "\" (" + (named.isEmpty()
                    ? "the file names no \"agents\")" : "known: " + String.join(", ", named.keySet()) + ")"));
        }
    }

    private static @Nullable String scriptedField(ToolDef tool) {
        List<@Nullable Object> values = new ArrayList<>(Arrays.asList(tool.parameters(), tool.result(),
                tool.results(), tool.error(), tool.halt(), tool.hang(), tool.delayMs()));
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) != null) {
                return SCRIPTED_TOOL_FIELDS.get(i);
            }
        }
        return null;
    }

    /** A named agent's error as a path from the top: {@code agents.NAME.limits: ...}, or {@code agents.NAME: ...}. */
    private static String at(String name, String message) {
        int end = 0;
        while (end < message.length() && Character.isLetter(message.charAt(end))) {
            end++;
        }
        boolean field = FIELDS.contains(message.substring(0, end)) && end < message.length()
                && ".[:".indexOf(message.charAt(end)) >= 0;
        return "agents." + name + (field ? "." : ": ") + message;
    }

    /** An edge of the named agents' graph: an agent the agent calls as a tool, or hands its run to. */
    private record Edge(String to, boolean tool) {}

    /**
     * The first cycle, in the file's order, through which an agent may call itself as a tool at an ever deeper level
     * (a tool's agent that calls back as a tool, or hands its run to an agent that does): {@code a -> b -> a}, a
     * handoff written {@code =>}; null when there is none.
     */
    private static @Nullable String toolCycle(Map<String, Scenario> named) {
        Map<String, List<Edge>> edges = new LinkedHashMap<>();
        named.forEach((name, agent) -> {
            List<Edge> out = new ArrayList<>();
            for (ToolDef tool : agent.tools() == null ? List.<ToolDef>of() : agent.tools()) {
                if (tool.agent() != null) {
                    out.add(new Edge(tool.agent(), true));
                }
            }
            for (String handoff : agent.handoffs() == null ? List.<String>of() : agent.handoffs()) {
                out.add(new Edge(handoff, false));
            }
            edges.put(name, out);
        });
        for (Map.Entry<String, List<Edge>> entry : edges.entrySet()) {
            for (Edge edge : entry.getValue()) {
                String back = edge.tool() ? path(edges, edge.to(), entry.getKey()) : null;
                if (back != null) {
                    return entry.getKey() + " -> " + back;
                }
            }
        }
        return null;
    }

    /** The shortest path from one agent to another, as {@code b -> c => a}; null when there is none. */
    private static @Nullable String path(Map<String, List<Edge>> edges, String from, String to) {
        Map<String, String> reachedFrom = new HashMap<>();
        Map<String, Boolean> reachedByTool = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(from));
        reachedFrom.put(from, from);
        while (!queue.isEmpty()) {
            String at = queue.removeFirst();
            if (at.equals(to)) {
                StringBuilder path = new StringBuilder(at);
                for (String node = at; !node.equals(from); node = reachedFrom.get(node)) {
                    path.insert(0, reachedFrom.get(node) + (reachedByTool.get(node) ? " -> " : " => "));
                }
                return path.toString();
            }
            for (Edge edge : edges.getOrDefault(at, List.of())) {
                if (reachedFrom.putIfAbsent(edge.to(), at) == null) {
                    reachedByTool.put(edge.to(), edge.tool());
                    queue.addLast(edge.to());
                }
            }
        }
        return null;
    }
}
