package dev.terminus.temporal.internal;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.control.AgentEngine;
import dev.terminus.agent.control.Continuation;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.control.RunStep;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.ChildRunOutput;
import dev.terminus.temporal.GateAnswer;
import dev.terminus.temporal.PendingGate;
import dev.terminus.temporal.wire.TranscriptPage;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * One run in one workflow execution. The loop runs in a detached cancellation scope, so that Temporal's
 * cancellation of the workflow never throws into it: a watcher in the workflow's own scope turns that cancellation
 * into the run's ({@code control.cancel}), whose stop hooks cancel the call in flight; the loop then ends
 * {@code Cancelled} with its partial result. Temporal closes a workflow whose cancellation was requested as cancelled,
 * without a value, whatever its method returns: that result is then read with the {@link #output()} query (which
 * {@code AgentWorkflows.output} does). A run that pauses at a human gate waits in the workflow for the gate's
 * answer (an update) and goes on with {@code Agent.resume} under a new control: one workflow from start to end; at a
 * gate where a tool asked for input, the call made again carries the person's answers to its activity. A run whose
 * history grows long stops between two iterations and goes on in a fresh execution of the workflow (continue-as-new)
 * from its {@code Continuation}. The specs of an agent's served tools come from an activity whose result the history
 * keeps, so the workflow side never starts them.
 */
public final class AgentWorkflowImpl implements AgentWorkflow {
    /** Room left in a payload for an output's other parts than its transcript. */
    private static final int OUTPUT_MARGIN = 16 * 1024;

    private final AgentRecipes recipes;
    private @Nullable AgentRunOutput output;
    /** The control of the part of the run going on now (a run answered at a gate goes on under a new one). */
    private @Nullable RunControl current;
    /** Who stopped the run (the workflow's cancellation, or a {@code stop} signal), or null while nobody has. */
    private @Nullable String stoppedBy;
    private final GateAnswers<PendingGate> gates = new GateAnswers<>();
    /** The transcript the run's activities refer to. */
    private final TranscriptLedger ledger = new TranscriptLedger();
    /** The children of the run's parts that continued as new (earlier executions', then this one's), in order. */
    private final List<ChildRunOutput> earlierChildren = new ArrayList<>();

    /** The run's search attributes: how it ended, the gate it waits at. */
    private final Findable findable;

    /** Reads what earlier executions recorded, or null on a worker registered without a client. */
    private final @Nullable EarlierInputs earlierInputs;

    /** @param recipes the agents the worker runs */
    public AgentWorkflowImpl(AgentRecipes recipes) {
        this(recipes, null);
    }

    /**
     * @param recipes the agents the worker runs
     * @param earlierInputs reads what earlier executions recorded, so that a fresh execution's input refers to it
     *     instead of carrying it again; null to carry everything
     */
    public AgentWorkflowImpl(AgentRecipes recipes, @Nullable EarlierInputs earlierInputs) {
        this.recipes = recipes;
        this.earlierInputs = earlierInputs;
        this.findable = new Findable(recipes.searchAttributes());
    }

