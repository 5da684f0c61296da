package dev.terminus.pipeline.internal;

import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The token arithmetic of a pipeline: what its stages consumed against the pipeline's budget and each phase's, and
 * what the next agent run may use. Per kind of token (total, input, output), what remains of a budget is its cap
 * minus what the stages under it consumed; an agent run gets the least of the stage's own cap and what remains of the
 * pipeline's and of its phase's. Used by the coordinating thread only.
 */
public final class TokenLedger {
    private static final TokenKind[] KINDS = TokenKind.values();

    /** What a budgeted agent needs to start: one token of every capped kind. */
    public static final TokenBudget ANY_TOKEN = new TokenBudget(1L, 1L, 1L);

    private final TokenBudget pipeline;
    private final List<TokenBudget> phases;
    private final Usage[] phaseUsed;
    private Usage pipelineUsed = Usage.ZERO;

    /**
     * @param pipeline the pipeline's budget
     * @param phases the phases' budgets, by phase index
     */
    public TokenLedger(TokenBudget pipeline, List<TokenBudget> phases) {
        this.pipeline = pipeline;
        this.phases = List.copyOf(phases);
        this.phaseUsed = new Usage[phases.size()];
        Arrays.fill(phaseUsed, Usage.ZERO);
    }

    /**
     * Deducts what a stage's agent run consumed.
     *
     * @param phase the stage's phase index, or -1
     * @param usage the tokens consumed
     */
    public void charge(int phase, Usage usage) {
        pipelineUsed = pipelineUsed.plus(usage);
        if (phase >= 0) {
            phaseUsed[phase] = phaseUsed[phase].plus(usage);
        }
    }

    /**
     * Whether a run needing some tokens can start: checks the pipeline's budget, then the phase's.
     *
     * @param phase the stage's phase index, or -1
     * @param need per kind, the tokens the run must be able to use (a prebuilt agent's own caps; a kind without a cap
     *     needs one token)
     * @return null when the run can start, else the budget that is short: {@code TokenBudgetExhausted} with what the
     *     stages under that budget consumed, its cap and the kind
     */
    public Termination.@Nullable TokenBudgetExhausted shortfall(int phase, TokenBudget need) {
        Termination.TokenBudgetExhausted pipelineShort = shortfall(pipeline, pipelineUsed, need);
        if (pipelineShort != null || phase < 0) {
            return pipelineShort;
        }
        return shortfall(phases.get(phase), phaseUsed[phase], need);
    }

    private static Termination.@Nullable TokenBudgetExhausted shortfall(TokenBudget budget, Usage used, TokenBudget need) {
        for (TokenKind kind : KINDS) {
            Long limit = budget.limit(kind);
            if (limit != null) {
                long consumed = tokens(used, kind);
                Long wanted = need.limit(kind);
                if (limit - consumed < (wanted == null ? 1 : wanted)) {
                    return new Termination.TokenBudgetExhausted(consumed, limit, kind);
                }
            }
        }
        return null;
    }

    /**
     * What the next agent run of a stage may use; call only when {@link #shortfall} found nothing short.
     *
     * @param phase the stage's phase index, or -1
     * @param stage the stage's own cap per run
     * @return per kind, the least of the stage's cap and what remains of the pipeline's and the phase's budgets
     */
    public TokenBudget allowance(int phase, TokenBudget stage) {
        TokenBudget allowance = allowance(phase, stage, Usage.ZERO);
        if (allowance == null) {
            throw new IllegalStateException("no tokens left: check shortfall() first");
        }
        return allowance;
    }

    /**
     * What a resumed agent run may use in all, counting the usage it had at its pause (already charged): as
     * {@link #allowance}, with that usage given back to what remains, since the run's own budget counts on from it.
     *
     * @param phase the stage's phase index, or -1
     * @param stage the stage's own cap per run
     * @param before the run's usage at its pause
     * @return the allowance, or null when a kind has nothing left even so
     */
    public @Nullable TokenBudget resumedAllowance(int phase, TokenBudget stage, Usage before) {
        return allowance(phase, stage, before);
    }

    private @Nullable TokenBudget allowance(int phase, TokenBudget stage, Usage credit) {
        Long[] caps = new Long[KINDS.length];
        boolean any = false;
        for (TokenKind kind : KINDS) {
            Long cap = min(stage.limit(kind), plus(remaining(pipeline, pipelineUsed, kind), tokens(credit, kind)));
            if (phase >= 0) {
                cap = min(cap, plus(remaining(phases.get(phase), phaseUsed[phase], kind), tokens(credit, kind)));
            }
            if (cap != null && cap <= 0) {
                return null;
            }
            caps[kind.ordinal()] = cap;
            any |= cap != null;
        }
        return any ? new TokenBudget(caps[TokenKind.TOTAL.ordinal()], caps[TokenKind.INPUT.ordinal()],
                caps[TokenKind.OUTPUT.ordinal()]) : TokenBudget.UNLIMITED;
    }

