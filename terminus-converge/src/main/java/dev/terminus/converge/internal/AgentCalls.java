package dev.terminus.converge.internal;

import dev.terminus.Termination;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.Context;
import dev.terminus.converge.Reply;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Calls an agent: on the coordinating thread (no time budget, not cancellable from a handle), or supervised on a
 * virtual thread of its own, which is interrupted and abandoned at the deadline or on cancellation.
 */
public final class AgentCalls {
    private AgentCalls() {}

    /** How a call ended. */
    public sealed interface Outcome {}

    /** @param reply what the agent answered (possibly null: a defect of the agent) */
    public record Replied(Reply reply) implements Outcome {}

    /** @param error what the agent threw */
    public record Threw(Throwable error) implements Outcome {}

    /** @param termination the run must stop: cancelled or out of time */
    public record Stopped(Termination termination) implements Outcome {}

    /**
     * @param agent the agent
     * @param context the cycle's context
     * @param cycle the cycle
     * @param control the run's control
     * @param supervised whether to run it on its own thread
     * @return how it ended
     */
    public static Outcome call(ConvergenceAgent agent, Context context, int cycle, RunControl control,
            boolean supervised) {
        return supervised ? supervised(agent, context, cycle, control) : inline(agent, context, cycle, control);
    }

    private static Outcome inline(ConvergenceAgent agent, Context context, int cycle, RunControl control) {
        Reply reply;
        try {
            reply = agent.propose(context, cycle);
        } catch (InterruptedException e) {
            control.cancel(Termination.Cancelled.THREAD_INTERRUPT);
            return new Stopped(control.cancellation());
        } catch (Throwable e) {
            rethrowIfFatal(e);
            Termination stop = control.cancelled();
            return stop != null ? new Stopped(stop) : new Threw(e);
        }
        Termination stop = control.cancelled();
        return stop != null ? new Stopped(stop) : new Replied(reply);
    }

    private static Outcome supervised(ConvergenceAgent agent, Context context, int cycle, RunControl control) {
        FutureTask<Reply> task = new FutureTask<>(() -> agent.propose(context, cycle));
        Thread.ofVirtual().name("terminus-converge-" + agent.name()).start(task);
        try {
            Reply reply = control.hasDeadline() ? task.get(control.remainingNanos(), TimeUnit.NANOSECONDS) : task.get();
            return new Replied(reply);
        } catch (ExecutionException e) {
            return new Threw(e.getCause() == null ? e : e.getCause());
        } catch (TimeoutException e) {
            task.cancel(true);
            Termination stop = control.cancelled();
            return new Stopped(stop != null ? stop : control.timeUp());
        } catch (InterruptedException e) {
            task.cancel(true);
            control.cancel(Termination.Cancelled.THREAD_INTERRUPT);
            return new Stopped(control.cancellation());
        }
    }

    /** Lets the JVM's own failures through (but not a stack overflow, which one agent's recursion can cause). */
    static void rethrowIfFatal(Throwable e) {
        if (e instanceof VirtualMachineError && !(e instanceof StackOverflowError)) {
            throw (VirtualMachineError) e;
        }
    }
}
