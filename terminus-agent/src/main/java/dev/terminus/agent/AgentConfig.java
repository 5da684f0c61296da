package dev.terminus.agent;

import dev.terminus.Preconditions;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The settings of an {@link Agent}: limits, budgets and guards. Immutable; build one with {@link #custom()}, take
 * {@link #ofDefaults()}, or change a copy with {@link #from(AgentConfig)}. A bad value is refused when set, with a
 * message naming the setting and the value. Every setting here is on {@link Agent#builder} too, by the same name: a
 * config is for settings several agents share ({@code Agent.builder(model).config(shared)}), each agent's builder
 * setting its own over them.
 *
 * {@snippet :
 * AgentConfig config = AgentConfig.custom()
 *         .maxIterations(10)
 *         .maxToolCalls(20)
 *         .tokenBudget(TokenBudget.total(50_000))
 *         .timeBudget(Duration.ofSeconds(30))
 *         .build();
 * }
 *
 * <p>Guards are on by default: {@value #DEFAULT_NO_PROGRESS_THRESHOLD} identical iterations end a run
 * {@code NoProgress}, {@value #DEFAULT_STALL_THRESHOLD} iterations with nothing new end it {@code StallDetected},
 * {@value #DEFAULT_MAX_CONSECUTIVE_MISTAKES} tool mistakes in a row end it {@code ConsecutiveMistakes}; each is
 * switched off by the {@code without} form of its setter ({@link Builder#withoutStallThreshold()}). Every other limit
 * and budget is off until set.
 */
public final class AgentConfig {

    /** Default iteration cap. */
    public static final int DEFAULT_MAX_ITERATIONS = 25;
    /** Default number of identical iterations that count as no progress. */
    public static final int DEFAULT_NO_PROGRESS_THRESHOLD = 3;
    /** Default number of iterations with nothing new that count as a stall. */
    public static final int DEFAULT_STALL_THRESHOLD = 4;
    /** Default number of tool mistakes in a row that end a run. */
    public static final int DEFAULT_MAX_CONSECUTIVE_MISTAKES = 3;
    /** Default number of re-prompts that repair a final answer of the wrong shape (structured output). */
    public static final int DEFAULT_STRUCTURED_OUTPUT_REPAIRS = 2;
    /**
     * How long an interrupted call may take to give up before the run returns without it, by default: 10 ms. An
     * interrupt is answered in microseconds by a call that answers it at all, so the grace only bounds how late a
     * run returns past its deadline when a call does not.
     */
    public static final Duration DEFAULT_INTERRUPT_GRACE = Duration.ofMillis(10);
    /**
     * How long a streamed answer may be silent before its call fails as a timed-out one, by default: 60 s (see
     * {@link Builder#streamIdleTimeout}).
     */
    public static final Duration DEFAULT_STREAM_IDLE_TIMEOUT = Duration.ofSeconds(60);
    /** Default instruction of the finalization iteration under budget pressure. */
    public static final String DEFAULT_BUDGET_PRESSURE_INSTRUCTION = "You are close to the end of your budget. "
            + "Do not call tools any more: give your final answer now, with what you have.";

    private static final AgentConfig DEFAULTS = custom().build();

    private final String name;
    private final boolean named;
    private final @Nullable String systemPrompt;
    private final int maxIterations;
    private final @Nullable Integer maxToolCalls;
    private final TokenBudget tokenBudget;
    private final @Nullable BigDecimal costBudgetUsd;
    private final PriceTable prices;
    private final @Nullable Duration timeBudget;
    private final Duration interruptGrace;
    private final TimeBudgetEnforcement timeBudgetEnforcement;
    private final @Nullable Double budgetPressureThreshold;
    private final String budgetPressureInstruction;
    private final @Nullable Integer noProgressThreshold;
    private final @Nullable Integer stallThreshold;
    private final @Nullable Integer maxConsecutiveMistakes;
    private final @Nullable String finalAnswerTool;
    private final RetryPolicy retryPolicy;
    private final boolean parallelToolCalls;
    private final @Nullable Duration toolTimeout;
    private final @Nullable Duration streamIdleTimeout;
    private final @Nullable Integer maxOutputTokens;
    private final int structuredOutputRepairs;

    private AgentConfig(Builder b) {
        this.name = b.name;
        this.named = b.named;
        this.systemPrompt = b.systemPrompt;
        this.maxIterations = b.maxIterations;
        this.maxToolCalls = b.maxToolCalls;
        this.tokenBudget = b.tokenBudget;
        this.costBudgetUsd = b.costBudgetUsd;
        this.prices = b.prices;
        this.timeBudget = b.timeBudget;
        this.interruptGrace = b.interruptGrace;
        this.timeBudgetEnforcement = b.timeBudgetEnforcement;
        this.budgetPressureThreshold = b.budgetPressureThreshold;
        this.budgetPressureInstruction = b.budgetPressureInstruction;
        this.noProgressThreshold = b.noProgressThreshold;
        this.stallThreshold = b.stallThreshold;
        this.maxConsecutiveMistakes = b.maxConsecutiveMistakes;
        this.finalAnswerTool = b.finalAnswerTool;
        this.retryPolicy = b.retryPolicy;
        this.parallelToolCalls = b.parallelToolCalls;
        this.toolTimeout = b.toolTimeout;
        this.streamIdleTimeout = b.streamIdleTimeout;
        this.maxOutputTokens = b.maxOutputTokens;
        this.structuredOutputRepairs = b.structuredOutputRepairs;
    }

    /** @return the default settings */
    public static AgentConfig ofDefaults() {
        return DEFAULTS;
    }

    /** @return a builder starting from the defaults */
    public static Builder custom() {
        return new Builder();
    }

    /**
     * @param config settings to start from
     * @return a builder starting from them
     */
    public static Builder from(AgentConfig config) {
        return new Builder(config);
    }

    /** @return the agent's name, for events, terminations and telemetry */
    public String name() { return name; }
    /** @return whether the name was set, rather than the default {@code "agent"} */
    boolean named() { return named; }
    /** @return the system prompt, if any */
    public Optional<String> systemPrompt() { return Optional.ofNullable(systemPrompt); }
    /** @return the iteration cap */
    public int maxIterations() { return maxIterations; }
    /** @return the tool-call cap, if any */
    public Optional<Integer> maxToolCalls() { return Optional.ofNullable(maxToolCalls); }
    /** @return the token caps */
    public TokenBudget tokenBudget() { return tokenBudget; }
    /** @return the cost ceiling in US dollars, if any */
    public Optional<BigDecimal> costBudgetUsd() { return Optional.ofNullable(costBudgetUsd); }
    /** @return the model prices */
    public PriceTable prices() { return prices; }
    /** @return the wall-clock budget, if any */
    public Optional<Duration> timeBudget() { return Optional.ofNullable(timeBudget); }
    /** @return how long an interrupted call may take to give up before the run returns without it */
    public Duration interruptGrace() { return interruptGrace; }
    /** @return how {@link Agent#run(String)} enforces the time budget */
    public TimeBudgetEnforcement timeBudgetEnforcement() { return timeBudgetEnforcement; }
    /** @return the budget fraction that starts the finalization iteration, if any */
    public Optional<Double> budgetPressureThreshold() { return Optional.ofNullable(budgetPressureThreshold); }
    /** @return the instruction sent in the finalization iteration */
    public String budgetPressureInstruction() { return budgetPressureInstruction; }
    /** @return identical iterations that end a run {@code NoProgress}, if the guard is on */
    public Optional<Integer> noProgressThreshold() { return Optional.ofNullable(noProgressThreshold); }
    /** @return iterations with nothing new that end a run {@code StallDetected}, if the guard is on */
    public Optional<Integer> stallThreshold() { return Optional.ofNullable(stallThreshold); }
    /** @return tool mistakes in a row that end a run {@code ConsecutiveMistakes}, if the guard is on */
    public Optional<Integer> maxConsecutiveMistakes() { return Optional.ofNullable(maxConsecutiveMistakes); }
    /** @return the tool whose call submits the final answer, if any */
    public Optional<String> finalAnswerTool() { return Optional.ofNullable(finalAnswerTool); }
    /** @return how transient model failures are retried */
    public RetryPolicy retryPolicy() { return retryPolicy; }
    /** @return whether the calls of one round run in parallel */
    public boolean parallelToolCalls() { return parallelToolCalls; }
    /** @return the longest a single tool call may take, if limited */
    public Optional<Duration> toolTimeout() { return Optional.ofNullable(toolTimeout); }
    /** @return how long a streamed answer may be silent, if limited ({@link #DEFAULT_STREAM_IDLE_TIMEOUT} by default) */
    public Optional<Duration> streamIdleTimeout() { return Optional.ofNullable(streamIdleTimeout); }
    /** @return the output-token cap passed to the model, if any */
    public Optional<Integer> maxOutputTokens() { return Optional.ofNullable(maxOutputTokens); }
    /** @return how many times a final answer of the wrong shape is repaired by re-prompting (0: never) */
    public int structuredOutputRepairs() { return structuredOutputRepairs; }

    /** Builds an {@link AgentConfig}; every setter refuses a bad value at once, naming it. */
    public static final class Builder {
        private String name = "agent";
        private boolean named;
        private @Nullable String systemPrompt;
        private int maxIterations = DEFAULT_MAX_ITERATIONS;
        private @Nullable Integer maxToolCalls;
        private TokenBudget tokenBudget = TokenBudget.UNLIMITED;
        private @Nullable BigDecimal costBudgetUsd;
        private PriceTable prices = PriceTable.EMPTY;
        private @Nullable Duration timeBudget;
        private Duration interruptGrace = DEFAULT_INTERRUPT_GRACE;
        private TimeBudgetEnforcement timeBudgetEnforcement = TimeBudgetEnforcement.INTERRUPT_CALLER;
        private @Nullable Double budgetPressureThreshold;
        private String budgetPressureInstruction = DEFAULT_BUDGET_PRESSURE_INSTRUCTION;
        private @Nullable Integer noProgressThreshold = DEFAULT_NO_PROGRESS_THRESHOLD;
        private @Nullable Integer stallThreshold = DEFAULT_STALL_THRESHOLD;
        private @Nullable Integer maxConsecutiveMistakes = DEFAULT_MAX_CONSECUTIVE_MISTAKES;
        private @Nullable String finalAnswerTool;
        private RetryPolicy retryPolicy = RetryPolicy.ofDefaults();
        private boolean parallelToolCalls;
        private @Nullable Duration toolTimeout;
        private @Nullable Duration streamIdleTimeout = DEFAULT_STREAM_IDLE_TIMEOUT;
        private @Nullable Integer maxOutputTokens;
        private int structuredOutputRepairs = DEFAULT_STRUCTURED_OUTPUT_REPAIRS;

        private Builder() {}

        private Builder(AgentConfig c) {
            name = c.name;
            named = c.named;
            systemPrompt = c.systemPrompt;
            maxIterations = c.maxIterations;
            maxToolCalls = c.maxToolCalls;
            tokenBudget = c.tokenBudget;
            costBudgetUsd = c.costBudgetUsd;
            prices = c.prices;
            timeBudget = c.timeBudget;
            interruptGrace = c.interruptGrace;
            timeBudgetEnforcement = c.timeBudgetEnforcement;
            budgetPressureThreshold = c.budgetPressureThreshold;
            budgetPressureInstruction = c.budgetPressureInstruction;
            noProgressThreshold = c.noProgressThreshold;
            stallThreshold = c.stallThreshold;
            maxConsecutiveMistakes = c.maxConsecutiveMistakes;
            finalAnswerTool = c.finalAnswerTool;
            retryPolicy = c.retryPolicy;
            parallelToolCalls = c.parallelToolCalls;
            toolTimeout = c.toolTimeout;
            streamIdleTimeout = c.streamIdleTimeout;
            maxOutputTokens = c.maxOutputTokens;
            structuredOutputRepairs = c.structuredOutputRepairs;
        }

        /** @param name the agent's name; not blank @return this builder */
        public Builder name(String name) {
            this.name = Preconditions.notBlank(name, "name");
            this.named = true;
            return this;
        }

        /** @param systemPrompt the system prompt; not blank (none by default) @return this builder */
        public Builder systemPrompt(String systemPrompt) {
            this.systemPrompt = Preconditions.notBlank(systemPrompt, "systemPrompt");
            return this;
        }

        /** @param maxIterations the iteration cap, at least 1 @return this builder */
        public Builder maxIterations(int maxIterations) {
            this.maxIterations = SettingRules.atLeast(maxIterations, 1, "maxIterations");
            return this;
        }

        /** @param maxToolCalls the tool-call cap, at least 0 (0 allows none; no cap by default) @return this builder */
        public Builder maxToolCalls(int maxToolCalls) {
            this.maxToolCalls = SettingRules.atLeast(maxToolCalls, 0, "maxToolCalls");
            return this;
        }

        /** @param tokenBudget the token caps ({@link TokenBudget#UNLIMITED} by default) @return this builder */
        public Builder tokenBudget(TokenBudget tokenBudget) {
            this.tokenBudget = Preconditions.notNull(tokenBudget, "tokenBudget");
            return this;
        }

        /**
         * @param costBudgetUsd the cost ceiling in US dollars, above 0 (none by default); the model needs a price in
         *     {@link #prices}
         * @return this builder
         */
        public Builder costBudgetUsd(BigDecimal costBudgetUsd) {
            this.costBudgetUsd = SettingRules.positive(costBudgetUsd, "costBudgetUsd");
            return this;
        }

        /** @param prices the model prices @return this builder */
        public Builder prices(PriceTable prices) {
            this.prices = Preconditions.notNull(prices, "prices");
            return this;
        }

        /** @param timeBudget the wall-clock budget, above 0 (none by default) @return this builder */
        public Builder timeBudget(Duration timeBudget) {
            this.timeBudget = SettingRules.positive(timeBudget, "timeBudget");
            return this;
        }

        /**
         * @param enforcement how {@link Agent#run(String)} enforces the time budget; {@code INTERRUPT_CALLER} by
         *     default ({@link Agent#start(String)} always runs supervised, on its own thread)
         * @return this builder
         */
        public Builder timeBudgetEnforcement(TimeBudgetEnforcement enforcement) {
            this.timeBudgetEnforcement = Preconditions.notNull(enforcement, "timeBudgetEnforcement");
            return this;
        }

        /**
         * @param interruptGrace how long an interrupted call may take to give up (>= 0) before the run returns
         *     without it; {@link #DEFAULT_INTERRUPT_GRACE} by default
         * @return this builder
         */
        public Builder interruptGrace(Duration interruptGrace) {
            this.interruptGrace = SettingRules.withinNanos(Preconditions.nonNegative(interruptGrace, "interruptGrace"),
                    "interruptGrace", "");
            return this;
        }

        /**
         * @param threshold the fraction of a token or cost budget, in (0, 1), that starts the finalization
         *     iteration (none by default)
         * @return this builder
         */
        public Builder budgetPressureThreshold(double threshold) {
            this.budgetPressureThreshold = SettingRules.openFraction(threshold, "budgetPressureThreshold");
            return this;
        }

        /** @param instruction the instruction sent in the finalization iteration @return this builder */
        public Builder budgetPressureInstruction(String instruction) {
            this.budgetPressureInstruction = Preconditions.notBlank(instruction, "budgetPressureInstruction");
            return this;
        }

        /** @param threshold identical iterations (>= 2) that end a run {@code NoProgress} @return this builder */
        public Builder noProgressThreshold(int threshold) {
            this.noProgressThreshold = SettingRules.atLeast(threshold, 2, "noProgressThreshold");
            return this;
        }

        /** Switches the no-progress guard off: identical iterations never end a run. @return this builder */
        public Builder withoutNoProgressThreshold() {
            this.noProgressThreshold = null;
            return this;
        }

        /**
         * @param threshold iterations with nothing new (>= 2) that end a run {@code StallDetected}
         * @return this builder
         */
        public Builder stallThreshold(int threshold) {
            this.stallThreshold = SettingRules.atLeast(threshold, 2, "stallThreshold");
            return this;
        }

        /** Switches the stall guard off: iterations with nothing new never end a run. @return this builder */
        public Builder withoutStallThreshold() {
            this.stallThreshold = null;
            return this;
        }

        /** @param max tool mistakes in a row (>= 1) that end a run {@code ConsecutiveMistakes} @return this builder */
        public Builder maxConsecutiveMistakes(int max) {
            this.maxConsecutiveMistakes = SettingRules.atLeast(max, 1, "maxConsecutiveMistakes");
            return this;
        }

        /** Switches the mistakes guard off: tool mistakes in a row never end a run. @return this builder */
        public Builder withoutMaxConsecutiveMistakes() {
            this.maxConsecutiveMistakes = null;
            return this;
        }

        /**
         * @param toolName the tool whose call submits the final answer (none by default); a valid tool name
         *     (letters, digits, {@code _} and {@code -}, 1 to 64 characters, as {@code ToolSpec} requires)
         * @return this builder
         */
        public Builder finalAnswerTool(String toolName) {
            this.finalAnswerTool = SettingRules.toolName(toolName, "finalAnswerTool");
            return this;
        }

        /** @param retryPolicy how transient model failures are retried @return this builder */
        public Builder retryPolicy(RetryPolicy retryPolicy) {
            this.retryPolicy = Preconditions.notNull(retryPolicy, "retryPolicy");
            return this;
        }

        /** @param parallel whether the calls of one round run in parallel @return this builder */
        public Builder parallelToolCalls(boolean parallel) {
            this.parallelToolCalls = parallel;
            return this;
        }

        /** @param toolTimeout the longest a tool call may take, above 0 (no limit by default) @return this builder */
        public Builder toolTimeout(Duration toolTimeout) {
            this.toolTimeout = SettingRules.positive(toolTimeout, "toolTimeout");
            return this;
        }

        /**
         * How long a streamed answer may go without a new piece before its call fails as a timed-out one
         * ({@code ModelException.Timeout}): retried under the {@link RetryPolicy} like any other, then the run ends
         * {@code Failed} with category {@code EXTERNAL}. The text that arrived is discarded on a retry (listeners are
         * told with {@code AgentEvent.TextDiscarded}) and kept, marked incomplete, when the run ends.
         *
         * @param streamIdleTimeout above 0; {@link AgentConfig#DEFAULT_STREAM_IDLE_TIMEOUT} by default
         * @return this builder
         */
        public Builder streamIdleTimeout(Duration streamIdleTimeout) {
            this.streamIdleTimeout = SettingRules.positive(streamIdleTimeout, "streamIdleTimeout");
            return this;
        }

        /** A streamed answer may be silent for as long as the run lasts. @return this builder */
        public Builder withoutStreamIdleTimeout() {
            this.streamIdleTimeout = null;
            return this;
        }

        /**
         * @param maxOutputTokens the output-token cap passed to the model, at least 1 (none by default)
         * @return this builder
         */
        public Builder maxOutputTokens(int maxOutputTokens) {
            this.maxOutputTokens = SettingRules.atLeast(maxOutputTokens, 1, "maxOutputTokens");
            return this;
        }

        /**
         * @param repairs how many times a final answer of the wrong shape is re-prompted with its violations (>= 0;
         *     0 ends such a run {@code SchemaValidationFailed} at once)
         * @return this builder
         */
        public Builder structuredOutputRepairs(int repairs) {
            this.structuredOutputRepairs = SettingRules.atLeast(repairs, 0, "structuredOutputRepairs");
            return this;
        }

        /** @return the settings */
        public AgentConfig build() {
            return new AgentConfig(this);
        }
    }
}
