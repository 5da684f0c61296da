package dev.terminus.cli.scenario;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentHook;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.HookDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.agent.Tool;
import dev.terminus.agent.UserTurn;
import dev.terminus.agent.control.Handle;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.cli.scenario.Scenario.HookDef;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * Turns a {@link Scenario} into a real {@link Agent} (a {@link ScriptedModel}, tools, hooks, a user simulator) and
 * runs it. Everything a file can get wrong is reported as a {@link ScenarioException} naming the field.
 */
public final class ScenarioAgent {
    private final Scenario scenario;
    private final Agent agent;
    private final @Nullable ScriptedModel model;
    private final ScenarioAgents team;

    private ScenarioAgent(Scenario scenario, Agent agent, @Nullable ScriptedModel model, ScenarioAgents team) {
        this.scenario = scenario;
        this.agent = agent;
        this.model = model;
        this.team = team;
    }

    /**
     * @param scenario a scenario as read
     * @return the agent it describes
     * @throws ScenarioException naming the field that cannot work
     */
    public static ScenarioAgent of(Scenario scenario) throws ScenarioException {
        return of(scenario, 0);
    }

    /**
     * @param scenario a scenario as read
     * @param scriptStep the script step the model answers from first (to continue a resumed run where it paused)
     * @return the agent it describes
     * @throws ScenarioException naming the field that cannot work
     */
    public static ScenarioAgent of(Scenario scenario, int scriptStep) throws ScenarioException {
        return of(scenario, scriptStep, List.of());
    }

    /**
     * @param scenario a scenario as read
     * @param scriptStep the script step the model answers from first
     * @param listeners listeners of the runs (telemetry)
     * @return the agent it describes
     * @throws ScenarioException naming the field that cannot work
     */
    public static ScenarioAgent of(Scenario scenario, int scriptStep, List<AgentListener> listeners)
            throws ScenarioException {
        ScenarioServers.refuseIn(scenario);
        return of(scenario, scriptStep, listeners, List.of());
    }

    /**
     * @param scenario a scenario as read
     * @param scriptStep the script step the model answers from first
     * @param listeners listeners of the runs (telemetry)
     * @param mcpTools the tools of the scenario's MCP servers, started by {@link ScenarioServers}
     * @return the agent it describes, offering the scenario's tools and then the MCP tools
     * @throws ScenarioException naming the field that cannot work
     */
    public static ScenarioAgent of(Scenario scenario, int scriptStep, List<AgentListener> listeners,
            List<Tool> mcpTools) throws ScenarioException {
        return of(scenario, scriptStep, Map.of(), listeners, mcpTools);
    }

    /**
     * @param scenario a scenario as read
     * @param scriptStep the script step the model answers from first
     * @param agentSteps for named agents ({@code agents}), the script step each one's model answers from first, by
     *     name (0 for one not given)
     * @param listeners listeners of the runs (telemetry)
     * @param mcpTools the tools of the scenario's MCP servers, started by {@link ScenarioServers}
     * @return the agent it describes, offering the scenario's tools and then the MCP tools
     * @throws ScenarioException naming the field that cannot work
     */
    public static ScenarioAgent of(Scenario scenario, int scriptStep, Map<String, Integer> agentSteps,
            List<AgentListener> listeners, List<Tool> mcpTools) throws ScenarioException {
        if (scenario.script() == null) {
            throw new ScenarioException("\"script\" is required (or run the scenario with --provider, so a real model"
                    + " answers)");
        }
        ScriptedModel model = ScenarioScript.model(scenario, scriptStep);
        ScenarioAgents.check(scenario);
        ScenarioAgents team = ScenarioAgents.build(scenario, null, agentSteps, listeners);
        return build(scenario, model, ScenarioTools.with(scenario, mcpTools, team), null, model, listeners, team);
    }

    /**
     * The agent a scenario describes, answered by a real model instead of its script (the script, if any, is unused).
     *
     * @param scenario a scenario as read
     * @param model the model
     * @param listeners listeners of the runs (telemetry)
     * @return the agent
     * @throws ScenarioException naming the field that cannot work
     */
    public static ScenarioAgent withModel(Scenario scenario, Model model, List<AgentListener> listeners)
            throws ScenarioException {
        ScenarioServers.refuseIn(scenario);
        return withModel(scenario, model, listeners, List.of());
    }