    @Override
    public AgentRunOutput run(AgentRunInput given) {
        WireVersions.check(given.wireVersion(), "the run of agent \"" + given.agentName() + "\"");
        CarriedInputs carried = new CarriedInputs(earlierInputs);
        AgentRunInput input = carried.resolve(given);
        ActivityCalls calls = new ActivityCalls(recipes.callTimeout(), recipes.modelCalls(), recipes.toolCalls());
        String key = recipes.key(input);
        earlierChildren.addAll(input.children());
        AgentRecipes.Registered registered = registered(key);
        List<ToolSpec> served;
        try {
            // the specs of tools a worker must start (an MCP server's): listed by an activity, kept by the history
            served = registered.served() == null ? List.of() : calls.servedToolSpecs(key);
        } catch (ActivityFailure e) {
            WorkflowInfo info = Workflow.getInfo();
            return end(UnstartedTools.output(registered.name(), e, input.continuation(),
                    Duration.ofMillis(Workflow.currentTimeMillis() - info.getRunStartedTimestampMillis())));
        }
        WorkflowAgents agents = agents(key, registered, served, calls, input);
        Agent root = agents.root();
        Continuation from = input.continuation();
        Agent holder = root;
        if (from != null && !from.agentName().equals(root.config().name())) {
            // the run was handed to another agent before it continued as new: its shape and tool timeout are that
            // agent's (the engine finds it among the root's handoffs, and goes on with it)
            try {
                holder = agents.agentNamed(from.agentName());
            } catch (RuntimeException e) {
                return end(ChangedAgent.output(from, "the run was handed to agent \"" + from.agentName()
                        + "\", which cannot be built: " + e.getMessage()));
            }
        }
        calls.agent(holder);
        AgentEngine engine = AgentEngine.of(root);
        CancellationScope workflowScope = CancellationScope.current();
        Async.procedure(() -> watchCancellation(workflowScope));
        FreshExecutions fresh = new FreshExecutions(recipes, calls, carried);
        Predicate<RunContext> historyFull = run -> stoppedBy == null && fresh.due(run);
        RunStep step;
        if (from == null) {
            step = part(engine.newControl(), calls, control -> engine.run(input.task(), control, historyFull));
        } else {
            // a deploy may have changed the agent under the run: it then ends naming what changed
            String changed = AgentShape.changes(input.shape(), AgentShape.of(holder));
            if (!changed.isEmpty()) {
                return end(ChangedAgent.output(from, changed));
            }
            try {
                step = part(engine.newControl(from), calls, control -> engine.proceed(from, control, historyFull));
            } catch (IllegalArgumentException e) {
                // refused before the run went on: a change the shape does not see (final-answer tool, approvals...)
                return end(ChangedAgent.output(from, String.valueOf(e.getMessage())));
            }
        }
        RunResult result;
        while (true) {
            if (step instanceof RunStep.Suspended(Continuation continuation, var children)) {
                // the next execution's result holds only its own children: this part's go with the run's input
                earlierChildren.addAll(ChildRunOutput.of(children));
                if (!fresh.canCarry(continuation, earlierChildren)) {
                    return end(fresh.cannotGoOn(continuation));
                }
                // what listeners keep for the run is handed to the next execution, dropped if unclaimed in workflow time
                RunIdentity.continuingAsNew(new WorkflowClock());
                // the history is long: the run goes on in a fresh execution of this workflow, with its state
                Workflow.continueAsNew(carried.next(input.continued(continuation, agents.rootModelCalls(),
                        agents.otherModelCalls(), AgentShape.of(agents.agentNamed(continuation.agentName())),
                        List.copyOf(earlierChildren))));
            }
            result = ((RunStep.Ended) step).result();
            if (!(result.termination() instanceof Termination.HitlGatePending)
                    || !(result.checkpoint().orElse(null) instanceof Checkpoint checkpoint)) {
                break;
            }
            GateDecision decision = awaitAnswer(checkpoint);
            HumanInputRequest asked = checkpoint.inputRequest();
            if (asked != null && decision != null) {
                // the call that asked is made again, carrying the person's answers to its activity
                calls.humanInputs(checkpoint.pendingCall().id(), answers(checkpoint, asked, decision));
            }
            RunControl control = engine.newControl(checkpoint);
            if (decision == null) {
                // stopped while waiting: the resumed run checks its control before it carries out any decision,
                // and ends Cancelled with the paused run's figures
                String by = stoppedBy == null ? CANCELLED_BY_WORKFLOW : stoppedBy;
                control.cancel(by);
                decision = GateDecision.reject(checkpoint.gateId(), by);
            }
            GateDecision taken = decision;
            step = part(control, calls, resumed -> engine.resume(checkpoint, taken, resumed, historyFull));
        }
        // Temporal closes a workflow whose cancellation was requested as cancelled, without a value, whatever this
        // returns: the output stays readable through the output query
        return end(AgentRunOutput.of(result).withModelCalls(agents.rootModelCalls()));
    }

    /**
     * Keeps the run's output for the output query, fitted to a payload, and returns it: with the children of the run's
     * earlier parts first, as a run in one process holds every child of the run.
     */
    private AgentRunOutput end(AgentRunOutput whole) {
        AgentRunOutput fitted = fitted(whole.afterChildren(earlierChildren));
        findable.ended(fitted.termination(), fitted.outcome());
        output = fitted;
        return fitted;
    }

    /**
     * The output as it fits in one payload: a transcript that makes it larger than the payload limit is left out, and
     * the output refers to it as the transcript query serves it.
     */
    private AgentRunOutput fitted(AgentRunOutput whole) {
        if (TranscriptLedger.bytes(whole.transcript()) <= recipes.payloadLimit() - OUTPUT_MARGIN) {
            return whole;
        }
        return whole.omittingTranscript(ledger.refer(whole.transcript()));
    }

