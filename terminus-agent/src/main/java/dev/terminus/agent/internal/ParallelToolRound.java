package dev.terminus.agent.internal;

import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Tool;
import dev.terminus.agent.control.RunClock;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * The calls of one round run at once, each on its own virtual thread: every call is admitted in order (cap,
 * final-answer tool, unknown tools, arguments, hooks), the admitted ones run together, each within the per-tool
 * timeout, and their results are concluded in the model's order. Answers given without running a tool (refusals,
 * mistakes, the final answer) are given at their place in that order too, so the transcript and the mistake count
 * read as if the calls had run one after the other. Cancellation and the deadline interrupt them all, and no tool of
 * the round is left running when it ends, whatever happens.
 */
final class ParallelToolRound {
    private final ToolRound round;
    private final RunClock clock;

    ParallelToolRound(ToolRound round) {
        this.round = round;
        this.clock = round.run().clock();
    }

    @Nullable Termination execute(List<ToolCall> calls, boolean offered) {
        int n = calls.size();
        @SuppressWarnings("unchecked")
        ToolTask[] tasks = new ToolTask[n];
        ToolRound.Prepared[] prepared = new ToolRound.Prepared[n];
        long[] starts = new long[n];
        try {
            Termination stop = null;
            int admitted = 0;
            while (admitted < n) {
                stop = round.run().control().interruption();
                if (stop != null) {
                    break;
                }
                ToolCall call = calls.get(admitted);
                ToolRound.Prepared decision = round.prepare(call, offered);
                prepared[admitted] = decision;
                Tool tool = decision.tool();
                if (tool != null) {
                    round.reserved++;
                    ToolTask task = new ToolTask(() -> tool.call(call.arguments(), round.state()));
                    tasks[admitted] = task;
                    round.run().toolStarted(call);
                    starts[admitted] = clock.nanoTime();
                    Thread.ofVirtual().name("terminus-tool-" + call.name()).start(task);
                }
                admitted++;
                if (decision.ends()) {
                    break;
                }
            }
            Termination end = concludeAll(calls, tasks, prepared, starts, admitted, stop);
            if (end != null) {
                round.skipRest(calls, admitted, end);
            }
            return end;
        } finally {
            for (ToolTask task : tasks) {
                if (task != null) {
                    task.cancel(true);
                }
            }
        }
    }

    private @Nullable Termination concludeAll(List<ToolCall> calls, ToolTask[] tasks,
            ToolRound.Prepared[] prepared, long[] starts, int admitted, @Nullable Termination stop) {
        long timeout = round.toolTimeoutNanos();
        Termination end = stop;
        boolean childrenCut = false;
        for (int i = 0; i < admitted; i++) {
            ToolTask task = tasks[i];
            ToolCall call = calls.get(i);
            if (end != null) {
                if (!childrenCut) { // agents the round's calls run end their own way, and are kept, before the rest
                    cutRunningChildren();
                    childrenCut = true;
                }
                if (task == null) {
                    round.skip(call, end);
                } else if (task.cancel(true)) {
                    round.stopped(call, end);
                } else {
                    // it finished before the run ended: it ran, so it counts and its real result is kept
                    round.reserved--;
                    round.late(call, finished(call, task, starts[i]), end);
                }
                continue;
            }
            if (task == null) {
                end = prepared[i].give();
                continue;
            }
            ToolRound.Outcome outcome;
            try {
                if (timeout > 0 && !(prepared[i].tool() instanceof SubAgentTool)) { // an agent's call ends itself
                    clock.await(task.finished, Math.max(0, starts[i] + timeout - clock.nanoTime()));
                }
                Object value = task.get();
                outcome = round.success(call, value, clock.nanoTime() - starts[i]);
            } catch (TimeoutException e) {
                outcome = task.cancel(true)
                        ? round.failure(call, e, clock.nanoTime() - starts[i])
                        : finished(call, task, starts[i]); // it finished just as the wait ran out
            } catch (Exception e) {
                // an Error of the tool comes wrapped (ExecutionException): failure() throws it again, and the round's
                // end cancels the other calls
                outcome = round.failure(call, e, clock.nanoTime() - starts[i]);
            }
            round.reserved--;
            if (outcome.end() != null) {
                task.cancel(true);
                end = round.ended(call, outcome.end());
            } else {
                end = round.conclude(call, outcome);
            }
        }
        return end;
    }

    /** Stops the agents still running on the round's calls and waits for their ends, within the run's grace. */
    private void cutRunningChildren() {
        ParentRun parent = round.state().tree.asParent;
        if (parent != null) {
            parent.cutRunningChildren(round.run().graceNanos());
        }
    }

    /** The outcome of a task known to be done and not cancelled. */
    private ToolRound.Outcome finished(ToolCall call, ToolTask task, long start) {
        long nanos = clock.nanoTime() - start;
        return task.state() == java.util.concurrent.Future.State.SUCCESS
                ? round.success(call, task.resultNow(), nanos)
                : round.failure(call, task.exceptionNow(), nanos);
    }

    /** A tool's call on a thread of its own, whose end the run's clock can wait for. */
    private static final class ToolTask extends FutureTask<@Nullable Object> {
        private final CompletableFuture<@Nullable Void> finished = new CompletableFuture<>();

        ToolTask(Callable<@Nullable Object> body) {
            super(body);
        }

        @Override
        protected void done() {
            finished.complete(null);
        }
    }
}
