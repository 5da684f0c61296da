package dev.terminus.agent;

import dev.terminus.Preconditions;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.internal.AgentSpec;
import dev.terminus.agent.internal.RunRules;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.OutputValidator;
import dev.terminus.agent.spi.ToolSpec;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Builds an {@link Agent}. Every setting of {@link AgentConfig} is set here too, by the same name (name, system
 * prompt, caps, budgets, guards, budget pressure, streaming, structured-output repairs); an {@link AgentConfig} given
 * to {@link #config} is for settings several agents share. The two combine in one way, whatever the order of the
 * calls: a setting set on this builder wins over the config's. Each value is checked, when set, by
 * {@link AgentConfig.Builder}, to which this builder hands it, so a refusal names the setting as that builder does.
 *
 * {@snippet :
 * AgentConfig shared = AgentConfig.custom().maxIterations(10).withoutStallThreshold().build();
 * Agent researcher = Agent.builder(model)
 *         .config(shared)                    // maxIterations 10, no stall guard
 *         .name("researcher")
 *         .maxIterations(20)                 // wins over the config's 10
 *         .build();
 * }
 */
public final class AgentBuilder {
    private final Model model;
    private AgentConfig.Builder settings = AgentConfig.custom();
    private final List<Consumer<AgentConfig.Builder>> changes = new ArrayList<>();
    private final Map<String, Tool> tools = new LinkedHashMap<>();
    private int maxHandoffs = dev.terminus.agent.internal.AgentSpec.DEFAULT_MAX_HANDOFFS;
    private final List<AgentHook> hooks = new ArrayList<>();
    private final List<AgentListener> listeners = new ArrayList<>();
    private @Nullable UserSimulator userSimulator;
    private @Nullable Predicate<RunContext> completion;
    private CompletionCheck completionCheck = CompletionCheck.AFTER_ITERATION;
    private @Nullable OutputValidator outputValidator;
    private @Nullable Compaction compaction;
    private final Map<String, Predicate<Map<String, @Nullable Object>>> approvals = new LinkedHashMap<>();
    private final List<SuccessCriterion> criteria = new ArrayList<>();
    private final List<Invariant> invariants = new ArrayList<>();
    private @Nullable PromotionGate promotionGate;
    private RunClock clock = RunClock.system();

    AgentBuilder(Model model) {
        this.model = Preconditions.notNull(model, "model");
    }

    /**
     * The clock the agent's runs read their time from and wait on: the deadline, the interrupt grace, retry
     * backoffs, per-tool timeouts and every duration reported. A test hands a manual clock to drive time; the
     * default is {@link RunClock#system()}.
     *
     * @param clock the clock
     * @return this builder
     */
    public AgentBuilder clock(RunClock clock) {
        this.clock = Preconditions.notNull(clock, "clock");
        return this;
    }

    /**
     * Starts the agent's settings from a config instead of the defaults: a config given again replaces the one
     * before, and the settings set on this builder, before or after, stay set over it.
     *
     * @param config the settings to start from
     * @return this builder
     */
    public AgentBuilder config(AgentConfig config) {
        AgentConfig.Builder settings = AgentConfig.from(Preconditions.notNull(config, "config"));
        changes.forEach(change -> change.accept(settings));
        this.settings = settings;
        return this;
    }

    /** @param name the agent's name, for events, terminations and telemetry; not blank @return this builder */
    public AgentBuilder name(String name) {
        return set(c -> c.name(name));
    }

    /** @param systemPrompt the system prompt; not blank (none by default) @return this builder */
    public AgentBuilder systemPrompt(String systemPrompt) {
        return set(c -> c.systemPrompt(systemPrompt));
    }

    /**
     * @param maxIterations the iteration cap, at least 1 ({@value AgentConfig#DEFAULT_MAX_ITERATIONS} by default)
     * @return this builder
     */
    public AgentBuilder maxIterations(int maxIterations) {
        return set(c -> c.maxIterations(maxIterations));
    }

    /** @param maxToolCalls the tool-call cap, at least 0 (0 allows none; no cap by default) @return this builder */
    public AgentBuilder maxToolCalls(int maxToolCalls) {
        return set(c -> c.maxToolCalls(maxToolCalls));
    }

    /** @param tokenBudget the token caps ({@link TokenBudget#UNLIMITED} by default) @return this builder */
    public AgentBuilder tokenBudget(TokenBudget tokenBudget) {
        return set(c -> c.tokenBudget(tokenBudget));
    }

    /**
     * @param costBudgetUsd the cost ceiling in US dollars, above 0 (none by default); the model needs a price in
     *     {@link #prices}
     * @return this builder
     */
    public AgentBuilder costBudgetUsd(BigDecimal costBudgetUsd) {
        return set(c -> c.costBudgetUsd(costBudgetUsd));
    }

    /** @param prices the model prices, for cost accounting and the cost budget @return this builder */
    public AgentBuilder prices(PriceTable prices) {
        return set(c -> c.prices(prices));
    }

    /** @param timeBudget the wall-clock budget, above 0 (none by default) @return this builder */
    public AgentBuilder timeBudget(Duration timeBudget) {
        return set(c -> c.timeBudget(timeBudget));
    }

    /** @param toolTimeout the longest a tool call may take, above 0 (no limit by default) @return this builder */
    public AgentBuilder toolTimeout(Duration toolTimeout) {
        return set(c -> c.toolTimeout(toolTimeout));
    }

    /** @param retryPolicy how transient model failures are retried @return this builder */
    public AgentBuilder retryPolicy(RetryPolicy retryPolicy) {
        return set(c -> c.retryPolicy(retryPolicy));
    }

    /** @param grace as {@link AgentConfig.Builder#interruptGrace} @return this builder */
    public AgentBuilder interruptGrace(Duration grace) { return set(c -> c.interruptGrace(grace)); }

    /** @param how as {@link AgentConfig.Builder#timeBudgetEnforcement} @return this builder */
    public AgentBuilder timeBudgetEnforcement(TimeBudgetEnforcement how) {
        return set(c -> c.timeBudgetEnforcement(how));
    }

    /** @param at as {@link AgentConfig.Builder#budgetPressureThreshold} @return this builder */
    public AgentBuilder budgetPressureThreshold(double at) { return set(c -> c.budgetPressureThreshold(at)); }

    /** @param text as {@link AgentConfig.Builder#budgetPressureInstruction} @return this builder */
    public AgentBuilder budgetPressureInstruction(String text) { return set(c -> c.budgetPressureInstruction(text)); }

    /** @param threshold as {@link AgentConfig.Builder#noProgressThreshold} @return this builder */
    public AgentBuilder noProgressThreshold(int threshold) { return set(c -> c.noProgressThreshold(threshold)); }

    /** As {@link AgentConfig.Builder#withoutNoProgressThreshold}. @return this builder */
    public AgentBuilder withoutNoProgressThreshold() { return set(AgentConfig.Builder::withoutNoProgressThreshold); }

    /** @param threshold as {@link AgentConfig.Builder#stallThreshold} @return this builder */
    public AgentBuilder stallThreshold(int threshold) { return set(c -> c.stallThreshold(threshold)); }

    /** As {@link AgentConfig.Builder#withoutStallThreshold}. @return this builder */
    public AgentBuilder withoutStallThreshold() { return set(AgentConfig.Builder::withoutStallThreshold); }

    /** @param max as {@link AgentConfig.Builder#maxConsecutiveMistakes} @return this builder */
    public AgentBuilder maxConsecutiveMistakes(int max) { return set(c -> c.maxConsecutiveMistakes(max)); }

    /** As {@link AgentConfig.Builder#withoutMaxConsecutiveMistakes}. @return this builder */
    public AgentBuilder withoutMaxConsecutiveMistakes() {
        return set(AgentConfig.Builder::withoutMaxConsecutiveMistakes);
    }

    /** @param toolName as {@link AgentConfig.Builder#finalAnswerTool} @return this builder */
    public AgentBuilder finalAnswerTool(String toolName) { return set(c -> c.finalAnswerTool(toolName)); }

    /** @param parallel as {@link AgentConfig.Builder#parallelToolCalls} @return this builder */
    public AgentBuilder parallelToolCalls(boolean parallel) { return set(c -> c.parallelToolCalls(parallel)); }

    /** @param timeout as {@link AgentConfig.Builder#streamIdleTimeout} @return this builder */
    public AgentBuilder streamIdleTimeout(Duration timeout) { return set(c -> c.streamIdleTimeout(timeout)); }

    /** As {@link AgentConfig.Builder#withoutStreamIdleTimeout}. @return this builder */
    public AgentBuilder withoutStreamIdleTimeout() { return set(AgentConfig.Builder::withoutStreamIdleTimeout); }

    /** @param maxOutputTokens as {@link AgentConfig.Builder#maxOutputTokens} @return this builder */
    public AgentBuilder maxOutputTokens(int maxOutputTokens) { return set(c -> c.maxOutputTokens(maxOutputTokens)); }

    /** @param repairs as {@link AgentConfig.Builder#structuredOutputRepairs} @return this builder */
    public AgentBuilder structuredOutputRepairs(int repairs) { return set(c -> c.structuredOutputRepairs(repairs)); }

    /** Applies a change to the settings now, so a bad value fails here, and keeps it for a later config. */
    private AgentBuilder set(Consumer<AgentConfig.Builder> change) {
        change.accept(settings);
        changes.add(change);
        return this;
    }

    /** @param tool a tool; its name must be unique @return this builder */
    public AgentBuilder tool(Tool tool) {
        Preconditions.notNull(tool, "tool");
        String name = tool.spec().name();
        if (tools.containsKey(name)) {
            throw new IllegalArgumentException("tool \"" + name + "\" is registered twice");
        }
        tools.put(name, tool);
        return this;
    }

    /** @param tools tools, each with a unique name @return this builder */
    public AgentBuilder tools(Tool... tools) {
        for (Tool tool : tools) {
            tool(tool);
        }
        return this;
    }

    /** @param tools tools, each with a unique name @return this builder */
    public AgentBuilder tools(List<Tool> tools) {
        tools.forEach(this::tool);
        return this;
    }

    /**
     * Lets the model hand the run over to another agent: the agent is offered a {@code transfer_to_<name>} tool, and a
     * call of it makes the run go on, once the round of calls is over, with the other agent's system prompt, tools,
     * limits and model, and the transcript so far. The run's counts carry on (its iterations, tool calls, tokens,
     * cost and time), so the other agent's limits apply to the run's totals, and its result names the agent that
     * ended it ({@link RunResult#agentName()}). The run's listeners stay the first agent's. A run is handed over at
     * most {@link #maxHandoffs(int)} times: after the last handoff, the agent that has the run is offered no
     * {@code transfer_to_} tool, and a call of one is refused as a call of a tool it was not offered (a mistake).
     *
     * {@snippet :
     * // given: Model model; Agent billing
     * Agent triage = Agent.builder(model).name("triage").systemPrompt("Route the customer.").handoff(billing).build();
     * }
     *
     * @param agent the agent the run may be handed to; its name, which must be set, names the tool
     * @return this builder
     * @throws IllegalArgumentException when the agent has no name of its own
     */
    public AgentBuilder handoff(Agent agent) {
        Preconditions.notNull(agent, "agent");
        if (!agent.config().named()) {
            throw new IllegalArgumentException("handoff: the agent has no name, so its tool would be"
                    + " transfer_to_agent; give it one with Agent.builder(model).name(...)");
        }
        return handoff(agent.config().name(), null, () -> agent);
    }

    /**
     * As {@link #handoff(Agent)}, for an agent made later (two agents that hand the run to each other): the agent is
     * asked for at the first handoff to it, and must have the name given here.
     *
     * @param name the agent's name, which names the tool ({@code transfer_to_<name>})
     * @param description when the model should hand over, or null for a description made from the name
     * @param agent gives the agent
     * @return this builder
     */
    public AgentBuilder handoff(String name, @Nullable String description, java.util.function.Supplier<Agent> agent) {
        Preconditions.notNull(name, "name");
        Preconditions.notNull(agent, "agent");
        if (name.isBlank()) {
            throw new IllegalArgumentException("handoff name must not be blank, was \"" + name + "\"");
        }
        return tool(new dev.terminus.agent.internal.HandoffTool(name, description, agent));
    }

    /**
     * @param max how many times a run that starts with this agent may be handed from one agent to another, at least
     *     0 (10 by default)
     * @return this builder
     */
    public AgentBuilder maxHandoffs(int max) {
        if (max < 0) {
            throw new IllegalArgumentException("maxHandoffs must be >= 0, was " + max);
        }
        this.maxHandoffs = max;
        return this;
    }

    /** @param hook a hook, run after the ones added before it @return this builder */
    public AgentBuilder hook(AgentHook hook) {
        hooks.add(Preconditions.notNull(hook, "hook"));
        return this;
    }

    /** @param listener a listener of the runs' events @return this builder */
    public AgentBuilder listener(AgentListener listener) {
        listeners.add(Preconditions.notNull(listener, "listener"));
        return this;
    }

    /** @param simulator the user who answers the model's replies (none by default) @return this builder */
    public AgentBuilder userSimulator(UserSimulator simulator) {
        this.userSimulator = Preconditions.notNull(simulator, "userSimulator");
        return this;
    }

    /**
     * Ends runs as soon as a predicate over the run holds.
     *
     * @param predicate whether the work is done
     * @param check when to ask it
     * @return this builder
     */
    public AgentBuilder completeWhen(Predicate<RunContext> predicate, CompletionCheck check) {
        this.completion = Preconditions.notNull(predicate, "predicate");
        this.completionCheck = Preconditions.notNull(check, "check");
        return this;
    }

    /**
     * Requires the final answer to have a shape (structured output): the answer is checked when the model claims
     * it is done and repaired by re-prompting up to {@link AgentConfig#structuredOutputRepairs()} times; the
     * typed answer is {@link RunResult#structuredOutput()}.
     *
     * @param validator the shape, e.g. {@code JsonSchemaOutput.forRecord(Forecast.class)} of
     *     {@code terminus-jsonschema} (free text by default)
     * @return this builder
     */
    public AgentBuilder outputValidator(OutputValidator validator) {
        this.outputValidator = Preconditions.notNull(validator, "outputValidator");
        return this;
    }

    /**
     * @param compaction how to keep the transcript within the context window (none by default: a prompt the
     *     provider refuses as too long ends the run {@code PromptTooLong})
     * @return this builder
     */
    public AgentBuilder compaction(Compaction compaction) {
        this.compaction = Preconditions.notNull(compaction, "compaction");
        return this;
    }

    /**
     * Every call of a tool needs a person's approval: the run pauses {@code HitlGatePending} with a
     * {@link Checkpoint} and continues with {@link Agent#resume(Checkpoint, GateDecision)}.
     *
     * @param toolName the tool
     * @return this builder
     */
    public AgentBuilder requireApproval(String toolName) {
        return requireApproval(toolName, arguments -> true);
    }

    /**
     * The calls of a tool whose arguments match a predicate need a person's approval.
     *
     * @param toolName the tool
     * @param when whether a call with these arguments needs approval
     * @return this builder
     */
    public AgentBuilder requireApproval(String toolName, Predicate<Map<String, @Nullable Object>> when) {
        approvals.put(Preconditions.notNull(toolName, "toolName"), Preconditions.notNull(when, "when"));
        return this;
    }

    /** @param criterion a success criterion, evaluated after the ones added before it @return this builder */
    public AgentBuilder criterion(SuccessCriterion criterion) {
        criteria.add(Preconditions.notNull(criterion, "criterion"));
        return this;
    }

    /** @param invariant an invariant, checked after the ones added before it @return this builder */
    public AgentBuilder invariant(Invariant invariant) {
        invariants.add(Preconditions.notNull(invariant, "invariant"));
        return this;
    }

    /** @param gate the last check on a final answer (none by default) @return this builder */
    public AgentBuilder promotionGate(PromotionGate gate) {
        this.promotionGate = Preconditions.notNull(gate, "promotionGate");
        return this;
    }

    /**
     * @return the agent
     * @throws IllegalArgumentException when a cost budget is set but the model has no price, or an approval names
     *     a tool the agent does not have
     */
    public Agent build() {
        AgentConfig config = settings.build();
        if (config.costBudgetUsd().isPresent() && config.prices().priceOf(model.name()).isEmpty()) {
            throw new IllegalArgumentException("costBudgetUsd is set (" + config.costBudgetUsd().get()
                    + ") but prices has no price for model \"" + model.name() + "\": the budget could never be"
                    + " reached");
        }
        List<ToolSpec> specs = new ArrayList<>();
        tools.values().forEach(tool -> specs.add(tool.spec()));
        String finalTool = config.finalAnswerTool().orElse(null);
        if (finalTool != null && !tools.containsKey(finalTool)) {
            specs.add(new ToolSpec(finalTool, "Submit your final answer. Call this once, when you are done.",
                    Map.of("type", "object", "properties", Map.of("answer", Map.of("type", "string")),
                            "required", List.of("answer"))));
        }
        for (String gated : approvals.keySet()) {
            if (!tools.containsKey(gated)) {
                throw new IllegalArgumentException("requireApproval names tool \"" + gated
                        + "\", which the agent does not have; its tools: " + tools.keySet());
            }
        }
        RunRules rules = new RunRules(outputValidator, compaction, approvals, criteria, invariants, promotionGate);
        return new Agent(new AgentSpec(model, config, Collections.unmodifiableMap(new LinkedHashMap<>(tools)),
                List.copyOf(specs), List.copyOf(hooks), List.copyOf(listeners), userSimulator, completion,
                completionCheck, rules, clock).withMaxHandoffs(maxHandoffs));
    }
}
