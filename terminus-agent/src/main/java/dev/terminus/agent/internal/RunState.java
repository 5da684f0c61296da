package dev.terminus.agent.internal;

import dev.terminus.Message;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.SupervisedCall;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The mutable state of one run, owned by the run's thread, and the read-only {@link RunContext} view user code
 * sees. Only the run's thread writes it, and every write is synchronized (when the state is shared, below), so a
 * supervisor that gives up on a hung run takes a {@link #snapshot()} whose usage and tool calls are the sums over its iterations. The run's thread
 * reads its own state without the lock (the package-private fields and methods marked so); any other thread reads
 * through the synchronized {@link RunContext} methods or {@link #snapshot()}.
 *
 * <p>To keep the run's thread cheap, writes are grouped: one locked section opens an iteration (and records the
 * iteration that ended before it), one records a model answer, one a tool result. The lock is taken only when
 * another thread may read the state while the run's thread writes it ({@code shared}: a supervised run, whose
 * supervisor may take a snapshot; parallel tool calls or a per-tool timeout, whose tools run on threads of their
 * own); an inline run of sequential tools writes without it, no other thread ever looking. Token counts are kept as
 * longs and the cost in a {@link CostMeter}; the {@link Usage}, the cost and the iteration records are built when
 * asked.
 */
final class RunState implements RunContext {
    private final String agentName;
    private final RunClock clock;
    private final long startNanos;
    /** Whether another thread may read this state while the run's thread writes it: writes take the lock. */
    private final boolean shared;
    private final ArrayList<Message> transcript = new ArrayList<>();
    /** Where tools' progress reports go: the run's listeners, once the run has its dispatcher. */
    private volatile @Nullable EventDispatcher progressEvents;
    /** The run's model and listeners, lent to its tools ({@link #askModel}); set before any tool runs. */
    private @Nullable Model lentModel;
    private @Nullable EventDispatcher lentEvents;
    private @Nullable SupervisedCall lentSupervised;
    /**
     * The model calls tools made ({@link #askModel}), written under the lock after their usage: the run's thread
     * reads it before it reads the totals without the lock, so it sees usage another thread added.
     */
    private volatile int askedCalls;
    /** The answers a person gave to the call a resumed run makes again, while it is made; else null. */
    volatile @Nullable HumanInputs humanInputs;
    private final List<Message> view = Collections.unmodifiableList(transcript);

    // ---- guarded by this for other threads; the run's thread reads them without the lock
    /** The current iteration, from 1 (0 before the first). */
    int iteration;
    /** The tool calls executed so far. */
    int toolCalls;
    private long inputTokens;
    private long outputTokens;
    private long cachedInputTokens;
    private long reasoningTokens;
    private @Nullable Usage usage = Usage.ZERO;
    private final CostMeter cost;

    /** The open iteration and the finished ones, built into records when asked. */
    private final IterationLedger iterations = new IterationLedger();
    // ----

    int consecutiveMistakes;
    volatile @Nullable String finalAnswer;

    /** The run this one serves as a tool: what this run spends counts in it too; null for a root run. */
    private @Nullable RunState parent;
    /** The run's place in a tree of agents: its children, a handoff asked for, a paused child to resume. */
    final RunTree tree = new RunTree();

    /** What a run has at one moment, taken atomically. */
    record Snapshot(List<Message> transcript, List<IterationRecord> records, Usage usage, BigDecimal cost,
            int toolCalls, List<dev.terminus.agent.ChildRun> children) {}

    RunState(String agentName, long startNanos) {
        this(agentName, RunClock.system(), startNanos, null, true);
    }

    /**
     * @param clock the run's clock, the one place its time is read
     * @param startNanos when the run started, by that clock (before now when it resumes)
     */
    RunState(String agentName, RunClock clock, long startNanos, CostMeter.@Nullable Pricing pricing, boolean shared) {
        this.agentName = agentName;
        this.clock = clock;
        this.startNanos = startNanos;
        this.cost = new CostMeter(pricing);
        this.shared = shared;
    }

    void append(Message message) {
        if (shared) {
            synchronized (this) {
                transcript.add(message);
            }
        } else {
            transcript.add(message);
        }
    }

    /** Run's thread only. */
    int transcriptSize() {
        return transcript.size();
    }

    synchronized List<Message> copyTranscript(int from) {
        return List.copyOf(transcript.subList(from, transcript.size()));
    }

    /**
     * Starts the next iteration's accounting, recording the one that ended before it.
     *
     * @param nowNanos the run's clock, read by the caller: when the iteration starts
     */
    void openIteration(long nowNanos) {
        if (shared) {
            synchronized (this) {
                open(nowNanos);
            }
        } else {
            open(nowNanos);
        }
    }

