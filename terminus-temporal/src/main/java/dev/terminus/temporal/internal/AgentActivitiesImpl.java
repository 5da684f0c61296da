package dev.terminus.temporal.internal;

import dev.terminus.Message;
import dev.terminus.agent.Agent;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.temporal.AgentMaterials;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.IdempotencyKey;
import dev.terminus.temporal.ModelCallSequence;
import dev.terminus.temporal.TranscriptReference;
import dev.terminus.temporal.wire.AgentActivities;
import dev.terminus.temporal.wire.ModelAnswer;
import dev.terminus.temporal.wire.ModelCall;
import dev.terminus.temporal.wire.RunSnapshot;
import dev.terminus.temporal.wire.ToolInvocation;
import dev.terminus.temporal.wire.TranscriptPage;
import dev.terminus.temporal.wire.WireVersion;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.activity.ActivityInfo;
import io.temporal.client.ActivityCanceledException;
import io.temporal.client.ActivityCompletionException;
import io.temporal.client.WorkflowStub;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The activities of the agents of some {@link AgentRecipes}: each agent is built once by its recipe on its real model
 * and tools (its served tools started by the first call that needs them) and the system clock (the agents it names,
 * {@code AgentMaterials.agent}, on theirs: a call of a child's or a handed-to agent's names that agent), and its model
 * and tools are called from there, each call holding the agent ({@link AgentRecipes#lease}), on the activity's thread, while
 * {@link Heartbeats} heartbeat for it and interrupt the call when Temporal ends the activity (its cancellation, its
 * timeout, its workflow's end, the worker's shutdown). A streaming model's answer is read whole here
 * ({@link StreamedText}); a stream cut after some text arrived fails with that text as its failure's cause, and a
 * cancellation that cut it is answered with a failure carrying the text rather than reported cancelled (ADR 0041).
 */
public final class AgentActivitiesImpl implements AgentActivities {
    private final AgentRecipes recipes;
    /** The agents built for calls, by name, the least recently used dropped past the recipes' cache of agents. */
    private final Map<String, Built> agents;
    private final TranscriptCache transcripts;
    /** The time a call's transcript queries are tried again in. */
    private final TranscriptQueries.Time time = TranscriptQueries.Time.SYSTEM;

    /** @param recipes the agents */
    public AgentActivitiesImpl(AgentRecipes recipes) {
        this.recipes = recipes;
        int kept = recipes.names().size() + AgentRecipes.DEFINED_CACHE;
        this.agents = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Built> eldest) {
                return size() > kept;
            }
        };
        this.transcripts = new TranscriptCache(recipes.transcriptCacheChars());
    }

    @Override
    public ModelAnswer chat(ModelCall call) {
        WireVersions.check(call.wireVersion(), "the model call of agent \"" + call.agentName() + "\"");
        try (AgentRecipes.Lease lease = lease(call.agentName())) {
            ActivityExecutionContext context = Activity.getExecutionContext();
            long deadline = TranscriptQueries.deadline(context.getInfo().getStartToCloseTimeout(), time);
            Agent agent = agent(call.agentName(), lease, context, false);
            StreamedText streamed = new StreamedText();
            try {
                ModelAnswer answer = ModelAnswer.of(Heartbeats.around(context, () -> ModelCallSequence.with(
                        call.sequence(), () -> streamed.whole(agent.model(),
                                call.request(transcript(context, call.messages(), call.transcript(), deadline)),
                                agent.config().streamIdleTimeout().orElse(null)))));
                return limit(context).modelAnswer(answer);
            } catch (ActivityCanceledException e) {
                // the run stopped the call (its deadline, its cancellation): a workflow that waits for the call's
                // end gets the text that arrived with it; one that does not wait ignores how the call ended
                String arrived = limit(context).cutText(streamed.arrived());
                throw arrived == null ? e : CallFailures.stopped(arrived);
            } catch (ActivityCompletionException e) {
                throw e;
            } catch (Exception e) {
                // the text a cut stream gave goes back with its failure, for the workflow to keep (ADR 0041)
                throw CallFailures.toFailure(e, limit(context).cutText(streamed.arrived()));
            }
        }
    }

    @Override
    public String callTool(ToolInvocation call) {
        WireVersions.check(call.wireVersion(), "the call of tool \"" + call.toolName() + "\" of agent \""
                + call.agentName() + "\"");
        try (AgentRecipes.Lease lease = lease(call.agentName())) {
            ActivityExecutionContext context = Activity.getExecutionContext();
            long deadline = TranscriptQueries.deadline(context.getInfo().getStartToCloseTimeout(), time);
            // the tools a worker could not start halt the run, as a server that went down does
            Agent agent = agent(call.agentName(), lease, context, true);
            Tool tool = agent.tools().get(call.toolName());
            if (tool == null) {
                throw CallFailures.toFailure(new IllegalArgumentException("agent \"" + call.agentName()
                        + "\" has no tool \"" + call.toolName() + "\"; its tools: " + agent.tools().keySet()));
            }
            RunSnapshot run = call.run();
            RunContext runContext = new SnapshotContext(run,
                    () -> transcript(context, run.messages(), run.transcript(), deadline));
            try {
                String result = Tools.resultText(Heartbeats.around(context, () -> IdempotencyKey.with(
                        call.idempotencyKey(), () -> tool.call(call.arguments(), runContext))));
                return limit(context).toolResult(call.toolName(), result);
            } catch (ActivityCompletionException e) {
                throw e;
            } catch (Exception e) {
                throw CallFailures.toFailure(e);
            }
        }
    }

    @Override
    public List<ToolSpec> servedToolSpecs(String agentName, int wireVersion) {
        WireVersions.check(WireVersion.read(wireVersion, "wireVersion"), "the listing of the served tools of agent \""
                + agentName + "\"");
        try (AgentRecipes.Lease lease = lease(agentName)) {
            if (lease.registered().served() == null) {
                return List.of();
            }
            List<Tool> tools = Heartbeats.around(Activity.getExecutionContext(), lease::tools);
            return tools.subList(lease.registered().tools().size(), tools.size()).stream().map(Tool::spec).toList();
        } catch (ActivityCompletionException e) {
            throw e;
        } catch (Exception e) {
            throw CallFailures.servedToolsFailure(e);
        }
    }

    /**
     * The transcript a call carries, or the one it refers to: this worker's copy, with the messages it lacks read from
     * the workflow through its transcript query, asked again while it fails until the call's deadline, each try one
     * query RPC at most ({@link BoundedQuery}).
     */
    private List<Message> transcript(ActivityExecutionContext context, List<Message> carried,
            @Nullable TranscriptReference reference, long deadline) throws Exception {
        if (reference == null) {
            return carried;
        }
        ActivityInfo info = context.getInfo();
        WorkflowStub workflow = context.getWorkflowClient().newUntypedWorkflowStub(info.getWorkflowId(),
                Optional.of(info.getRunId()), Optional.empty());
        long rpcTimeout = context.getWorkflowClient().getWorkflowServiceStubs().getOptions().getRpcQueryTimeout()
                .toNanos();
        return transcripts.resolve(info.getWorkflowId(), info.getRunId(), reference, new TranscriptQueries(
                (generation, from) -> BoundedQuery.within(Math.min(rpcTimeout, deadline - time.nanoTime()),
                        () -> workflow.query(AgentWorkflow.TRANSCRIPT_QUERY, TranscriptPage.class, generation, from)),
                "workflow " + info.getWorkflowId() + " (run " + info.getRunId() + ")", deadline, time));
    }

    /** @return the payload limit, measured with the worker's data converter */
    private PayloadLimit limit(ActivityExecutionContext context) {
        return new PayloadLimit(recipes.payloadLimit(), context.getWorkflowClient().getOptions().getDataConverter());
    }

    /** @return this worker's copies of the transcripts its calls referred to */
    TranscriptCache transcripts() {
        return transcripts;
    }

    private AgentRecipes.Lease lease(String name) {
        try {
            return recipes.lease(name);
        } catch (RuntimeException e) {
            throw CallFailures.toFailure(e);
        }
    }

    /**
     * The agent built by its recipe on its real model and tools (its served tools started) and the system clock: once
     * per resolution of the agent and start of its served tools, then reused.
     */
    private Agent agent(String name, AgentRecipes.Lease lease, ActivityExecutionContext context, boolean haltIfDown) {
        List<Tool> tools;
        try {
            tools = lease.registered().served() == null ? lease.tools() : Heartbeats.around(context, lease::tools);
        } catch (ActivityCompletionException e) {
            throw e;
        } catch (Exception e) {
            throw CallFailures.toFailure(haltIfDown ? new HaltException(String.valueOf(e.getMessage())) : e);
        }
        synchronized (agents) {
            Built built = agents.get(name);
            if (built != null && built.tools() == tools && built.registered() == lease.registered()) {
                return built.agent();
            }
        }
        Agent agent;
        try {
            // the agents it names are built on their real models and tools too; their calls name them, never it
            TreeAgents others = new TreeAgents(recipes::registered, (other, registered, agents) ->
                    new AgentMaterials(registered.model(), registered.tools(), RunClock.system(), agents));
            agent = lease.registered().recipe().build(new AgentMaterials(lease.registered().model(), tools,
                    RunClock.system(), others));
        } catch (RuntimeException e) {
            throw CallFailures.toFailure(e);
        }
        synchronized (agents) {
            agents.put(name, new Built(lease.registered(), tools, agent));
        }
        return agent;
    }

    /**
     * An agent as its recipe built it for the activities.
     *
     * @param registered the resolution it was built from
     * @param tools the tools it was built on
     * @param agent the agent
     */
    private record Built(AgentRecipes.Registered registered, List<Tool> tools, Agent agent) {}
}