    /**
     * The agent a scenario describes, answered by a real model, offering the tools of its MCP servers too.
     *
     * @param scenario a scenario as read
     * @param model the model
     * @param listeners listeners of the runs (telemetry)
     * @param mcpTools the tools of the scenario's MCP servers, started by {@link ScenarioServers}
     * @return the agent
     * @throws ScenarioException naming the field that cannot work
     */
    public static ScenarioAgent withModel(Scenario scenario, Model model, List<AgentListener> listeners,
            List<Tool> mcpTools) throws ScenarioException {
        ScenarioAgents.check(scenario);
        ScenarioAgents team = ScenarioAgents.build(scenario, model, Map.of(), listeners);
        return build(scenario, model, ScenarioTools.with(scenario, mcpTools, team), null, null, listeners, team);
    }

    /**
     * The agent a scenario describes, built on given materials: a Temporal workflow's model and tools (whose calls
     * are activities) and its clock. The scenario's script and tools are not played here but where the materials'
     * calls go. The named agents its tools run and its run is handed to come from {@code agents}, built on
     * materials of their own, so that the whole tree runs in the workflow.
     *
     * @param scenario a scenario as read
     * @param model the model
     * @param tools the scenario's tools that are not agents ({@link ScenarioTools#scripted}, or stand-ins with their
     *     specs), in the file's order, then its MCP servers' tools
     * @param clock the clock the agent reads its time from
     * @param agents the scenario's named agents, by name
     * @return the agent
     * @throws ScenarioException naming the field that cannot work
     */
    public static ScenarioAgent on(Scenario scenario, Model model, List<Tool> tools, RunClock clock,
            java.util.function.Function<String, Agent> agents) throws ScenarioException {
        ScenarioAgents.check(scenario);
        ScenarioAgents team = ScenarioAgents.elsewhere(scenario, agents);
        return build(scenario, model, ScenarioTools.around(scenario, tools, team), clock, null, List.of(), team);
    }

    private static ScenarioAgent build(Scenario scenario, Model model, List<Tool> tools, @Nullable RunClock clock,
            @Nullable ScriptedModel scripted, List<AgentListener> listeners, ScenarioAgents team)
            throws ScenarioException {
        return new ScenarioAgent(scenario, assemble(scenario, null, model, tools, clock, listeners, team), scripted,
                team);
    }

    /**
     * The agent a scenario (or a named agent of one) describes, on its model and tools.
     *
     * @param scenario a scenario, or a named agent of one
     * @param name the agent's name, or null for one made from the scenario's
     * @param model its model
     * @param tools its tools, in the file's order
     * @param clock the clock it reads its time from, or null for the system's
     * @param listeners listeners of its runs
     * @param team the file's named agents, which its handoffs name
     * @return the agent
     * @throws ScenarioException naming the field that cannot work
     */
    static Agent assemble(Scenario scenario, @Nullable String name, Model model, List<Tool> tools,
            @Nullable RunClock clock, List<AgentListener> listeners, ScenarioAgents team) throws ScenarioException {
        try {
            return assembleChecked(scenario, name, model, tools, clock, listeners, team);
        } catch (IllegalArgumentException | NullPointerException e) {
            // the builders' own checks, whose messages name the value (a tool registered twice, a missing name); what
            // the builder calls requireApproval the file calls approvals
            throw new ScenarioException(String.valueOf(e.getMessage()).replace("requireApproval names",
                    "approvals: names"));
        }
    }

