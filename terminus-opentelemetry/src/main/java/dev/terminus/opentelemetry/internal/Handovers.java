package dev.terminus.opentelemetry.internal;

import dev.terminus.agent.RunContext;
import java.lang.ref.WeakReference;
import org.jspecify.annotations.Nullable;

/**
 * Follows a run handed to another agent ({@code AgentBuilder.handoff}) into the other agent's part. That part publishes
 * its events with a context of its own, which {@code RunStarted} never announced: this listener would not know it.
 * The run is handed over on its own thread, after the round in which its agent called a {@code transfer_to_<name>}
 * tool; the next event of an unknown run on that thread is the same run's, with the other agent, and is given the
 * run's trace. A transfer that does not hand the run over (a tool of the application so named) leaves a mark that the
 * run's end clears; a run with a context of its own never looks for one.
 */
final class Handovers {
    /** The names of the tools that hand a run over: {@code transfer_to_<agent>}. */
    static final String TRANSFER_PREFIX = "transfer_to_";

    private final ThreadLocal<@Nullable Handover> pending = new ThreadLocal<>();

    /**
     * A transfer tool of the run ended without error, on the run's thread: the run goes on with another agent after
     * this round.
     *
     * @param run the run's context so far
     * @param trace its trace
     */
    void transferred(RunContext run, RunTrace trace) {
        pending.set(new Handover(new WeakReference<>(run), trace));
    }

    /**
     * An event of a run the registry does not know: when this thread's run was just handed over, the event is that
     * run's, and its trace is moved to the new context.
     *
     * @param run the event's run
     * @param runs the open runs
     * @return the run's trace, or null when the event is no handed-over run's
     */
    @Nullable RunTrace adopt(RunContext run, RunRegistry runs) {
        Handover handover = pending.get();
        if (handover == null) {
            return null;
        }
        pending.remove();
        RunContext before = handover.from.get();
        if (before == null || runs.remove(before) != handover.trace) {
            return null; // that run has ended since: the event is another's
        }
        RunTrace kept = runs.putIfAbsent(run, handover.trace);
        return kept == null ? handover.trace : kept;
    }

    /**
     * The run ended: a mark it left on this thread goes.
     *
     * @param trace the run's trace
     */
    void ended(RunTrace trace) {
        Handover handover = pending.get();
        if (handover != null && handover.trace == trace) {
            pending.remove();
        }
    }

    /** The run that called a transfer, weakly: the mark must not keep a run alive. */
    private record Handover(WeakReference<RunContext> from, RunTrace trace) {}
}
