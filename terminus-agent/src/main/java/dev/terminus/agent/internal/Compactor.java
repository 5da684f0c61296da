package dev.terminus.agent.internal;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Compaction;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.SupervisedCall;
import dev.terminus.agent.spi.CompactionStrategy;
import dev.terminus.agent.spi.ModelException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Keeps a run's transcript within the model's context window (see {@link Compaction}): proactively before a model
 * call, reactively after the provider refused a prompt as too long. Each returns null when the call may go ahead
 * (compacted or not), else how the run ends: {@code CompactionFailed} when the strategy fails, {@code PromptTooLong}
 * when the transcript is still larger than the window. A summarizer's call is a model call of the run: when its model
 * is declared not to answer interrupts and the run keeps a deadline on its caller's thread, the call is made on a
 * thread of its own and cut at the deadline plus the grace, as the run's own model calls are.
 */
final class Compactor {
    private final AgentRun run;
    private final RunState state;
    private final @Nullable Compaction compaction;
    private final @Nullable Long window;
    /** How a summarizer that does not answer interrupts is called; null when the strategy runs on the run's thread. */
    private final @Nullable SupervisedCall supervised;

    Compactor(AgentRun run, RunState state, @Nullable Compaction compaction, String modelName) {
        this.run = run;
        this.state = state;
        this.compaction = compaction;
        this.window = compaction == null ? null : compaction.contextWindow(modelName).orElse(null);
        this.supervised = run.superviseCalls() && compaction != null
                && compaction.strategy() instanceof SummarizeOlderTurns summarize && !summarize.interruptible()
                ? SupervisedCall.of(run.control(), "terminus-summarizer").grace(run.graceNanos()) : null;
    }

    /** Before a model call: compacts when the transcript reached the threshold of a known window. */
    @Nullable Termination beforeCall() {
        if (compaction == null || window == null) {
            return null;
        }
        long size = compaction.estimator().estimate(state.liveTranscript());
        if (size < compaction.threshold() * window) {
            return null;
        }
        return compact((long) (compaction.target() * window), window);
    }

    /** After the provider refused the prompt: compacts for one retry, or ends the run. */
    @Nullable Termination afterTooLong(ModelException.ContextLengthExceeded refused) {
        if (compaction == null) {
            return new Termination.PromptTooLong(refused.promptTokens(), refused.contextWindow());
        }
        Long limit = refused.contextWindow() != null ? refused.contextWindow() : window;
        long target = limit != null ? (long) (compaction.target() * limit)
                : compaction.estimator().estimate(state.liveTranscript()) / 2;
        return compact(target, limit);
    }

    private @Nullable Termination compact(long target, @Nullable Long limit) {
        CompactionStrategy.Compacted compacted;
        CompactionStrategy strategy = compaction.strategy();
        try {
            if (supervised == null) {
                compacted = strategy.compact(
                        new CompactionStrategy.Request(state.liveTranscript(), target, compaction.estimator()));
            } else {
                // a copy: a summarizer left at the deadline may still read it while the run writes its transcript
                CompactionStrategy.Request request = new CompactionStrategy.Request(
                        List.copyOf(state.liveTranscript()), target, compaction.estimator());
                compacted = supervised.call(() -> strategy.compact(request));
            }
        } catch (Exception e) {
            Termination outside = run.interruption(e);
            if (outside != null) {
                return outside;
            }
            return new Termination.CompactionFailed(compaction.strategy() + " failed: " + describe(e));
        }
        if (compacted == null || compacted.messages().isEmpty()) {
            return new Termination.CompactionFailed(compaction.strategy() + " returned no transcript");
        }
        List<Message> messages = compacted.messages();
        long size = compaction.estimator().estimate(messages);
        state.replaceTranscript(messages, compacted.usage());
        run.transcriptReplaced();
        if (limit != null && size > limit) {
            return new Termination.PromptTooLong(size, limit);
        }
        // a summarizer's call is a model call of the run: the budget it used up ends the run before the next call
        return compacted.usage().equals(Usage.ZERO) ? null : run.budgetUsedUp();
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
