package dev.terminus.agent;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.control.Handle;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.internal.AgentAccess;
import dev.terminus.agent.internal.AgentSpec;
import dev.terminus.agent.internal.Resumption;
import dev.terminus.agent.internal.RunRules;
import dev.terminus.agent.internal.RunTask;
import dev.terminus.agent.spi.GateStore;
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
 * An LLM agent: a model, tools, settings, hooks and listeners. Immutable and thread-safe: one agent runs any number
 * of tasks at once, each run with its own state.
 *
 * <p>{@link #run(String)} never throws for anything that happens inside the run. Model errors, tool errors, hook
 * errors, timeouts, interrupts and cancellation all end as the run's {@link dev.terminus.Termination}, and the
 * {@link RunResult} carries the transcript, usage, cost, iterations, tool calls and duration on every path.
 *
 * <p>What the loop turns into a termination is an {@link Exception}, whoever throws it. An {@link Error} is no
 * ending: the loop catches none, in one process or in a workflow (a durable engine destroys a workflow's threads
 * with an {@code Error} when the workflow leaves its worker, and its run goes on elsewhere). A model, tool, hook,
 * listener or predicate that throws a {@code StackOverflowError}, an {@code OutOfMemoryError} or an
 * {@code AssertionError} makes {@code run} and {@code resume} (and an engine's
 * {@link dev.terminus.agent.control.AgentEngine} runs) throw that {@code Error} as it was (a started run's
 * {@link RunHandle#await()} too); the run then has no result and its listeners hear no
 * {@link AgentEvent.RunTerminated} (ADR 0022).
 *
 * {@snippet :
 * // given: class Weather {}
 * Agent agent = Agent.builder(model)
 *         .systemPrompt("You are a weather assistant.")
 *         .maxIterations(10)
 *         .timeBudget(Duration.ofSeconds(30))
 *         .tools(Tools.fromMethods(new Weather()))
 *         .build();
 * RunResult result = agent.run("What should I wear in Oslo today?");
 * switch (result.termination()) {
 *     case Termination.NaturalCompletion() -> System.out.println(result.finalAnswer().orElseThrow());
 *     case Termination.MaxIterationsReached(int limit, int used) -> System.out.println("gave up after " + used);
 *     default -> System.out.println(result.termination().category());
 * }
 * }
 */
public final class Agent {
    private final AgentSpec spec;

    static {
        AgentAccess.grant(agent -> agent.spec); // for AgentEngine, the entry points of engines, without a public accessor
    }

    private Agent(AgentSpec spec) {
        this.spec = spec;
    }

    /**
     * @param model the model the agent talks to
     * @return a builder with the default settings ({@link AgentConfig#ofDefaults()}) and no tools
     */
    public static Builder builder(Model model) {
        return new Builder(model);
    }

    /**
     * Runs a task to its end on the calling thread; a time budget interrupts that thread at the deadline, and a call
     * declared {@linkplain Tool#interruptible() uninterruptible} runs on a virtual thread of its own so that it
     * cannot hold the caller past the deadline. With {@link TimeBudgetEnforcement#SUPERVISED_THREAD} the whole run
     * goes on a supervised virtual thread instead, so no call at all can hold the caller past the deadline.
     * Interrupting the calling thread cancels the run ({@code Cancelled("thread-interrupt")}); its interrupt status
     * is kept.
     *
     * @param task what to do, as the user's first message
     * @return the result; never null
     * @throws NullPointerException when the task is null
     * @throws Error an {@code Error} thrown inside the run, as it was: the loop does not catch Errors (see above)
     */
    public RunResult run(String task) {
        Preconditions.notNull(task, "task");
        if (spec.config().timeBudget().isEmpty()
                || spec.config().timeBudgetEnforcement() == TimeBudgetEnforcement.INTERRUPT_CALLER) {
            return RunTask.runInline(spec, RunTask.Entry.task(spec, task));
        }
        return awaitUninterruptibly(RunTask.start(spec, RunTask.Entry.task(spec, task)));
    }

    /** Waits for a supervised run; an interrupt of the caller cancels the run, and is restored on return. */
    private static RunResult awaitUninterruptibly(RunHandle handle) {
        return Handle.awaitCancellingOnInterrupt(handle);
    }

    /**
     * Starts a task on its own virtual thread.
     *
     * @param task what to do
     * @return a handle to cancel the run or wait for its result
     */
    public RunHandle start(String task) {
        return RunTask.start(spec, RunTask.Entry.task(spec, Preconditions.notNull(task, "task")));
    }

    /**
     * Continues a run that paused at a human-approval gate, with a person's decision on the pending call. The run
     * goes on where it stopped, its budgets counting on from the checkpoint's figures; it may pause again at the next
     * gate. Like {@link #run(String)}, it never throws for anything that happens inside the run but an {@code Error}.
     *
     * @param checkpoint the checkpoint of the paused run (from {@link RunResult#checkpoint()}, or read back from a
     *     {@link GateStore})
     * @param decision the decision, for the checkpoint's gate
     * @return the result of the continued run: its transcript, usage, cost, iterations and duration include the
     *     part before the pause
     * @throws IllegalArgumentException when the decision is for another gate, or the checkpoint was written by an
     *     agent of another name, model or configuration (the message names which)
     */
    public RunResult resume(Checkpoint checkpoint, GateDecision decision) {
        Preconditions.notNull(checkpoint, "checkpoint");
        Preconditions.notNull(decision, "decision");
        Resumption.check(spec, checkpoint, decision);
        if (spec.config().timeBudget().isEmpty()
                || spec.config().timeBudgetEnforcement() == TimeBudgetEnforcement.INTERRUPT_CALLER) {
            return RunTask.runInline(spec, RunTask.Entry.resumption(spec, checkpoint, decision));
        }
        return awaitUninterruptibly(RunTask.start(spec, RunTask.Entry.resumption(spec, checkpoint, decision)));
    }

    /**
     * Continues a run paused at an approval gate by running the pending call as the model proposed it: as
     * {@link #resume(Checkpoint, GateDecision)} with {@link GateDecision#approve(String)} for the checkpoint's gate.
     *
     * {@snippet :
     * // given: GateStore<Checkpoint> store
     * RunResult paused = agent.run("Refund order 42");
     * paused.checkpoint().ifPresent(store::save);
     * // ... later, when a person said yes:
     * RunResult done = agent.approve(store.load(gateId).orElseThrow());
     * }
     *
     * @param checkpoint the checkpoint of the paused run
     * @return the result of the continued run
     * @throws IllegalArgumentException when the gate waits for a person's input rather than an approval (answer it
     *     with {@link #answer(Checkpoint, Map)} or decline it with {@link #reject(Checkpoint, String)}), or as
     *     {@link #resume(Checkpoint, GateDecision)}
     */
    public RunResult approve(Checkpoint checkpoint) {
        Preconditions.notNull(checkpoint, "checkpoint");
        return resume(checkpoint, GateDecision.approve(checkpoint.gateId()));
    }

    /**
     * Continues a paused run with a person's no: at an approval gate the pending call is not run and the model reads
     * the reason as the call's result; at a gate that waits for input the person declines to give it, and the tool
     * learns why. As {@link #resume(Checkpoint, GateDecision)} with {@link GateDecision#reject(String, String)} for the
     * checkpoint's gate.
     *
     * @param checkpoint the checkpoint of the paused run
     * @param reason why, for the model (or the tool)
     * @return the result of the continued run
     * @throws IllegalArgumentException as {@link #resume(Checkpoint, GateDecision)}
     */
    public RunResult reject(Checkpoint checkpoint, String reason) {
        Preconditions.notNull(checkpoint, "checkpoint");
        return resume(checkpoint, GateDecision.reject(checkpoint.gateId(), reason));
    }

    /**
     * Continues a run paused at a gate where a tool asked a person for input ({@link HumanInputNeeded}): the pending
     * call is made again and the tool gets the content as the answer to its request. As
     * {@link #resume(Checkpoint, GateDecision)} with {@link GateDecision#answer(String, Map)} for the checkpoint's
     * gate.
     *
     * {@snippet :
     * RunResult done = agent.answer(checkpoint, Map.of("iban", "DE89370400440532013000"));
     * }
     *
     * @param checkpoint the checkpoint of the paused run
     * @param content the person's answer, as JSON values; it must match the schema of the tool's request
     * @return the result of the continued run
     * @throws IllegalArgumentException when the gate waits for approval of a call rather than for input, when the
     *     content does not match the requested schema (naming the property), or as
     *     {@link #resume(Checkpoint, GateDecision)}
     */
    public RunResult answer(Checkpoint checkpoint, Map<String, ?> content) {
        Preconditions.notNull(checkpoint, "checkpoint");
        return resume(checkpoint, GateDecision.answer(checkpoint.gateId(), content));
    }

    /** @return the clock the agent's runs read their time from and wait on */
    public RunClock clock() {
        return spec.clock();
    }

    /** @return the agent's settings */
    public AgentConfig config() {
        return spec.config();
    }

    /** @return the agent's tools by name */
    public Map<String, Tool> tools() {
        return spec.tools();
    }

    /** @return the agent's model */
    public Model model() {
        return spec.model();
    }

    /**
     * Builds an {@link Agent}. The agent's common settings (name, system prompt, caps, budgets) are set here; the
     * others, and settings shared by several agents, come in an {@link AgentConfig} given to {@link #config}. The
     * two combine in one way, whatever the order of the calls: a setting set on this builder wins over the config's.
     * Each value is checked as {@link AgentConfig.Builder} checks it, when set.
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
    public static final class Builder {
        private final Model model;
        private AgentConfig.Builder settings = AgentConfig.custom();
        private final List<Consumer<AgentConfig.Builder>> changes = new ArrayList<>();
        private final Map<String, Tool> tools = new LinkedHashMap<>();
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

        private Builder(Model model) {
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
        public Builder clock(RunClock clock) {
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
        public Builder config(AgentConfig config) {
            AgentConfig.Builder settings = AgentConfig.from(Preconditions.notNull(config, "config"));
            changes.forEach(change -> change.accept(settings));
            this.settings = settings;
            return this;
        }

        /** @param name the agent's name, for events, terminations and telemetry; not blank @return this builder */
        public Builder name(String name) {
            return set(c -> c.name(name));
        }

        /** @param systemPrompt the system prompt; not blank (none by default) @return this builder */
        public Builder systemPrompt(String systemPrompt) {
            return set(c -> c.systemPrompt(systemPrompt));
        }

        /**
         * @param maxIterations the iteration cap, at least 1 ({@value AgentConfig#DEFAULT_MAX_ITERATIONS} by default)
         * @return this builder
         */
        public Builder maxIterations(int maxIterations) {
            return set(c -> c.maxIterations(maxIterations));
        }

        /** @param maxToolCalls the tool-call cap, at least 0 (0 allows none; no cap by default) @return this builder */
        public Builder maxToolCalls(int maxToolCalls) {
            return set(c -> c.maxToolCalls(maxToolCalls));
        }

        /** @param tokenBudget the token caps ({@link TokenBudget#UNLIMITED} by default) @return this builder */
        public Builder tokenBudget(TokenBudget tokenBudget) {
            return set(c -> c.tokenBudget(tokenBudget));
        }

        /**
         * @param costBudgetUsd the cost ceiling in US dollars, above 0 (none by default); the model needs a price in
         *     {@link #prices}
         * @return this builder
         */
        public Builder costBudgetUsd(BigDecimal costBudgetUsd) {
            return set(c -> c.costBudgetUsd(costBudgetUsd));
        }

        /** @param prices the model prices, for cost accounting and the cost budget @return this builder */
        public Builder prices(PriceTable prices) {
            return set(c -> c.prices(prices));
        }

        /** @param timeBudget the wall-clock budget, above 0 (none by default) @return this builder */
        public Builder timeBudget(Duration timeBudget) {
            return set(c -> c.timeBudget(timeBudget));
        }

        /** @param toolTimeout the longest a tool call may take, above 0 (no limit by default) @return this builder */
        public Builder toolTimeout(Duration toolTimeout) {
            return set(c -> c.toolTimeout(toolTimeout));
        }

        /** @param retryPolicy how transient model failures are retried @return this builder */
        public Builder retryPolicy(RetryPolicy retryPolicy) {
            return set(c -> c.retryPolicy(retryPolicy));
        }

        /** Applies a change to the settings now, so a bad value fails here, and keeps it for a later config. */
        private Builder set(Consumer<AgentConfig.Builder> change) {
            change.accept(settings);
            changes.add(change);
            return this;
        }

        /** @param tool a tool; its name must be unique @return this builder */
        public Builder tool(Tool tool) {
            Preconditions.notNull(tool, "tool");
            String name = tool.spec().name();
            if (tools.containsKey(name)) {
                throw new IllegalArgumentException("tool \"" + name + "\" is registered twice");
            }
            tools.put(name, tool);
            return this;
        }

        /** @param tools tools, each with a unique name @return this builder */
        public Builder tools(Tool... tools) {
            for (Tool tool : tools) {
                tool(tool);
            }
            return this;
        }

        /** @param tools tools, each with a unique name @return this builder */
        public Builder tools(List<Tool> tools) {
            tools.forEach(this::tool);
            return this;
        }

        /** @param hook a hook, run after the ones added before it @return this builder */
        public Builder hook(AgentHook hook) {
            hooks.add(Preconditions.notNull(hook, "hook"));
            return this;
        }

        /** @param listener a listener of the runs' events @return this builder */
        public Builder listener(AgentListener listener) {
            listeners.add(Preconditions.notNull(listener, "listener"));
            return this;
        }

        /** @param simulator the user who answers the model's replies (none by default) @return this builder */
        public Builder userSimulator(UserSimulator simulator) {
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
        public Builder completeWhen(Predicate<RunContext> predicate, CompletionCheck check) {
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
        public Builder outputValidator(OutputValidator validator) {
            this.outputValidator = Preconditions.notNull(validator, "outputValidator");
            return this;
        }

        /**
         * @param compaction how to keep the transcript within the context window (none by default: a prompt the
         *     provider refuses as too long ends the run {@code PromptTooLong})
         * @return this builder
         */
        public Builder compaction(Compaction compaction) {
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
        public Builder requireApproval(String toolName) {
            return requireApproval(toolName, arguments -> true);
        }

        /**
         * The calls of a tool whose arguments match a predicate need a person's approval.
         *
         * @param toolName the tool
         * @param when whether a call with these arguments needs approval
         * @return this builder
         */
        public Builder requireApproval(String toolName, Predicate<Map<String, @Nullable Object>> when) {
            approvals.put(Preconditions.notNull(toolName, "toolName"), Preconditions.notNull(when, "when"));
            return this;
        }

        /** @param criterion a success criterion, evaluated after the ones added before it @return this builder */
        public Builder criterion(SuccessCriterion criterion) {
            criteria.add(Preconditions.notNull(criterion, "criterion"));
            return this;
        }

        /** @param invariant an invariant, checked after the ones added before it @return this builder */
        public Builder invariant(Invariant invariant) {
            invariants.add(Preconditions.notNull(invariant, "invariant"));
            return this;
        }

        /** @param gate the last check on a final answer (none by default) @return this builder */
        public Builder promotionGate(PromotionGate gate) {
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
                    completionCheck, rules, clock));
        }
    }
}
