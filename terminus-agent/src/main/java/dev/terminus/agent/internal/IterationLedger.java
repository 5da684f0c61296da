package dev.terminus.agent.internal;

import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A run's iterations as they pass: the open one (its start, usage, finish reason and the tool calls before it) and the
 * finished ones, kept in parallel arrays and built into {@link IterationRecord}s only when asked. Not thread-safe:
 * {@link RunState} guards it as it guards its own counters.
 */
final class IterationLedger {
    private int count;
    private Usage[] usages = new Usage[0];
    private int[] toolCalls = new int[0];
    private @Nullable FinishReason[] finishes = new FinishReason[0];
    private long[] nanos = new long[0];

    private boolean open;
    private long start;
    /** Set (by the run's thread, without the lock) when the open iteration ended; recorded at the next lock. */
    private boolean ended;
    private long end;
    private int toolCallsBefore;
    private Usage usage = Usage.ZERO;
    private @Nullable FinishReason finish;

    /** Records the iteration that ended, if any, and opens the next at {@code nowNanos}. */
    void open(long nowNanos, int toolCallsSoFar) {
        recordEnded(toolCallsSoFar);
        open = true;
        start = nowNanos;
        toolCallsBefore = toolCallsSoFar;
        usage = Usage.ZERO;
        finish = null;
    }

    /** Adds a call's tokens to the open iteration. */
    void add(Usage callUsage) {
        usage = usage == Usage.ZERO ? callUsage : usage.plus(callUsage);
    }

    /** @param reason how the open iteration's model answer finished */
    void finish(FinishReason reason) {
        finish = reason;
    }

    /** @return the tool calls executed in the open iteration, out of the run's {@code toolCallsSoFar} */
    int toolCallsIn(int toolCallsSoFar) {
        return toolCallsSoFar - toolCallsBefore;
    }

    /** Marks the open iteration ended at {@code nowNanos}; it is recorded at the next {@link #open} or {@link #close}. */
    void markEnded(long nowNanos) {
        if (open) {
            end = nowNanos;
            ended = true;
        }
    }

    /** Ends the open iteration at {@code nowNanos} unless it was marked ended, and records it. */
    void close(long nowNanos, int toolCallsSoFar) {
        if (open && !ended) {
            end = nowNanos;
            ended = true;
        }
        recordEnded(toolCallsSoFar);
    }

    private void recordEnded(int toolCallsSoFar) {
        if (open && ended) {
            if (count == nanos.length) {
                grow(Math.max(8, count * 2));
            }
            usages[count] = usage;
            toolCalls[count] = toolCallsSoFar - toolCallsBefore;
            finishes[count] = finish;
            nanos[count] = end - start;
            count++;
            open = false;
            ended = false;
        }
    }

    private void grow(int capacity) {
        usages = Arrays.copyOf(usages, capacity);
        toolCalls = Arrays.copyOf(toolCalls, capacity);
        finishes = Arrays.copyOf(finishes, capacity);
        nanos = Arrays.copyOf(nanos, capacity);
    }

    /**
     * @param iteration the number of the open iteration
     * @return the records so far; an open iteration is included as if it ended at {@code nowNanos}
     */
    List<IterationRecord> records(int iteration, int toolCallsSoFar, long nowNanos) {
        IterationRecord[] all = new IterationRecord[count + (open ? 1 : 0)];
        for (int i = 0; i < count; i++) {
            all[i] = new IterationRecord(i + 1, usages[i], toolCalls[i], finishes[i], Duration.ofNanos(nanos[i]));
        }
        if (open) {
            all[count] = new IterationRecord(iteration, usage, toolCallsSoFar - toolCallsBefore, finish,
                    Duration.ofNanos(nowNanos - start));
        }
        return List.of(all);
    }

    /**
     * Restores the first {@code finished} records, and the open iteration: none when {@code paused} is null, else
     * that record's iteration open again, its usage, tool calls and time counting on from {@code nowNanos}.
     */
    void restore(List<IterationRecord> records, int finished, @Nullable IterationRecord paused, boolean reopen,
            int toolCallsSoFar, long nowNanos) {
        count = 0;
        grow(Math.max(8, finished));
        for (int i = 0; i < finished; i++) {
            IterationRecord record = records.get(i);
            usages[i] = record.usage();
            toolCalls[i] = record.toolCalls();
            finishes[i] = record.finishReason();
            nanos[i] = record.duration().toNanos();
        }
        count = finished;
        open = reopen;
        ended = false;
        if (reopen) {
            start = nowNanos - (paused == null ? 0 : paused.duration().toNanos());
            usage = paused == null ? Usage.ZERO : paused.usage();
            toolCallsBefore = toolCallsSoFar - (paused == null ? 0 : paused.toolCalls());
            finish = paused == null ? null : paused.finishReason();
        }
    }
}
