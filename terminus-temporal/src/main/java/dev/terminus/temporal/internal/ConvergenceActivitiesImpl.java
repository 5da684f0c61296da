package dev.terminus.temporal.internal;

import dev.terminus.agent.control.RunClock;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.Reply;
import dev.terminus.temporal.ConvergenceMaterials;
import dev.terminus.temporal.ConvergenceRecipes;
import dev.terminus.temporal.ConvergenceWorkflow;
import dev.terminus.temporal.wire.ConvergenceActivities;
import dev.terminus.temporal.wire.ConvergenceReply;
import dev.terminus.temporal.wire.ConvergenceTurn;
import dev.terminus.temporal.wire.FactPage;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.activity.ActivityInfo;
import io.temporal.client.ActivityCompletionException;
import io.temporal.client.WorkflowStub;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The turn activity of the engines of some {@link ConvergenceRecipes}: each engine is built once by its recipe on its
 * real agents and the system clock, and its agents are asked from there, on the activity's thread, while
 * {@link Heartbeats} heartbeat for it and interrupt the turn when Temporal ends the activity (the run was cancelled or
 * timed out, its workflow closed, the worker shuts down). A turn that refers to its context reads the facts this
 * worker's copy lacks from the workflow ({@link ContextCache}); a reply larger than the recipes' payload limit is
 * answered as the agent's failure, naming its size and the limit, instead of a completion the server would refuse.
 */
public final class ConvergenceActivitiesImpl implements ConvergenceActivities {
    private final ConvergenceRecipes recipes;
    private final Map<String, ConvergenceEngine> engines = new ConcurrentHashMap<>();
    private final ContextCache contexts = new ContextCache(ContextCache.DEFAULT_MAX_BYTES);
    /** The time a turn's context queries are tried again in. */
    private final TranscriptQueries.Time time = TranscriptQueries.Time.SYSTEM;

    /** @param recipes the engines */
    public ConvergenceActivitiesImpl(ConvergenceRecipes recipes) {
        this.recipes = recipes;
    }

    @Override
    public @Nullable ConvergenceReply propose(ConvergenceTurn turn) {
        WireVersions.check(turn.wireVersion(), "the turn of agent \"" + turn.agentName() + "\" of engine \""
                + turn.engineName() + "\"");
        ConvergenceAgent agent = agent(turn.engineName(), turn.agentName());
        ActivityExecutionContext activity = Activity.getExecutionContext();
        long deadline = TranscriptQueries.deadline(activity.getInfo().getStartToCloseTimeout(), time);
        Reply reply;
        try {
            reply = Heartbeats.around(activity, () -> agent.propose(context(activity, turn, deadline), turn.cycle()));
        } catch (ActivityCompletionException e) {
            throw e;
        } catch (Exception e) {
            throw CallFailures.toFailure(e);
        }
        if (reply == null) {
            return null;
        }
        return new PayloadLimit(recipes.payloadLimit(),
                activity.getWorkflowClient().getOptions().getDataConverter()).reply(turn.agentName(),
                ConvergenceReply.of(reply));
    }

    /** The context the turn carries, or the one it refers to, read through the workflow's query where not known. */
    private Context context(ActivityExecutionContext activity, ConvergenceTurn turn, long deadline) throws Exception {
        Integer entries = turn.contextEntries();
        if (entries == null) {
            return turn.context();
        }
        ActivityInfo info = activity.getInfo();
        WorkflowStub workflow = activity.getWorkflowClient().newUntypedWorkflowStub(info.getWorkflowId(),
                Optional.of(info.getRunId()), Optional.empty());
        return contexts.resolve(info.getWorkflowId(), info.getRunId(), entries, from -> TranscriptQueries.retried(
                "context", "the run's context", "workflow " + info.getWorkflowId() + " (run " + info.getRunId() + ")",
                () -> workflow.query(ConvergenceWorkflow.CONTEXT_QUERY, FactPage.class, from),
                deadline, time));
    }

    private ConvergenceAgent agent(String engineName, String agentName) {
        try {
            ConvergenceEngine engine = engines.computeIfAbsent(engineName, key -> {
                ConvergenceRecipes.Registered registered = recipes.registered(key);
                return registered.recipe().build(new ConvergenceMaterials(registered.agents(), RunClock.system()));
            });
            for (ConvergenceAgent agent : engine.agents()) {
                if (agent.name().equals(agentName)) {
                    return agent;
                }
            }
            throw new IllegalArgumentException("convergence engine \"" + engineName + "\" has no agent \"" + agentName
                    + "\"; its agents: " + engine.agentNames());
        } catch (RuntimeException e) {
            throw CallFailures.toFailure(e);
        }
    }
}