    private void open(long nowNanos) {
        iterations.open(nowNanos, toolCalls);
        iteration++;
    }

    /**
     * Adds a model answer's usage and cost to the run and to the open iteration, and appends the answer to the
     * transcript when one is given.
     */
    void recordModelCall(Usage callUsage, FinishReason finish, Message.@Nullable Assistant answer) {
        if (shared) {
            synchronized (this) {
                modelCall(callUsage, finish, answer);
            }
        } else {
            modelCall(callUsage, finish, answer);
        }
    }

    private void modelCall(Usage callUsage, FinishReason finish, Message.@Nullable Assistant answer) {
        accumulate(callUsage);
        iterations.finish(finish);
        if (answer != null) {
            transcript.add(answer);
        }
    }

    /**
     * Replaces the transcript (compaction) and adds the tokens the compaction spent to the run and the open
     * iteration. The model request's view of the transcript sees the new one.
     */
    void replaceTranscript(List<Message> messages, Usage spent) {
        synchronized (this) {
            transcript.clear();
            transcript.addAll(messages);
            accumulate(spent);
        }
    }

    private void accumulate(Usage callUsage) {
        addTokens(callUsage);
        cost.add(callUsage);
        RunState up = parent;
        if (up != null && callUsage != Usage.ZERO) {
            up.recordChildSpend(callUsage, cost.costOf(callUsage));
        }
    }

    /**
     * Adds what a child run (an agent called as a tool) spent, from the child's thread, to this run and its open
     * iteration, and on to this run's own parent: a run's usage and cost are its whole tree's.
     */
    void recordChildSpend(Usage spent, BigDecimal usd) {
        synchronized (this) {
            addTokens(spent);
            cost.addUsd(usd);
            askedCalls++;
        }
        RunState up = parent;
        if (up != null) {
            up.recordChildSpend(spent, usd);
        }
    }

    /** @param up the run this one serves as a tool; set before the run starts */
    void servesAsChildOf(RunState up) {
        this.parent = up;
    }

    private void addTokens(Usage callUsage) {
        if (callUsage != Usage.ZERO) {
            long in = inputTokens + callUsage.inputTokens();
            long out = outputTokens + callUsage.outputTokens();
            long cached = cachedInputTokens + callUsage.cachedInputTokens();
            long reasoning = reasoningTokens + callUsage.reasoningTokens();
            if ((in | out | cached | reasoning) < 0) {
                usage().plus(callUsage); // overflow: throws as the sum of the Usages does
            }
            inputTokens = in;
            outputTokens = out;
            cachedInputTokens = cached;
            reasoningTokens = reasoning;
            usage = null;
            iterations.add(callUsage);
        }
    }

    /** Counts an executed tool call and appends its result. */
    void recordToolResult(Message.ToolResult result) {
        if (shared) {
            synchronized (this) {
                toolCalls++;
                transcript.add(result);
            }
        } else {
            toolCalls++;
            transcript.add(result);
        }
    }

    /** Run's thread only. @return the tool calls executed in the open iteration */
    int iterationToolCalls() {
        return iterations.toolCallsIn(toolCalls);
    }

    /**
     * Marks the open iteration ended at {@code nowNanos}, without the lock: it is recorded at the next {@link #openIteration(long)} or
     * {@link #closeIteration()}; until then a snapshot counts it as open (the same record, its duration up to the
     * snapshot).
     */
    void endIteration(long nowNanos) {
        iterations.markEnded(nowNanos);
    }

    /** Ends the open iteration's accounting, if one is open. */
    synchronized void closeIteration() {
        iterations.close(clock.nanoTime(), toolCalls);
    }

    /** @return the run so far; an open iteration is included as if it ended now */
    synchronized Snapshot snapshot() {
        return new Snapshot(List.copyOf(transcript), iterations.records(iteration, toolCalls, clock.nanoTime()),
                usage(), cost.total(), toolCalls, tree.children());
    }

    /**
     * Restores a paused run (before its thread starts): transcript, counters, usage, cost and the finished iterations'
     * records; the paused iteration (the checkpoint's last record) is open again, its usage, tool calls and time
     * counting on.
     */
    synchronized void restore(dev.terminus.agent.Checkpoint checkpoint, long nowNanos) {
        List<IterationRecord> records = checkpoint.iterations();
        int finished = records.isEmpty() ? 0 : records.size() - 1;
        restoreTotals(checkpoint.transcript(), checkpoint.iteration(), checkpoint.toolCalls(), checkpoint.usage(),
                checkpoint.costUsd(), checkpoint.consecutiveMistakes());
        iterations.restore(records, finished, records.isEmpty() ? null : records.getLast(), true, toolCalls,
                nowNanos);
    }