    @Override
    public @Nullable AgentRunOutput output() {
        return output;
    }

    @Override
    public TranscriptPage transcript(long generation, int from) {
        return ledger.page(generation, from);
    }

    @Override
    public @Nullable PendingGate pendingGate() {
        return gates.pending();
    }

    @Override
    public PendingGate answer(GateAnswer answer) {
        validateAnswer(answer);
        return gates.accept(answer);
    }

    @Override
    public void validateAnswer(GateAnswer answer) {
        gates.validate(answer);
        PendingGate gate = gates.pending();
        if (gate != null) {
            gate.check(answer);
        }
    }

    /** The answers to a call's requests for input: the checkpoint's earlier ones, then the decision's. */
    private static List<HumanInputAnswer> answers(Checkpoint checkpoint, HumanInputRequest asked,
            GateDecision decision) {
        List<HumanInputAnswer> answers = new ArrayList<>(checkpoint.inputAnswers());
        answers.add(switch (decision) {
            case GateDecision.Answer(String gateId, var content) -> HumanInputAnswer.accepted(asked, content);
            case GateDecision.Reject(String gateId, String reason) -> HumanInputAnswer.declined(asked, reason);
            // refused by the update's validator (PendingGate.check)
            case GateDecision.Approve approve -> throw new IllegalStateException("an approval at an input gate");
            case GateDecision.ApproveWithArguments edited ->
                    throw new IllegalStateException("an approval at an input gate");
        });
        return answers;
    }

    /**
     * Runs one part of the run (its start, or its continuation after a gate) under a control of its own, in a
     * detached scope, with the control's deadline armed on workflow time.
     */
    private RunStep part(RunControl control, ActivityCalls calls, Function<RunControl, RunStep> body) {
        current = control;
        calls.control(control);
        if (stoppedBy != null) {
            control.cancel(stoppedBy);
        }
        RunStep[] result = new RunStep[1];
        Workflow.newDetachedCancellationScope(() -> {
            RunClock.Scheduled deadline = control.armDeadline();
            try {
                result[0] = body.apply(control);
            } finally {
                deadline.cancel();
            }
        }).run();
        return result[0];
    }

    /** Waits for the gate's answer: its decision, or null when the run was stopped first. */
    private @Nullable GateDecision awaitAnswer(Checkpoint checkpoint) {
        findable.waitsAt(checkpoint.gateId());
        GateAnswer given = gates.await(checkpoint.gateId(), PendingGate.of(checkpoint), () -> stoppedBy != null,
                () -> stop(CANCELLED_BY_WORKFLOW));
        findable.answered();
        return given == null ? null : given.decision();
    }

    private void watchCancellation(CancellationScope workflowScope) {
        try {
            Workflow.await(() -> output != null || workflowScope.isCancelRequested());
        } catch (CanceledFailure e) {
            // the workflow was cancelled while this watcher waited
        }
        if (output == null) {
            stop(CANCELLED_BY_WORKFLOW);
        }
    }

    @Override
    public void stop(String requestedBy) {
        if (stoppedBy != null || output != null) {
            return; // the first request wins, as a run's cancellation does; a finished run stays as it ended
        }
        stoppedBy = requestedBy;
        RunControl control = current;
        if (control != null) {
            control.cancel(requestedBy);
        }
    }

    /** The agent of the key, as the worker resolved it; a workflow failure when it cannot be. */
    private AgentRecipes.Registered registered(String key) {
        try {
            return recipes.registered(key);
        } catch (RuntimeException e) {
            throw ApplicationFailure.newNonRetryableFailureWithCause(String.valueOf(e.getMessage()),
                    "terminus.configuration", e);
        }
    }

    /**
     * The run's agents: its own built by its recipe on proxies of its tools (then of its served tools) and the
     * workflow's clock, and the agents of its tree as it names them; a workflow failure when its own cannot be built.
     */
    private WorkflowAgents agents(String key, AgentRecipes.Registered registered, List<ToolSpec> served,
            ActivityCalls calls, AgentRunInput input) {
        try {
            return new WorkflowAgents(recipes, key, registered, served, calls, ledger, input);
        } catch (RuntimeException e) {
            throw ApplicationFailure.newNonRetryableFailureWithCause(String.valueOf(e.getMessage()),
                    "terminus.configuration", e);
        }
    }
}
