package dev.terminus.converge.internal;

import dev.terminus.Termination;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.control.SupervisedCall;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.Reply;
import java.util.concurrent.CancellationException;

/**
 * Calls an agent: on the coordinating thread (no time budget, not cancellable from a handle), supervised on a
 * virtual thread of its own, which is interrupted at the deadline or on cancellation and abandoned after the grace,
 * or on the coordinating thread under an engine's control, which stops the call itself. What an agent throws is an
 * outcome when it is an exception; an {@code Error} passes through (a workflow's thread destroyed by Temporal, a
 * stack overflow), as in the agent loop (ADR 0022).
 */
public final class AgentCalls {
    private AgentCalls() {}

    /** Where an agent's turn runs, and so what stops it. */
    public enum Mode {
        /** On the coordinating thread, whose interrupt cancels the run. */
        CALLER,
        /** On a virtual thread of its own, interrupted at the deadline or on cancellation, abandoned after a grace. */
        SUPERVISED,
        /**
         * On the coordinating thread under an engine's control (a workflow's): nothing is started or interrupted; the
         * engine stops the turn (cancels its activity), and a turn that fails once the run is stopped or past its
         * deadline ends the run {@code Cancelled} or {@code TimeBudgetExhausted}, read on the run's clock.
         */
        ENGINE
    }

    /** How a call ended. */
    public sealed interface Outcome {}

    /** @param reply what the agent answered (possibly null: a defect of the agent) */
    public record Replied(Reply reply) implements Outcome {}

    /** @param error what the agent threw (an exception: an {@code Error} is not caught, ADR 0022) */
    public record Threw(Exception error) implements Outcome {}

    /** @param termination the run must stop: cancelled or out of time */
    public record Stopped(Termination termination) implements Outcome {}

    /**
     * @param agent the agent
     * @param context the cycle's context
     * @param cycle the cycle
     * @param control the run's control
     * @param mode where the turn runs
     * @param graceNanos how long a supervised agent may take to end once interrupted
     * @return how it ended
     */
    public static Outcome call(ConvergenceAgent agent, Context context, int cycle, RunControl control, Mode mode,
            long graceNanos) {
        return switch (mode) {
            case CALLER -> inline(agent, context, cycle, control);
            case SUPERVISED -> supervised(agent, context, cycle, control, graceNanos);
            case ENGINE -> underEngine(agent, context, cycle, control);
        };
    }

    private static Outcome inline(ConvergenceAgent agent, Context context, int cycle, RunControl control) {
        Reply reply;
        try {
            reply = agent.propose(context, cycle);
        } catch (InterruptedException e) {
            control.interruptedWhileWaiting();
            return new Stopped(stopping(control));
        } catch (Exception e) {
            return control.noteInterrupt() || control.isCancelled() ? new Stopped(stopping(control)) : new Threw(e);
        }
        return control.noteInterrupt() || control.isCancelled() ? new Stopped(stopping(control)) : new Replied(reply);
    }

    private static Outcome underEngine(ConvergenceAgent agent, Context context, int cycle, RunControl control) {
        Reply reply;
        try {
            reply = agent.propose(context, cycle);
        } catch (Exception e) {
            // the engine cut the turn (cancelled, at the deadline, or its call timed out with the run's time): the
            // run's stop is how it ends, read on the clock, since the deadline's timer may not have fired yet
            Termination stop = control.check();
            return stop != null ? new Stopped(stop) : new Threw(e);
        }
        Termination stop = control.interruption();
        return stop != null ? new Stopped(stop) : new Replied(reply);
    }

    private static Outcome supervised(ConvergenceAgent agent, Context context, int cycle, RunControl control,
            long graceNanos) {
        try {
            // no time limit of the call's own: the run's deadline stops it, through the control, with the grace
            Reply reply = SupervisedCall.of(control, "terminus-converge-" + agent.name()).grace(graceNanos)
                    .call(() -> agent.propose(context, cycle));
            // an agent that answered its interrupt within the grace answered a run that is stopping: the run's stop
            // (cancelled, out of time) is how it ends, not what the interrupted agent made of its interrupt
            return control.isStopped() ? new Stopped(stopping(control)) : new Replied(reply);
        } catch (InterruptedException | CancellationException e) {
            return new Stopped(stopping(control));
        } catch (Exception e) {
            return new Threw(e);
        }
    }

    /** @return how a run that stopped during an agent's turn ends: cancelled, or out of time */
    private static Termination stopping(RunControl control) {
        Termination stop = control.interruption();
        return stop != null ? stop : control.cancellation();
    }
}