    /**
     * Restores a run suspended between two iterations (before it goes on): transcript, counters, usage, cost and
     * every iteration's record; no iteration is open.
     */
    synchronized void restore(dev.terminus.agent.control.Continuation continuation) {
        restoreTotals(continuation.transcript(), continuation.iterations(), continuation.toolCalls(),
                continuation.usage(), continuation.costUsd(), continuation.consecutiveMistakes());
        iterations.restore(continuation.records(), continuation.records().size(), null, false, toolCalls, 0);
    }

    private void restoreTotals(List<Message> messages, int iterationNumber, int toolCallCount, Usage total,
            BigDecimal costUsd, int mistakes) {
        transcript.addAll(messages);
        iteration = iterationNumber;
        toolCalls = toolCallCount;
        inputTokens = total.inputTokens();
        outputTokens = total.outputTokens();
        cachedInputTokens = total.cachedInputTokens();
        reasoningTokens = total.reasoningTokens();
        usage = null;
        cost.restore(costUsd);
        consecutiveMistakes = mistakes;
    }

    /** Run's thread only. @return the tokens of a kind consumed so far */
    long totalTokens() {
        return askedCalls >= 0 ? inputTokens + outputTokens : 0; // the volatile read makes tools' calls visible
    }

    /** Run's thread only. */
    long inputTokens() {
        return askedCalls >= 0 ? inputTokens : 0;
    }

    /** Run's thread only. */
    long outputTokens() {
        return askedCalls >= 0 ? outputTokens : 0;
    }

    /** Run's thread only. @return whether the cost so far has reached the budget */
    boolean costReached(BigDecimal budget) {
        return askedCalls >= 0 && cost.reached(budget);
    }

    long startNanos() {
        return startNanos;
    }

    @Override
    public String agentName() {
        return agentName;
    }

    @Override
    public synchronized int iteration() {
        return iteration;
    }

    @Override
    public synchronized int toolCallCount() {
        return toolCalls;
    }

    @Override
    public synchronized Usage usage() {
        Usage u = usage;
        if (u == null) {
            u = new Usage(inputTokens, outputTokens, cachedInputTokens, reasoningTokens);
            usage = u;
        }
        return u;
    }

    @Override
    public synchronized BigDecimal costUsd() {
        return cost.total();
    }

    @Override
    public Duration elapsed() {
        return Duration.ofNanos(clock.nanoTime() - startNanos);
    }

    @Override
    public List<Message> transcript() {
        if (shared) {
            synchronized (this) {
                return List.copyOf(transcript);
            }
        }
        return view;
    }

    /** The live read-only view, for the run's own thread (e.g. a model request). */
    List<Message> liveTranscript() {
        return view;
    }

    /** @param events the run's listeners, which get the tools' progress reports */
    void reportProgressTo(EventDispatcher events) {
        this.progressEvents = events.active() ? events : null;
    }

    /**
     * Lends the run's model to its tools ({@link #askModel}), before any tool runs: nothing is made for a run whose
     * tools never ask.
     *
     * @param model the run's model
     * @param events the run's listeners, which hear the asked calls
     * @param supervised how each asked call is made on a thread of its own and cut at the deadline plus the grace
     *     (a model that does not answer interrupts, in a run that keeps a deadline on its caller's thread); null to
     *     make it on the asking thread
     */
    void lendModel(Model model, EventDispatcher events, @Nullable SupervisedCall supervised) {
        this.lentModel = model;
        this.lentEvents = events;
        this.lentSupervised = supervised;
    }

    @Override
    public ModelResponse askModel(ModelRequest request) throws Exception {
        Model model = lentModel;
        EventDispatcher events = lentEvents;
        if (model == null || events == null) {
            throw new UnsupportedOperationException("the run of " + agentName + " has no model to ask");
        }
        return new LentModel(model, this, events, clock, lentSupervised).ask(request);
    }

    /** Adds the usage of a model call a tool made ({@link #askModel}), from any thread, to the run and its iteration. */
    void recordAskedCall(Usage callUsage) {
        synchronized (this) {
            accumulate(callUsage);
            askedCalls++;
        }
    }

    @Override
    public void reportProgress(String toolName, double progress, @Nullable Double total, @Nullable String message) {
        EventDispatcher events = progressEvents;
        if (events != null) {
            events.publish(new AgentEvent.ToolProgress(agentName, iteration(), toolName, progress, total, message));
        }
    }

    @Override
    public java.util.Optional<dev.terminus.agent.HumanInputAnswer> humanInput(
            dev.terminus.agent.HumanInputRequest request) {
        HumanInputs given = humanInputs;
        return given == null ? java.util.Optional.empty() : given.find(request);
    }
}
