package dev.terminus.pipeline.internal;

import dev.terminus.Preconditions;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.control.RunClock;
import dev.terminus.pipeline.PipelineListener;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * Everything a pipeline is made of, validated and frozen by {@code Pipeline.Builder}.
 *
 * @param name the pipeline's name
 * @param plans its stages in order, each with its phase
 * @param tokenBudget the pipeline-wide token budget
 * @param phaseBudgets the phases' token budgets, by phase index
 * @param listeners the listeners, in order
 * @param executor where stage bodies run; null for the coordinating thread
 * @param interruptGrace how long a cancelled stage's thread may take to answer its interrupt before it is abandoned
 * @param clock the clock the pipeline reads its time from and waits on
 */
public record PipelineSpec(String name, List<StagePlan> plans, TokenBudget tokenBudget, List<TokenBudget> phaseBudgets,
        List<PipelineListener> listeners, @Nullable Executor executor, Duration interruptGrace, RunClock clock) {

    /** Validates and copies the lists immutably. */
    public PipelineSpec {
        Preconditions.notBlank(name, "name");
        plans = Preconditions.immutableList(plans, "stages");
        Preconditions.notNull(tokenBudget, "tokenBudget");
        phaseBudgets = Preconditions.immutableList(phaseBudgets, "phase budgets");
        listeners = Preconditions.immutableList(listeners, "listeners");
        Preconditions.notNull(interruptGrace, "interruptGrace");
        Preconditions.notNull(clock, "clock");
    }

    /**
     * A stage in its place.
     *
     * @param stage the stage
     * @param phase the name of its phase, or null
     * @param phaseIndex the index of its phase in {@link #phaseBudgets()}, or -1
     */
    public record StagePlan(StageSpec stage, @Nullable String phase, int phaseIndex) {}
}
