package dev.terminus.temporal.internal;

import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.temporal.ModelCall;

/**
 * The workflow's stand-in for an agent's model: its name and provider are the real model's, its calls are the model
 * activity's.
 */
public final class ActivityModel implements Model {
    private final String agentName;
    private final Model real;
    private final ActivityCalls calls;

    /**
     * @param agentName the agent whose model it is
     * @param real the real model (only its name and provider are read here)
     * @param calls how calls are made
     */
    public ActivityModel(String agentName, Model real, ActivityCalls calls) {
        this.agentName = agentName;
        this.real = real;
        this.calls = calls;
    }

    @Override
    public ModelResponse chat(ModelRequest request) throws Exception {
        ModelCall call = ModelCall.of(agentName, request);
        return calls.call(ActivityCalls.Kind.MODEL, activities -> activities.chat(call)).response();
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
