package dev.terminus.agent.internal;

import dev.terminus.agent.RunContext;
import dev.terminus.agent.control.ForwardingRunContext;

/**
 * The one context a run's listeners get for all of its events when the run may be handed from agent to agent (ADR
 * 0030): it reads the state of the agent that has the run now, so a listener keyed by the run's identity sees one run
 * across its handoffs. A run of an agent without handoffs hands its listeners its state itself.
 */
final class RunRelay extends ForwardingRunContext {
    private volatile RunState current;

    RunRelay(RunState first) {
        this.current = first;
    }

    /** @param next the state of the agent the run was handed to */
    void handedTo(RunState next) {
        this.current = next;
    }

    @Override
    protected RunContext delegate() {
        return current;
    }

    @Override
    public String toString() {
        return "RunRelay[" + current.agentName() + "]";
    }
}
