package dev.terminus.agent;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.control.Handle;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.internal.AgentSpec;
import dev.terminus.agent.internal.Resumption;
import dev.terminus.agent.internal.RunTask;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.Model;
import java.time.Duration;
import java.util.Map;

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
 * // given: class Weather { @AgentTool(description = "The weather in a city today")
 * // given: String today(String city) { return "4 degrees and rain"; } }
 * Agent agent = Agent.builder(model)
 *         .systemPrompt("You are a weather assistant.")
 *         .maxIterations(10)
 *         .timeBudget(Duration.ofSeconds(30))
 *         .tools(Tools.fromMethods(new Weather()))
 *         .build();
 * RunResult result = agent.run("What should I wear in Oslo today?");
 * switch (result.termination()) {
 *     case Termination.NaturalCompletion() -> System.out.println(result.finalAnswer().orElseThrow());
 *     case LimitReached reached -> System.out.println("stopped at " + reached.measure()); // any cap, by name
 *     default -> System.out.println(result.termination().category());
 * }
 * }
 */
public final class Agent {
    private final AgentSpec spec;

    Agent(AgentSpec spec) {
        this.spec = spec;
    }

    /**
     * @param model the model the agent talks to
     * @return a builder with the default settings ({@link AgentConfig#ofDefaults()}) and no tools
     */
    public static AgentBuilder builder(Model model) {
        return new AgentBuilder(model);
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
     * Starts a task on its own virtual thread and streams its events as they happen: the model's text as it is
     * written, tool calls started and ended, and last the result (see {@link RunStream}). A model that does not stream
     * gives its whole text as one piece. The stream holds {@value RunStream#DEFAULT_BUFFER} unread events.
     *
     * {@snippet :
     * try (RunStream stream = agent.stream("Explain streaming in one paragraph")) {
     *     for (AgentEvent event : stream) {
     *         if (event instanceof AgentEvent.TextDelta delta) {
     *             System.out.print(delta.text());
     *         }
     *     }
     *     System.out.println();
     *     System.out.println(stream.result().termination().tag());
     * }
     * }
     *
     * @param task what to do
     * @return the run's events; close it to cancel the run before its end
     */
    public RunStream stream(String task) {
        return stream(task, RunStream.DEFAULT_BUFFER);
    }

    /**
     * Like {@link #stream(String)}, with a buffer of another size.
     *
     * @param task what to do
     * @param buffer how many unread events the stream holds before the run waits for its consumer, at least 1
     * @return the run's events
     * @throws IllegalArgumentException when the buffer is below 1 (the message names it)
     */
    public RunStream stream(String task, int buffer) {
        Preconditions.notNull(task, "task");
        RunStream.Buffer events = new RunStream.Buffer(buffer);
        return new RunStream(RunTask.start(spec.withListener(events), RunTask.Entry.task(spec, task)), events);
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
        AgentSpec holder = spec.holderOf(checkpoint.agentName(), checkpoint.transcript()); // the run may have been handed to another agent
        Resumption.check(holder, checkpoint, decision);
        // the run's time budget is the one it started with, as if it had never paused
        if (spec.config().timeBudget().isEmpty()
                || spec.config().timeBudgetEnforcement() == TimeBudgetEnforcement.INTERRUPT_CALLER) {
            return RunTask.runInline(holder, RunTask.Entry.resumption(spec, checkpoint, decision));
        }
        return awaitUninterruptibly(RunTask.start(holder, RunTask.Entry.resumption(spec, checkpoint, decision)));
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
}
