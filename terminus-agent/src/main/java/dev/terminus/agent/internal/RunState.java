package dev.terminus.agent.internal;

import dev.terminus.Message;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The mutable state of one run, owned by the run's thread, and the read-only {@link RunContext} view user code
 * sees. Every write is synchronized, and the open iteration's accounting lives here too, so a supervisor that gives
 * up on a hung run takes a {@link #snapshot()} whose usage and tool calls are the sums over its iterations.
 */
final class RunState implements RunContext {
    private final String agentName;
    private final long startNanos;
    private final ArrayList<Message> transcript = new ArrayList<>();
    private final List<Message> view = Collections.unmodifiableList(transcript);
    private final ArrayList<IterationRecord> records = new ArrayList<>();

    volatile int iteration;
    volatile int toolCalls;
    volatile Usage usage = Usage.ZERO;
    volatile BigDecimal cost = BigDecimal.ZERO;
    int consecutiveMistakes;
    volatile @Nullable String finalAnswer;

    private boolean iterationOpen;
    private long iterationStart;
    private int iterationToolCallsBefore;
    private Usage iterationUsage = Usage.ZERO;
    private @Nullable FinishReason iterationFinish;

    /** What a run has at one moment, taken atomically. */
    record Snapshot(List<Message> transcript, List<IterationRecord> records, Usage usage, BigDecimal cost,
            int toolCalls) {}

    RunState(String agentName, long startNanos) {
        this.agentName = agentName;
        this.startNanos = startNanos;
    }

    synchronized void append(Message message) {
        transcript.add(message);
    }

    synchronized int transcriptSize() {
        return transcript.size();
    }

    synchronized List<Message> copyTranscript(int from) {
        return List.copyOf(transcript.subList(from, transcript.size()));
    }

    /** Starts the next iteration's accounting. */
    synchronized void openIteration() {
        iteration++;
        iterationOpen = true;
        iterationStart = System.nanoTime();
        iterationToolCallsBefore = toolCalls;
        iterationUsage = Usage.ZERO;
        iterationFinish = null;
    }

    /** Adds a model answer's usage and cost to the run and to the open iteration. */
    synchronized void recordModelCall(Usage callUsage, BigDecimal callCost, FinishReason finish) {
        usage = usage.plus(callUsage);
        cost = cost.add(callCost);
        iterationUsage = iterationUsage.plus(callUsage);
        iterationFinish = finish;
    }

    synchronized void countToolCall() {
        toolCalls++;
    }

    /** @return the tool calls executed in the open iteration */
    synchronized int iterationToolCalls() {
        return toolCalls - iterationToolCallsBefore;
    }

    /** Ends the open iteration's accounting, if one is open. */
    synchronized void closeIteration() {
        if (iterationOpen) {
            iterationOpen = false;
            records.add(openRecord());
        }
    }

    /** @return the run so far; an open iteration is included as if it ended now */
    synchronized Snapshot snapshot() {
        List<IterationRecord> all = new ArrayList<>(records);
        if (iterationOpen) {
            all.add(openRecord());
        }
        return new Snapshot(List.copyOf(transcript), List.copyOf(all), usage, cost, toolCalls);
    }

    private IterationRecord openRecord() {
        return new IterationRecord(iteration, iterationUsage, toolCalls - iterationToolCallsBefore, iterationFinish,
                Duration.ofNanos(System.nanoTime() - iterationStart));
    }

    long startNanos() {
        return startNanos;
    }

    @Override
    public String agentName() {
        return agentName;
    }

    @Override
    public int iteration() {
        return iteration;
    }

    @Override
    public int toolCallCount() {
        return toolCalls;
    }

    @Override
    public Usage usage() {
        return usage;
    }

    @Override
    public BigDecimal costUsd() {
        return cost;
    }

    @Override
    public Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    @Override
    public List<Message> transcript() {
        return view;
    }
}
