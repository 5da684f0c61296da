package dev.terminus.temporal.internal;

import dev.terminus.agent.Agent;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.RunClock;
import dev.terminus.temporal.AgentActivities;
import dev.terminus.temporal.AgentMaterials;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.IdempotencyKey;
import dev.terminus.temporal.ModelAnswer;
import dev.terminus.temporal.ModelCall;
import dev.terminus.temporal.ModelCallSequence;
import dev.terminus.temporal.ToolInvocation;
import dev.terminus.Message;
import dev.terminus.agent.RunContext;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.RunSnapshot;
import dev.terminus.temporal.TranscriptPage;
import dev.terminus.temporal.TranscriptReference;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.activity.ActivityInfo;
import io.temporal.client.WorkflowStub;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import io.temporal.client.ActivityCompletionException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The activities of the agents of some {@link AgentRecipes}: each agent is built once by its recipe on its real model
 * and tools and the system clock, and its model and tools are called from there, on the activity's thread, while
 * {@link Heartbeats} heartbeat for it and interrupt the call when Temporal ends the activity (its cancellation, its
 * timeout, its workflow's end, the worker's shutdown).
 */
public final class AgentActivitiesImpl implements AgentActivities {
    private final AgentRecipes recipes;
    private final Map<String, Agent> agents = new ConcurrentHashMap<>();
    private final TranscriptCache transcripts;

    /** @param recipes the agents */
    public AgentActivitiesImpl(AgentRecipes recipes) {
        this.recipes = recipes;
        this.transcripts = new TranscriptCache(recipes.transcriptCacheChars());
    }

    @Override
    public ModelAnswer chat(ModelCall call) {
        Agent agent = agent(call.agentName());
        ActivityExecutionContext context = Activity.getExecutionContext();
        try {
            ModelAnswer answer = ModelAnswer.of(Heartbeats.around(context, () -> ModelCallSequence.with(
                    call.sequence(),
                    () -> agent.model().chat(call.request(transcript(context, call.messages(), call.transcript()))))));
            return limit(context).modelAnswer(answer);
        } catch (ActivityCompletionException e) {
            throw e;
        } catch (Exception e) {
            throw CallFailures.toFailure(e);
        }
    }

    @Override
    public String callTool(ToolInvocation call) {
        Agent agent = agent(call.agentName());
        Tool tool = agent.tools().get(call.toolName());
        if (tool == null) {
            throw CallFailures.toFailure(new IllegalArgumentException("agent \"" + call.agentName()
                    + "\" has no tool \"" + call.toolName() + "\"; its tools: " + agent.tools().keySet()));
        }
        ActivityExecutionContext context = Activity.getExecutionContext();
        RunSnapshot run = call.run();
        RunContext runContext = new SnapshotContext(run, () -> transcript(context, run.messages(), run.transcript()));
        try {
            String result = Tools.resultText(Heartbeats.around(context,
                    () -> IdempotencyKey.with(call.idempotencyKey(), () -> tool.call(call.arguments(), runContext))));
            return limit(context).toolResult(call.toolName(), result);
        } catch (ActivityCompletionException e) {
            throw e;
        } catch (Exception e) {
            throw CallFailures.toFailure(e);
        }
    }

    /**
     * The transcript a call carries, or the one it refers to: this worker's copy, with the messages it lacks read from
     * the workflow through its transcript query.
     */
    private List<Message> transcript(ActivityExecutionContext context, List<Message> carried,
            @Nullable TranscriptReference reference) throws Exception {
        if (reference == null) {
            return carried;
        }
        ActivityInfo info = context.getInfo();
        WorkflowStub workflow = context.getWorkflowClient().newUntypedWorkflowStub(info.getWorkflowId(),
                Optional.of(info.getRunId()), Optional.empty());
        return transcripts.resolve(info.getWorkflowId(), info.getRunId(), reference, (generation, from) ->
                workflow.query(AgentWorkflow.TRANSCRIPT_QUERY, TranscriptPage.class, generation, from));
    }

    /** @return the payload limit, measured with the worker's data converter */
    private PayloadLimit limit(ActivityExecutionContext context) {
        return new PayloadLimit(recipes.payloadLimit(), context.getWorkflowClient().getOptions().getDataConverter());
    }

    /** @return this worker's copies of the transcripts its calls referred to */
    TranscriptCache transcripts() {
        return transcripts;
    }

    private Agent agent(String name) {
        try {
            return agents.computeIfAbsent(name, key -> {
                AgentRecipes.Registered registered = recipes.registered(key);
                return registered.recipe().build(
                        new AgentMaterials(registered.model(), registered.tools(), RunClock.system()));
            });
        } catch (RuntimeException e) {
            throw CallFailures.toFailure(e);
        }
    }
}