    private static Agent assembleChecked(Scenario scenario, @Nullable String name, Model model, List<Tool> tools,
            @Nullable RunClock clock, List<AgentListener> listeners, ScenarioAgents team) throws ScenarioException {
        AgentBuilder builder = Agent.builder(model).config(ScenarioConfig.of(scenario, name));
        if (clock != null) {
            builder.clock(clock);
        }
        listeners.forEach(builder::listener);
        ScenarioRules.apply(scenario, builder);
        tools.forEach(builder::tool);
        List<HookDef> hooks = scenario.hooks() == null ? List.of() : scenario.hooks();
        for (int i = 0; i < hooks.size(); i++) {
            builder.hook(hook(hooks.get(i), "hooks[" + i + "]"));
        }
        if (scenario.completion() != null) {
            String tool = scenario.completion().whenToolCalled();
            String check = scenario.completion().check() == null ? "AFTER_ITERATION" : scenario.completion().check();
            builder.completeWhen(run -> called(run, tool), enumOf(CompletionCheck.class, check, "completion.check"));
        }
        if (scenario.user() != null) {
            List<String> replies = scenario.user().replies() == null ? List.of() : scenario.user().replies();
            String stop = scenario.user().stopToken();
            AtomicInteger said = new AtomicInteger();
            builder.userSimulator((run, answer) -> said.get() < replies.size()
                    ? UserTurn.reply(replies.get(said.getAndIncrement())) : UserTurn.satisfied(stop));
        }
        for (String handoff : scenario.handoffs() == null ? List.<String>of() : scenario.handoffs()) {
            // lazy: two agents may hand the run to each other
            builder.handoff(handoff, null, () -> team.agent(handoff));
        }
        if (scenario.limits() != null && scenario.limits().maxHandoffs() != null) {
            builder.maxHandoffs(scenario.limits().maxHandoffs());
        }
        return builder.build();
    }

    /**
     * A scenario's scripted model on its own (a model-as-judge, say).
     *
     * @param scenario the scenario; only its model and script are used
     * @return the model
     * @throws ScenarioException naming the step that cannot work
     */
    public static ScriptedModel scriptedModel(Scenario scenario) throws ScenarioException {
        return scriptedModel(scenario, 0);
    }

    /**
     * @param scenario the scenario; only its model and script are used
     * @param scriptStep the step the model answers from first (delays count as steps)
     * @return its scripted model, started there
     * @throws ScenarioException naming the step that cannot work
     */
    public static ScriptedModel scriptedModel(Scenario scenario, int scriptStep) throws ScenarioException {
        if (scenario.script() == null) {
            throw new ScenarioException("\"script\" is required");
        }
        return ScenarioScript.model(scenario, scriptStep);
    }

    /**
     * @param scenario the scenario, or a named agent of one; only its model and script are used
     * @param scriptStep the step the model answers from first (delays count as steps)
     * @param callIdPrefix what its tool calls' ids start with (a named agent's: its name and {@code _call_})
     * @return its scripted model, started there
     * @throws ScenarioException naming the step that cannot work
     */
    public static ScriptedModel scriptedModel(Scenario scenario, int scriptStep, String callIdPrefix)
            throws ScenarioException {
        if (scenario.script() == null) {
            throw new ScenarioException("\"script\" is required");
        }
        return ScenarioScript.model(scenario, scriptStep, callIdPrefix);
    }

    /** @return the scenario's name, or its task when it has none */
    public String name() {
        return scenario.name() != null ? scenario.name() : scenario.task();
    }

    /** @return the case the scenario expects to end with, if it says */
    public @Nullable String expect() {
        return scenario.expect();
    }

    /** @return the agent */
    public Agent agent() {
        return agent;
    }

    /**
     * Runs the task; when the scenario says {@code cancelAfterMs}, cancels it then. An interrupt of this thread
     * cancels the run ({@code Cancelled("thread-interrupt")}), which still returns its result, and is kept.
     *
     * @return the result
     */
    public RunResult run() {
        if (scenario.cancelAfterMs() == null) {
            return agent.run(scenario.task());
        }
        RunHandle handle = agent.start(scenario.task());
        try {
            if (handle.await(Duration.ofMillis(scenario.cancelAfterMs())).isEmpty()) {
                handle.cancel("terminus run");
            }
        } catch (InterruptedException e) {
            handle.cancel(Termination.Cancelled.THREAD_INTERRUPT);
            Thread.currentThread().interrupt();
        }
        return Handle.awaitCancellingOnInterrupt(handle);
    }

