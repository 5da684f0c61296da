package dev.terminus.agent.internal;

import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Tool;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * The calls of one round run at once, each on its own virtual thread: every call is admitted in order (cap,
 * final-answer tool, unknown tools, arguments, hooks), the admitted ones run together, each within the per-tool
 * timeout, and their results are concluded in the model's order. Cancellation and the deadline interrupt them all.
 */
final class ParallelToolRound {
    private final ToolRound round;

    ParallelToolRound(ToolRound round) {
        this.round = round;
    }

    @Nullable Termination execute(List<ToolCall> calls, boolean offered) {
        int n = calls.size();
        @SuppressWarnings("unchecked")
        FutureTask<@Nullable Object>[] tasks = new FutureTask[n];
        long[] starts = new long[n];
        Termination end = null;
        int admittedUpTo = n;
        for (int i = 0; i < n && end == null; i++) {
            ToolCall call = calls.get(i);
            ToolRound.Prepared prepared = round.prepare(call, offered);
            end = prepared.end();
            if (end != null) {
                admittedUpTo = i + 1;
            } else if (prepared.tool() != null) {
                Tool tool = prepared.tool();
                round.reserved++;
                tasks[i] = new FutureTask<>(() -> tool.call(call.arguments(), round.state()));
                starts[i] = System.nanoTime();
                Thread.ofVirtual().name("terminus-tool-" + call.name()).start(tasks[i]);
            }
        }
        Termination concluded = concludeAll(calls, tasks, starts);
        if (concluded != null) {
            end = concluded;
        }
        if (end != null) {
            round.skipRest(calls, admittedUpTo, end);
        }
        return end;
    }

    private @Nullable Termination concludeAll(List<ToolCall> calls, FutureTask<@Nullable Object>[] tasks, long[] starts) {
        long timeout = round.toolTimeoutNanos();
        Termination end = null;
        for (int i = 0; i < tasks.length; i++) {
            FutureTask<@Nullable Object> task = tasks[i];
            if (task == null) {
                continue;
            }
            ToolCall call = calls.get(i);
            if (end != null) {
                task.cancel(true);
                round.skipRest(calls.subList(i, i + 1), 0, end);
                continue;
            }
            ToolRound.Outcome outcome;
            try {
                Object value = timeout > 0
                        ? task.get(Math.max(0, starts[i] + timeout - System.nanoTime()), TimeUnit.NANOSECONDS)
                        : task.get();
                outcome = round.success(call, value, System.nanoTime() - starts[i]);
            } catch (TimeoutException e) {
                task.cancel(true);
                outcome = round.failure(call, e, System.nanoTime() - starts[i]);
            } catch (Throwable e) {
                outcome = round.failure(call, e, System.nanoTime() - starts[i]);
            }
            round.reserved--;
            end = outcome.end() != null ? outcome.end() : round.conclude(call, outcome);
            if (outcome.end() != null) {
                task.cancel(true);
                round.skipRest(calls.subList(i, i + 1), 0, end);
            }
        }
        return end;
    }
}
