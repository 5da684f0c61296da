package dev.terminus.agent;

import dev.terminus.Preconditions;
import dev.terminus.agent.spi.CompactionStrategy;
import dev.terminus.agent.spi.TokenEstimator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How an agent keeps its transcript within the model's context window. Immutable; take {@link #ofDefaults()} or
 * build one with {@link #custom()}.
 *
 * <ul>
 *   <li><b>Proactive:</b> before each model call, when the transcript's estimated size reaches
 *       {@link #threshold()} of the model's context window, the strategy compacts it to {@link #target()} of the
 *       window.</li>
 *   <li><b>Reactive:</b> when the provider refuses the prompt as too long, the strategy compacts it (to the target
 *       of the window the provider reported, or of the configured one, or to half its estimated size when no window
 *       is known) and the call is retried once.</li>
 * </ul>
 *
 * A strategy that fails ends the run {@code CompactionFailed}; a prompt still too long after compaction ends it
 * {@code PromptTooLong}. Without a {@code Compaction}, a refused prompt ends the run {@code PromptTooLong} at once.
 *
 * {@snippet :
 * Agent agent = Agent.builder(model)
 *         .compaction(Compaction.custom()
 *                 .strategy(CompactionStrategies.dropOldestTurns())
 *                 .contextWindow("gpt-4o-mini", 128_000)
 *                 .threshold(0.8)
 *                 .build())
 *         .build();
 * }
 */
public final class Compaction {
    private static final Compaction DEFAULTS = new Builder().build();

    private final CompactionStrategy strategy;
    private final TokenEstimator estimator;
    private final Map<String, Long> contextWindows;
    private final @Nullable Long defaultContextWindow;
    private final double threshold;
    private final double target;

    private Compaction(Builder b) {
        this.strategy = b.strategy;
        this.estimator = b.estimator;
        this.contextWindows = Map.copyOf(b.contextWindows);
        this.defaultContextWindow = b.defaultContextWindow;
        this.threshold = b.threshold;
        this.target = b.target;
    }

    /**
     * @return the defaults: drop the oldest turns, the default estimator, threshold 0.8, target 0.5, no context
     *     windows (so compaction is reactive only: it answers a prompt the provider refuses as too long)
     */
    public static Compaction ofDefaults() {
        return DEFAULTS;
    }

    /** @return a builder starting from the defaults ({@link #ofDefaults()}) */
    public static Builder custom() {
        return new Builder();
    }

    /** @return the strategy */
    public CompactionStrategy strategy() { return strategy; }
    /** @return the token estimator */
    public TokenEstimator estimator() { return estimator; }
    /** @return the fraction of the window at which proactive compaction starts */
    public double threshold() { return threshold; }
    /** @return the fraction of the window compaction aims for */
    public double target() { return target; }

    /**
     * @param modelName a model
     * @return its context window in tokens: the one configured for it, else the default, if any
     */
    public Optional<Long> contextWindow(String modelName) {
        Long window = contextWindows.get(modelName);
        return Optional.ofNullable(window != null ? window : defaultContextWindow);
    }

    @Override
    public String toString() {
        return "Compaction[strategy=" + strategy + ", windows=" + contextWindows + ", default=" + defaultContextWindow
                + ", threshold=" + threshold + ", target=" + target + "]";
    }

    /** Builds a {@link Compaction}; every setter refuses a bad value at once, naming it. */
    public static final class Builder {
        private CompactionStrategy strategy = CompactionStrategies.dropOldestTurns();
        private TokenEstimator estimator = TokenEstimator.ofDefaults();
        private final Map<String, Long> contextWindows = new LinkedHashMap<>();
        private @Nullable Long defaultContextWindow;
        private double threshold = 0.8;
        private double target = 0.5;

        private Builder() {}

        /** @param strategy how to compact @return this builder */
        public Builder strategy(CompactionStrategy strategy) {
            this.strategy = Preconditions.notNull(strategy, "strategy");
            return this;
        }

        /** @param estimator how to estimate a transcript's size @return this builder */
        public Builder estimator(TokenEstimator estimator) {
            this.estimator = Preconditions.notNull(estimator, "estimator");
            return this;
        }

        /** @param modelName a model @param tokens its context window (>= 1) @return this builder */
        public Builder contextWindow(String modelName, long tokens) {
            Preconditions.notNull(modelName, "modelName");
            contextWindows.put(modelName, positive(tokens, "contextWindow(" + modelName + ")"));
            return this;
        }

        /** @param tokens the window of models without their own, at least 1 (none by default) @return this builder */
        public Builder defaultContextWindow(long tokens) {
            this.defaultContextWindow = positive(tokens, "defaultContextWindow");
            return this;
        }

        /** @param threshold the fraction of the window that starts compaction, in (0, 1] @return this builder */
        public Builder threshold(double threshold) {
            this.threshold = fraction(threshold, "threshold");
            return this;
        }

        /** @param target the fraction of the window to compact to, in (0, 1] @return this builder */
        public Builder target(double target) {
            this.target = fraction(target, "target");
            return this;
        }

        /** @return the settings @throws IllegalArgumentException when the target is above the threshold */
        public Compaction build() {
            if (target > threshold) {
                throw new IllegalArgumentException("target (" + target + ") must not be above threshold (" + threshold
                        + "): compaction would start again at once");
            }
            return new Compaction(this);
        }

        private static long positive(long value, String setting) {
            if (value < 1) {
                throw new IllegalArgumentException(setting + " must be >= 1, was " + value);
            }
            return value;
        }

        private static double fraction(double value, String setting) {
            if (!(value > 0 && value <= 1)) {
                throw new IllegalArgumentException(setting + " must be in (0, 1], was " + value);
            }
            return value;
        }
    }
}
