package dev.terminus.agent;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.control.Handle;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.internal.AgentSpec;
import dev.terminus.agent.internal.Resumption;
import dev.terminus.agent.internal.RunRules;
import dev.terminus.agent.internal.RunTask;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.OutputValidator;
import dev.terminus.agent.spi.ToolSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * {@code AssertionError} makes {@code run}, {@code resume} and {@code proceed} throw that {@code Error} as it was
 * (a started run's {@link RunHandle#await()} too); the run then has no result and its listeners hear no
 * {@link AgentEvent.RunTerminated} (ADR 0022).
 *
 * {@snippet :
 * Agent agent = Agent.builder(model)
 *         .config(AgentConfig.custom().maxIterations(10).timeBudget(Duration.ofSeconds(30)).build())
 *         .tools(Tools.fromMethods(new Weather()))
 *         .build();
 * RunResult result = agent.run("What should I wear in Oslo today?");
 * switch (result.termination()) {
 *     case Termination.NaturalCompletion() -> System.out.println(result.finalAnswer());
 *     case Termination.MaxIterationsReached(int limit, int used) -> System.out.println("gave up after " + used);
 *     default -> System.out.println(result.termination().category());
 * }
 * }
 */
public final class Agent {
    private final AgentSpec spec;

    private Agent(AgentSpec spec) {
        this.spec = spec;
    }

    /**
     * @param model the model the agent talks to
     * @return a builder with default settings and no tools
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

    /**
     * A control for a run of this agent that an engine of the caller's drives (a durable workflow, a scheduler of its
     * own): on this agent's {@linkplain Builder#clock clock}, with its time budget, starting now. The engine arms its
     * deadline (its own timers, or {@link RunControl#armDeadline()}), cancels through it, and hands it to
     * {@link #run(String, RunControl)}.
     *
     * @return a new control
     */
    public RunControl newControl() {
        return RunTask.Entry.control(spec);
    }

    /**
     * As {@link #newControl()}, for the paused run of a checkpoint resumed now: its time so far counts against the
     * budget.
     *
     * @param checkpoint the paused run
     * @return a new control
     */
    public RunControl newControl(Checkpoint checkpoint) {
        return RunTask.Entry.control(spec, Preconditions.notNull(checkpoint, "checkpoint"));
    }

    /**
     * Runs a task on the calling thread under a control the caller's engine drives: the loop starts no thread and
     * interrupts nothing; it reads its time from the control's clock and checks the control before every call, and
     * its calls are stopped by whoever makes them (a workflow engine cancels its activities, or cuts them at the
     * deadline). A call that fails once the run is cancelled or past its deadline ends the run {@code Cancelled} or
     * {@code TimeBudgetExhausted}. Tool calls run one after the other, and a per-tool timeout is the engine's to
     * apply. The result is what {@link #run(String)} gives; it never throws for anything inside the run but an
     * {@code Error}, which passes through untouched: Temporal destroys an evicted workflow's threads with one, and
     * that copy of the run must not end (ADR 0022).
     *
     * {@snippet :
     * RunControl control = agent.newControl();
     * RunClock.Scheduled deadline = control.armDeadline(); // or the engine's own timer calling control.expire()
     * try {
     *     result = agent.run("Summarize the report", control);
     * } finally {
     *     deadline.cancel();
     * }
     * }
     *
     * @param task what to do
     * @param control the run's control, from {@link #newControl()}
     * @return the result; never null
     * @throws IllegalArgumentException when the control reads another clock than this agent's
     */
    public RunResult run(String task, RunControl control) {
        Preconditions.notNull(task, "task");
        Preconditions.notNull(control, "control");
        return RunTask.runUnder(spec, RunTask.Entry.task(control, task));
    }

    /**
     * Continues a paused run as {@link #resume(Checkpoint, GateDecision)} does, under a control the caller's engine
     * drives, as {@link #run(String, RunControl)} runs one.
     *
     * @param checkpoint the paused run
     * @param decision the decision, for the checkpoint's gate
     * @param control the run's control, from {@link #newControl(Checkpoint)}
     * @return the result of the continued run
     * @throws IllegalArgumentException as {@link #resume(Checkpoint, GateDecision)}, or when the control reads
     *     another clock than this agent's
     */
    public RunResult resume(Checkpoint checkpoint, GateDecision decision, RunControl control) {
        Preconditions.notNull(checkpoint, "checkpoint");
        Preconditions.notNull(decision, "decision");
        Preconditions.notNull(control, "control");
        Resumption.check(spec, checkpoint, decision);
        return RunTask.runUnder(spec, RunTask.Entry.resumption(control, checkpoint, decision));
    }

    /**
     * As {@link #newControl()}, for a suspended run continued now: its time so far counts against the budget.
     *
     * @param continuation the suspended run
     * @return a new control
     */
    public RunControl newControl(Continuation continuation) {
        return RunTask.Entry.control(spec, Preconditions.notNull(continuation, "continuation"));
    }

    /**
     * Runs a task as {@link #run(String, RunControl)} does, and stops it between two iterations when the engine asks:
     * {@code suspendWhen} is asked after every iteration, and when it holds the run stops there, without a
     * termination, as a {@link Continuation} that {@link #proceed} goes on from, in this execution or another.
     * Listeners see one run: {@code RunStarted} once, {@code RunTerminated} at its real end.
     *
     * @param task what to do
     * @param control the run's control, from {@link #newControl()}
     * @param suspendWhen whether to stop after the iteration just finished (for instance when the engine's history
     *     has grown past a threshold)
     * @return the run's result, or where it stopped
     * @throws IllegalArgumentException when the control reads another clock than this agent's
     */
    public RunStep run(String task, RunControl control, Predicate<RunContext> suspendWhen) {
        Preconditions.notNull(task, "task");
        Preconditions.notNull(control, "control");
        Preconditions.notNull(suspendWhen, "suspendWhen");
        return RunTask.stepUnder(spec, RunTask.Entry.task(control, task), suspendWhen);
    }

    /**
     * Continues a paused run as {@link #resume(Checkpoint, GateDecision, RunControl)} does, and stops it between two
     * iterations when the engine asks, as {@link #run(String, RunControl, Predicate)} does.
     *
     * @param checkpoint the paused run
     * @param decision the decision, for the checkpoint's gate
     * @param control the run's control, from {@link #newControl(Checkpoint)}
     * @param suspendWhen whether to stop after the iteration just finished
     * @return the run's result, or where it stopped
     * @throws IllegalArgumentException as {@link #resume(Checkpoint, GateDecision)}
     */
    public RunStep resume(Checkpoint checkpoint, GateDecision decision, RunControl control,
            Predicate<RunContext> suspendWhen) {
        Preconditions.notNull(checkpoint, "checkpoint");
        Preconditions.notNull(decision, "decision");
        Preconditions.notNull(control, "control");
        Preconditions.notNull(suspendWhen, "suspendWhen");
        Resumption.check(spec, checkpoint, decision);
        return RunTask.stepUnder(spec, RunTask.Entry.resumption(control, checkpoint, decision), suspendWhen);
    }

    /**
     * Goes on with a run suspended between two iterations, under a control the caller's engine drives: the run makes
     * the decisions it would have made had it never stopped, and ends as it would have (its guards, budgets and time
     * counting on from the continuation's figures).
     *
     * @param continuation the suspended run, from {@link RunStep.Suspended}
     * @param control the run's control, from {@link #newControl(Continuation)}
     * @param suspendWhen whether to stop again after the iteration just finished
     * @return the run's result, or where it stopped again
     * @throws IllegalArgumentException when the continuation was written by an agent of another name, model or
     *     configuration (the message names which), or the control reads another clock than this agent's
     */
    public RunStep proceed(Continuation continuation, RunControl control, Predicate<RunContext> suspendWhen) {
        Preconditions.notNull(continuation, "continuation");
        Preconditions.notNull(control, "control");
        Preconditions.notNull(suspendWhen, "suspendWhen");
        Resumption.check(spec, continuation);
        return RunTask.stepUnder(spec, RunTask.Entry.continuation(control, continuation), suspendWhen);
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

    /** Builds an {@link Agent}. */
    public static final class Builder {
        private final Model model;
        private AgentConfig config = AgentConfig.ofDefaults();
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

        /** @param config the settings @return this builder */
        public Builder config(AgentConfig config) {
            this.config = Preconditions.notNull(config, "config");
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

        /** @param simulator the user who answers the model's replies, or null @return this builder */
        public Builder userSimulator(@Nullable UserSimulator simulator) {
            this.userSimulator = simulator;
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
         *     {@code terminus-jsonschema}; null for free text
         * @return this builder
         */
        public Builder outputValidator(@Nullable OutputValidator validator) {
            this.outputValidator = validator;
            return this;
        }

        /** @param compaction how to keep the transcript within the context window, or null @return this builder */
        public Builder compaction(@Nullable Compaction compaction) {
            this.compaction = compaction;
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

        /** @param gate the last check on a final answer, or null @return this builder */
        public Builder promotionGate(@Nullable PromotionGate gate) {
            this.promotionGate = gate;
            return this;
        }

        /**
         * @return the agent
         * @throws IllegalArgumentException when a cost budget is set but the model has no price, or an approval names
         *     a tool the agent does not have
         */
        public Agent build() {
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
