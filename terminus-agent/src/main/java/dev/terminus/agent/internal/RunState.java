package dev.terminus.agent.internal;

import dev.terminus.Message;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The mutable state of one run, owned by the run's thread, and the read-only {@link RunContext} view user code
 * sees. Transcript appends are synchronized so a supervisor that gives up on a hung run can copy it safely.
 */
final class RunState implements RunContext {
    private final String agentName;
    private final long startNanos;
    private final ArrayList<Message> transcript = new ArrayList<>();
    private final List<Message> view = Collections.unmodifiableList(transcript);
    private final ArrayList<IterationRecord> records = new ArrayList<>();

    int iteration;
    int toolCalls;
    Usage usage = Usage.ZERO;
    BigDecimal cost = BigDecimal.ZERO;
    int consecutiveMistakes;
    @Nullable String finalAnswer;

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

    synchronized List<Message> copyTranscript() {
        return List.copyOf(transcript);
    }

    synchronized List<Message> copyTranscript(int from) {
        return List.copyOf(transcript.subList(from, transcript.size()));
    }

    synchronized void addRecord(IterationRecord record) {
        records.add(record);
    }

    synchronized List<IterationRecord> copyRecords() {
        return List.copyOf(records);
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
