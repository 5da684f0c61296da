package dev.terminus.springboot;

import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.PriceTable;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.TokenBudget;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The agent's settings, {@code terminus.agent.*}: each property is the {@link AgentConfig} setting of the same name in
 * kebab case ({@code max-iterations} is {@link AgentConfig.Builder#maxIterations}); a property left unset keeps
 * {@link AgentConfig}'s default. A guard set to {@code 0} ({@code stall-threshold}, {@code no-progress-threshold},
 * {@code max-consecutive-mistakes}) is switched off, and so is {@code stream-idle-timeout=0}. {@link #toConfig()} turns
 * them into an {@link AgentConfig}, refusing a bad value with a message that names the property and the value, such as
 * {@code terminus.agent.max-iterations=-1: maxIterations must be >= 1, was -1}.
 *
 * @param name the agent's name
 * @param systemPrompt the system prompt
 * @param maxIterations the iteration cap, at least 1
 * @param maxToolCalls the tool-call cap, at least 0
 * @param tokenBudget the cap on input plus output tokens, at least 1
 * @param inputTokenBudget the cap on input tokens, at least 1
 * @param outputTokenBudget the cap on output tokens, at least 1
 * @param costBudgetUsd the cost ceiling in US dollars, above 0; the model needs a price in {@code prices}
 * @param prices the price of each model, by the model's name
 *     ({@code terminus.agent.prices[gpt-4o-mini].input-per-million})
 * @param timeBudget the wall-clock budget, above 0 ({@code 30s}, {@code 500ms})
 * @param timeBudgetEnforcement how a run on the caller's thread is held to its time budget
 * @param interruptGrace how long an interrupted call may take to give up, at least 0
 * @param toolTimeout the longest a tool call may take, above 0
 * @param streamIdleTimeout how long a streamed answer may be silent, above 0; {@code 0} switches the limit off
 * @param budgetPressureThreshold the budget fraction, in (0, 1), that starts the finalization iteration
 * @param budgetPressureInstruction the instruction of the finalization iteration
 * @param noProgressThreshold identical iterations, at least 2, that end a run {@code NoProgress}; {@code 0}: off
 * @param stallThreshold iterations with nothing new, at least 2, that end a run {@code StallDetected}; {@code 0}: off
 * @param maxConsecutiveMistakes tool mistakes in a row, at least 1, that end a run {@code ConsecutiveMistakes};
 *     {@code 0}: off
 * @param finalAnswerTool the tool whose call submits the final answer
 * @param parallelToolCalls whether the calls of one round run in parallel
 * @param maxOutputTokens the output-token cap passed to the model, at least 1
 * @param structuredOutputRepairs how many times a final answer of the wrong shape is re-prompted, at least 0
 * @param retry how transient model failures are retried
 * @param requireApproval the tools every call of which waits for a person's approval (the auto-configured agent's)
 */
@ConfigurationProperties(TerminusAgentProperties.PREFIX)
public record TerminusAgentProperties(
        @Nullable String name,
        @Nullable String systemPrompt,
        @Nullable Integer maxIterations,
        @Nullable Integer maxToolCalls,
        @Nullable Long tokenBudget,
        @Nullable Long inputTokenBudget,
        @Nullable Long outputTokenBudget,
        @Nullable BigDecimal costBudgetUsd,
        @Nullable Map<String, Price> prices,
        @Nullable Duration timeBudget,
        @Nullable TimeBudgetEnforcement timeBudgetEnforcement,
        @Nullable Duration interruptGrace,
        @Nullable Duration toolTimeout,
        @Nullable Duration streamIdleTimeout,
        @Nullable Double budgetPressureThreshold,
        @Nullable String budgetPressureInstruction,
        @Nullable Integer noProgressThreshold,
        @Nullable Integer stallThreshold,
        @Nullable Integer maxConsecutiveMistakes,
        @Nullable String finalAnswerTool,
        @Nullable Boolean parallelToolCalls,
        @Nullable Integer maxOutputTokens,
        @Nullable Integer structuredOutputRepairs,
        @Nullable Retry retry,
        @Nullable List<String> requireApproval) {

    /** The prefix of these properties. */
    public static final String PREFIX = "terminus.agent";

    /** Copies the collections. */
    public TerminusAgentProperties {
        prices = prices == null ? Map.of() : Map.copyOf(prices);
        requireApproval = requireApproval == null ? List.of() : List.copyOf(requireApproval);
    }

    /**
     * A model's price per million tokens, in US dollars.
     *
     * @param inputPerMillion the price of a million input tokens
     * @param cachedInputPerMillion the price of a million cached input tokens (the input price when unset)
     * @param outputPerMillion the price of a million output tokens
     */
    public record Price(@Nullable BigDecimal inputPerMillion, @Nullable BigDecimal cachedInputPerMillion,
            @Nullable BigDecimal outputPerMillion) {}

    /**
     * How transient model failures (429, 5xx, timeouts) are retried; an unset part keeps
     * {@link RetryPolicy#ofDefaults()}'s.
     *
     * @param maxRetries retries after the first attempt, at least 0 ({@code 0}: none)
     * @param initialBackoff the wait before the first retry, doubling for each next one
     * @param maxBackoff the longest wait
     * @param jitter the random part of each wait, in [0, 1]
     */
    public record Retry(@Nullable Integer maxRetries, @Nullable Duration initialBackoff, @Nullable Duration maxBackoff,
            @Nullable Double jitter) {}

    /**
     * @return the settings these properties give, over {@link AgentConfig}'s defaults
     * @throws IllegalArgumentException naming the property and its value when a value is refused
     */
    public AgentConfig toConfig() {
        AgentConfig.Builder b = AgentConfig.custom();
        set("name", name, b::name);
        set("system-prompt", systemPrompt, b::systemPrompt);
        set("max-iterations", maxIterations, b::maxIterations);
        set("max-tool-calls", maxToolCalls, b::maxToolCalls);
        tokenBudget(b);
        set("cost-budget-usd", costBudgetUsd, b::costBudgetUsd);
        if (!prices.isEmpty()) {
            b.prices(priceTable());
        }
        set("time-budget", timeBudget, b::timeBudget);
        set("time-budget-enforcement", timeBudgetEnforcement, b::timeBudgetEnforcement);
        set("interrupt-grace", interruptGrace, b::interruptGrace);
        set("tool-timeout", toolTimeout, b::toolTimeout);
        set("stream-idle-timeout", streamIdleTimeout, timeout -> {
            if (timeout.isZero()) {
                b.withoutStreamIdleTimeout();
            } else {
                b.streamIdleTimeout(timeout);
            }
        });
        set("budget-pressure-threshold", budgetPressureThreshold, b::budgetPressureThreshold);
        set("budget-pressure-instruction", budgetPressureInstruction, b::budgetPressureInstruction);
        set("no-progress-threshold", noProgressThreshold,
                n -> guard(n, b::withoutNoProgressThreshold, b::noProgressThreshold));
        set("stall-threshold", stallThreshold, n -> guard(n, b::withoutStallThreshold, b::stallThreshold));
        set("max-consecutive-mistakes", maxConsecutiveMistakes,
                n -> guard(n, b::withoutMaxConsecutiveMistakes, b::maxConsecutiveMistakes));
        set("final-answer-tool", finalAnswerTool, b::finalAnswerTool);
        set("parallel-tool-calls", parallelToolCalls, b::parallelToolCalls);
        set("max-output-tokens", maxOutputTokens, b::maxOutputTokens);
        set("structured-output-repairs", structuredOutputRepairs, b::structuredOutputRepairs);
        if (retry != null) {
            b.retryPolicy(retryPolicy(retry));
        }
        return b.build();
    }

    private void tokenBudget(AgentConfig.Builder b) {
        // each cap is checked on its own first, so that a refusal names its property
        set("token-budget", tokenBudget, TokenBudget::total);
        set("input-token-budget", inputTokenBudget, TokenBudget::input);
        set("output-token-budget", outputTokenBudget, TokenBudget::output);
        if (tokenBudget != null || inputTokenBudget != null || outputTokenBudget != null) {
            b.tokenBudget(new TokenBudget(tokenBudget, inputTokenBudget, outputTokenBudget));
        }
    }

    private PriceTable priceTable() {
        PriceTable.Builder table = PriceTable.builder();
        prices.forEach((model, price) -> {
            String property = "prices[" + model + "]";
            BigDecimal input = require(price.inputPerMillion(), property + ".input-per-million");
            BigDecimal output = require(price.outputPerMillion(), property + ".output-per-million");
            BigDecimal cached = price.cachedInputPerMillion() == null ? input : price.cachedInputPerMillion();
            try {
                table.price(model, new ModelPrice(input, cached, output));
            } catch (IllegalArgumentException e) {
                throw refused(property, price, e);
            }
        });
        return table.build();
    }

    private static RetryPolicy retryPolicy(Retry retry) {
        RetryPolicy defaults = RetryPolicy.ofDefaults();
        int maxRetries = retry.maxRetries() == null ? defaults.maxRetries() : retry.maxRetries();
        Duration initial = retry.initialBackoff() == null ? defaults.initialBackoff() : retry.initialBackoff();
        Duration max = retry.maxBackoff() == null ? (initial.compareTo(defaults.maxBackoff()) > 0 ? initial
                : defaults.maxBackoff()) : retry.maxBackoff();
        double jitter = retry.jitter() == null ? defaults.jitter() : retry.jitter();
        try {
            return new RetryPolicy(maxRetries, initial, max, jitter);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            String part = message.startsWith("RetryPolicy.maxRetries") ? "max-retries"
                    : message.startsWith("RetryPolicy.initialBackoff") ? "initial-backoff"
                    : message.startsWith("RetryPolicy.maxBackoff") ? "max-backoff" : "jitter";
            Object value = switch (part) {
                case "max-retries" -> maxRetries;
                case "initial-backoff" -> initial;
                case "max-backoff" -> max;
                default -> jitter;
            };
            throw refused("retry." + part, value, e);
        }
    }

    /** A guard's threshold: 0 switches the guard off, any other value is the builder's to check. */
    private static void guard(int threshold, Runnable off, java.util.function.IntConsumer on) {
        if (threshold == 0) {
            off.run();
        } else {
            on.accept(threshold);
        }
    }

    private static BigDecimal require(@Nullable BigDecimal value, String property) {
        if (value == null) {
            throw new IllegalArgumentException(PREFIX + "." + property + " is not set: a model's price needs it");
        }
        return value;
    }

    /** Applies a set property to the builder, naming the property and its value when the builder refuses it. */
    private static <T> void set(String property, @Nullable T value, Consumer<T> setter) {
        if (value == null) {
            return;
        }
        try {
            setter.accept(value);
        } catch (IllegalArgumentException e) {
            throw refused(property, value, e);
        }
    }

    private static IllegalArgumentException refused(String property, @Nullable Object value,
            IllegalArgumentException e) {
        return new IllegalArgumentException(PREFIX + "." + property + "=" + value + ": " + e.getMessage(), e);
    }
}
