package dev.terminus.temporal.internal;

import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.temporal.wire.ModelCall;

/**
 * The workflow's stand-in for an agent's model: its name and provider are the real model's, its calls are the model
 * activity's, numbered in the order the run makes them (deterministic, so the same on every replay).
 */
public final class ActivityModel implements Model {
    private final String agentName;
    private final Model real;
    private final ActivityCalls calls;
    private final TranscriptLedger ledger;
    private final RunPaths paths;
    private long next;

    /**
     * A model whose first call is the run's first.
     *
     * @param agentName the agent whose model it is
     * @param real the real model (only its name and provider are read here)
     * @param calls how calls are made
     */
    public ActivityModel(String agentName, Model real, ActivityCalls calls) {
        this(agentName, real, calls, new TranscriptLedger(), 0);
    }

    /**
     * @param agentName the agent whose model it is
     * @param real the real model (only its name and provider are read here)
     * @param calls how calls are made
     * @param ledger the workflow's transcript references, which an activity's call refers to
     * @param firstSequence the number of its first call: 0 for a new run, the calls made so far for a run that goes
     *     on in a new workflow execution (continue-as-new)
     */
    public ActivityModel(String agentName, Model real, ActivityCalls calls, TranscriptLedger ledger,
            long firstSequence) {
        this(agentName, real, calls, ledger, firstSequence, new RunPaths());
    }

    /**
     * A model of an agent of a tree, whose answers tell the execution's {@link RunPaths} which runs their calls start.
     *
     * @param agentName the agent whose model it is
     * @param real the real model (only its name and provider are read here)
     * @param calls how calls are made
     * @param ledger the workflow's transcript references, which an activity's call refers to
     * @param firstSequence the number of its first call
     * @param paths the places of the tree's runs
     */
    ActivityModel(String agentName, Model real, ActivityCalls calls, TranscriptLedger ledger, long firstSequence,
            RunPaths paths) {
        if (firstSequence < 0) {
            throw new IllegalArgumentException("firstSequence must be >= 0, was " + firstSequence);
        }
        this.agentName = agentName;
        this.real = real;
        this.calls = calls;
        this.ledger = ledger;
        this.paths = paths;
        this.next = firstSequence;
    }

    @Override
    public ModelResponse chat(ModelRequest request) throws Exception {
        ModelCall call = calls.recorded(ActivityCalls.Kind.MODEL)
                ? ModelCall.of(agentName, next++, request, ledger.refer(request.messages()))
                : ModelCall.of(agentName, next++, request);
        ModelResponse answer = calls.call(ActivityCalls.Kind.MODEL, activities -> activities.chat(call)).response();
        paths.answered(request.messages(), answer);
        return answer;
    }

    /** @return the number the next call gets: the calls made so far when the first was number 0 */
    public long nextSequence() {
        return next;
    }

    @Override
    public String name() {
        return real.name();
    }

    @Override
    public String provider() {
        return real.provider();
    }
}