    /**
     * Starts the task and streams its events ({@link Agent#stream(String)}); when the scenario says
     * {@code cancelAfterMs}, cancels it then.
     *
     * @return the run's events, the last carrying its result
     */
    public RunStream stream() {
        RunStream stream = agent.stream(scenario.task());
        Long cancelAfterMs = scenario.cancelAfterMs();
        if (cancelAfterMs != null) {
            Thread.ofVirtual().name("terminus-cancel-after").start(() -> {
                try {
                    Thread.sleep(cancelAfterMs);
                } catch (InterruptedException e) {
                    return;
                }
                if (!stream.isDone()) {
                    stream.cancel("terminus run");
                }
            });
        }
        return stream;
    }

    /**
     * Continues a run of this scenario that paused at an approval gate.
     *
     * @param checkpoint the paused run
     * @param decision the decision on its pending call
     * @return the result
     */
    public RunResult resume(Checkpoint checkpoint, GateDecision decision) {
        return agent.resume(checkpoint, decision);
    }

    /** @return how many steps of the script the model has played (a checkpoint keeps it, to resume from there) */
    public int scriptStepsTaken() {
        return model == null ? 0 : model.stepsTaken();
    }

    /** @return the scenario's named agents ({@code agents}), as built for this agent's runs */
    public ScenarioAgents agents() {
        return team;
    }

    private static boolean called(RunContext run, String tool) {
        for (Message message : run.transcript()) {
            if (message instanceof Message.ToolResult result && !result.error() && tool.equals(result.toolName())) {
                return true;
            }
        }
        return false;
    }

    /** The provider error a scenario names, as the scripted model raises it. */
    static Exception providerError(String error, @Nullable Integer status, String at) throws ScenarioException {
        String message = "scripted " + error;
        return switch (error) {
            case "rate_limit" -> new ModelException.RateLimited("429 " + message, null);
            case "server_error" -> new ModelException.ServerError(status == null ? 500 : status, message, null);
            case "timeout" -> new ModelException.Timeout(message, null);
            case "auth" -> new ModelException.AuthenticationFailed(status == null ? 401 : status, message, null);
            case "context_length" -> new ModelException.ContextLengthExceeded(null, null, message, null);
            case "refused" -> new ModelException.Refused("refusal", message, null);
            case "crash" -> new IllegalStateException(message);
            default -> throw new ScenarioException(at + ": unknown error \"" + error + "\" (known: rate_limit,"
                    + " server_error, timeout, auth, context_length, refused, crash)");
        };
    }

    private static AgentHook hook(HookDef def, String at) throws ScenarioException {
        if (!List.of("before-model", "after-model", "before-tool", "after-tool").contains(def.at())) {
            throw new ScenarioException(at + ".at: \"" + def.at() + "\" is not one of before-model, after-model,"
                    + " before-tool, after-tool");
        }
        return new AgentHook() {
            private HookDecision decide(RunContext run, @Nullable String tool, String where) {
                boolean applies = def.at().equals(where)
                        && (def.iteration() == null || def.iteration() == run.iteration())
                        && (def.tool() == null || def.tool().equals(tool));
                return applies ? HookDecision.halt(def.halt()) : HookDecision.proceed();
            }

            @Override public HookDecision beforeModel(RunContext run, ModelRequest request) {
                return decide(run, null, "before-model");
            }
            @Override public HookDecision afterModel(RunContext run, ModelResponse response) {
                return decide(run, null, "after-model");
            }
            @Override public HookDecision beforeTool(RunContext run, ToolCall call) {
                return decide(run, call.name(), "before-tool");
            }
            @Override public HookDecision afterTool(RunContext run, ToolCall call, Message.ToolResult result) {
                return decide(run, call.name(), "after-tool");
            }
        };
    }

    static <E extends Enum<E>> E enumOf(Class<E> type, String value, String at) throws ScenarioException {
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(value)) {
                return constant;
            }
        }
        List<String> known = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            known.add(constant.name().toLowerCase(java.util.Locale.ROOT));
        }
        throw new ScenarioException(at + ": \"" + value + "\" is not one of " + String.join(", ", known));
    }

    /** Something that builds a value and may refuse its input. */
    @FunctionalInterface
    interface Build<T> {
        T get();
    }

    static <T> T at(String where, Build<T> build) throws ScenarioException {
        try {
            return build.get();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new ScenarioException(where + ": " + e.getMessage());
        }
    }
}
