package dev.terminus.converge.internal;

import dev.terminus.agent.GateDecision;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.converge.ConvergenceContinuation;
import dev.terminus.converge.Pause;

/** The checks before a paused run is resumed, and what is done with its pause after. */
public final class Resumption {
    private static final System.Logger LOG = System.getLogger("dev.terminus.converge");

    private Resumption() {}

    /**
     * Refuses a misuse of a resume, before anything runs.
     *
     * @param spec the engine resuming
     * @param pause the pause
     * @param decision the decision
     * @throws IllegalArgumentException when the decision is for another gate, approves with arguments or gives input, or the pause
     *     was written by an engine of another name or with other agents (the message names the field and both values)
     */
    public static void check(EngineSpec spec, Pause pause, GateDecision decision) {
        if (decision instanceof GateDecision.ApproveWithArguments edited) {
            throw new IllegalArgumentException("the decision approves gate \"" + edited.gateId() + "\" with arguments "
                    + edited.arguments() + ", but a convergence run's proposal has no arguments to edit: approve or"
                    + " reject it");
        }
        if (decision instanceof GateDecision.Answer answer) {
            throw new IllegalArgumentException("the decision answers gate \"" + answer.gateId() + "\" with input "
                    + answer.content() + ", but a convergence run's gate waits for approval of a proposal: approve or"
                    + " reject it");
        }
        if (!decision.gateId().equals(pause.gateId())) {
            throw new IllegalArgumentException("the decision is for gate \"" + decision.gateId()
                    + "\", but the pause waits at gate \"" + pause.gateId() + "\"");
        }
        if (!pause.agents().equals(spec.agentNames())) {
            throw new IllegalArgumentException("the pause was written by an engine with agents " + pause.agents()
                    + ", but this engine has agents " + spec.agentNames());
        }
        if (!pause.engine().equals(spec.name())) {
            throw new IllegalArgumentException("Pause.engine is \"" + pause.engine() + "\", but this engine is named \""
                    + spec.name() + "\"");
        }
    }

    /**
     * Refuses to go on from a continuation another engine wrote, before anything runs.
     *
     * @param spec the engine going on
     * @param from the continuation
     * @throws IllegalArgumentException when it was written by an engine of another name or with other agents (the
     *     message names the field and both values)
     */
    public static void check(EngineSpec spec, ConvergenceContinuation from) {
        if (!from.agents().equals(spec.agentNames())) {
            throw new IllegalArgumentException("the continuation was written by an engine with agents " + from.agents()
                    + ", but this engine has agents " + spec.agentNames());
        }
        if (!from.engine().equals(spec.name())) {
            throw new IllegalArgumentException("ConvergenceContinuation.engine is \"" + from.engine()
                    + "\", but this engine is named \"" + spec.name() + "\"");
        }
    }

    /**
     * Deletes a resumed pause from the engine's store, when it has one; a failure is logged, as the run has ended.
     *
     * @param spec the engine
     * @param pause the resumed pause
     */
    public static void forget(EngineSpec spec, Pause pause) {
        GateStore<Pause> store = spec.store();
        if (store != null) {
            try {
                store.delete(pause.gateId());
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "could not delete the resumed pause " + pause.gateId()
                        + " from " + store, e);
            }
        }
    }
}