    /**
     * Where the pipeline's or the phase's budget is what caps a prebuilt agent's run: per kind, the one of them with
     * the least left, when that is below the run's other caps (the agent's own, the stage's). The run is stopped there
     * in the pipeline's name, as a child agent is by its parent's budget, and ends with that budget's figures.
     *
     * @param phase the stage's phase index, or -1
     * @param stage the stage's own cap per run
     * @param own the agent's own budget
     * @param credit the run's usage at its pause, charged already, when it is resumed; else zero
     * @return the budgets that cap the run, by kind
     */
    public Enclosing enclosing(int phase, TokenBudget stage, TokenBudget own, Usage credit) {
        long[] before = new long[KINDS.length];
        long[] limits = new long[KINDS.length];
        Arrays.fill(limits, -1);
        for (TokenKind kind : KINDS) {
            int k = kind.ordinal();
            Long cap = min(stage.limit(kind), own.limit(kind));
            TokenBudget budget = pipeline;
            Usage used = pipelineUsed;
            if (phase >= 0 && less(remaining(phases.get(phase), phaseUsed[phase], kind),
                    remaining(pipeline, pipelineUsed, kind))) {
                budget = phases.get(phase);
                used = phaseUsed[phase];
            }
            Long left = remaining(budget, used, kind);
            if (left != null && (cap == null || left + tokens(credit, kind) < cap)) {
                before[k] = tokens(used, kind) - tokens(credit, kind);
                limits[k] = budget.limit(kind);
            }
        }
        return new Enclosing(before, limits);
    }

    /** @return whether {@code a} is a cap below {@code b} (no cap is above every cap) */
    private static boolean less(@Nullable Long a, @Nullable Long b) {
        return a != null && (b == null || a < b);
    }

    /**
     * The budgets of the pipeline that cap an agent's run, by kind, with what the stages under each consumed before
     * the run: {@link #figures} turns the run's {@code TokenBudgetExhausted} in such a kind into that budget's.
     */
    public static final class Enclosing {
        /** Caps nothing: a run keeps its own figures. */
        public static final Enclosing NONE = new Enclosing(new long[KINDS.length], new long[] {-1, -1, -1});

        private final long[] before;
        private final long[] limits;

        private Enclosing(long[] before, long[] limits) {
            this.before = before;
            this.limits = limits;
        }

        /**
         * @param run how a run ended
         * @return the termination with the pipeline's (or the phase's) figures when that budget stopped the run,
         *     else the run's own
         */
        public Termination figures(Termination run) {
            if (run instanceof Termination.TokenBudgetExhausted exhausted && limits[exhausted.kind().ordinal()] >= 0) {
                int k = exhausted.kind().ordinal();
                return new Termination.TokenBudgetExhausted(before[k] + exhausted.tokensConsumed(), limits[k],
                        exhausted.kind());
            }
            return run;
        }
    }

    private static @Nullable Long plus(@Nullable Long remaining, long credit) {
        return remaining == null ? null : remaining + credit;
    }

    /**
     * Whether an agent's own budget fits an allowance.
     *
     * @param budget the agent's budget
     * @param allowance what it may use
     * @return null when every kind the allowance caps is capped by the budget at most as high, else the first kind
     *     that is not
     */
    public static @Nullable TokenKind exceeding(TokenBudget budget, TokenBudget allowance) {
        for (TokenKind kind : KINDS) {
            Long allowed = allowance.limit(kind);
            Long cap = budget.limit(kind);
            if (allowed != null && (cap == null || cap > allowed)) {
                return kind;
            }
        }
        return null;
    }

    /**
     * @param budget a budget
     * @return it in words, e.g. {@code "total 500, output 200"}, or {@code "unlimited"}
     */
    public static String describe(TokenBudget budget) {
        StringBuilder text = new StringBuilder();
        for (TokenKind kind : KINDS) {
            Long cap = budget.limit(kind);
            if (cap != null) {
                text.append(text.isEmpty() ? "" : ", ").append(kind.name().toLowerCase(Locale.ROOT))
                        .append(' ').append(cap);
            }
        }
        return text.isEmpty() ? "unlimited" : text.toString();
    }

    private static @Nullable Long remaining(TokenBudget budget, Usage used, TokenKind kind) {
        Long limit = budget.limit(kind);
        return limit == null ? null : limit - tokens(used, kind);
    }

    private static @Nullable Long min(@Nullable Long a, @Nullable Long b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : Math.min(a, b);
    }

    private static long tokens(Usage usage, TokenKind kind) {
        return switch (kind) {
            case TOTAL -> usage.totalTokens();
            case INPUT -> usage.inputTokens();
            case OUTPUT -> usage.outputTokens();
        };
    }
}
