package dev.terminus.cli.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.terminus.cli.scenario.FileRules.Range;
import dev.terminus.cli.scenario.FileRules.Required;
import dev.terminus.agent.RetryPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A scenario file, as read. Every field but {@code task} and {@code script} is optional ({@code script} too when the
 * run uses a real provider); unknown fields are
 * errors, so a typo is reported with its line instead of being ignored. See the README for the format.
 *
 * @param name what the scenario shows
 * @param expect the termination case the scenario is meant to end with, checked by {@code --demo} (in a named agent:
 *     the case each of its runs as a tool is meant to end with)
 * @param task the user's first message
 * @param system the system prompt
 * @param model the scripted model's name, provider and default usage
 * @param limits limits, budgets and guards
 * @param prices prices by model name, in US dollars per million tokens
 * @param tools the tools the agent offers, with their scripted behaviour
 * @param finalAnswerTool the tool whose call submits the final answer
 * @param completion the completion predicate
 * @param user the simulated user
 * @param hooks hooks that halt the run
 * @param script the scripted model's answers, one per call; required unless a real provider answers
 * @param repeatLast whether the last step repeats when the script runs out
 * @param cancelAfterMs cancel the run this long after it starts
 * @param output the shape the final answer must have (structured output)
 * @param compaction how the transcript is kept within the context window
 * @param approvals the tools whose calls need a person's approval
 * @param criteria the success criteria
 * @param invariants the invariants
 * @param promotion the promotion gate on the final answer
 * @param mcpServers MCP servers whose tools the agent offers too, by server name
 * @param mcpNaming how the MCP servers' tools are named: {@code plain} (default, the tool's own name) or
 *     {@code prefixed} ({@code <server>__<tool>})
 * @param agents named agents, each a scenario without its task, that the scenario's tools call as agents (a tool's
 *     {@code agent}) or that runs are handed to ({@code handoffs}); set at the top of a file only
 * @param handoffs the named agents this agent may hand the run to
 */
public record Scenario(
        @Nullable String name,
        @Nullable String expect,
        @Nullable String task,
        @Nullable String system,
        @Nullable ModelDef model,
        @Nullable Limits limits,
        @Nullable Map<String, PriceDef> prices,
        @Nullable List<ToolDef> tools,
        @Nullable String finalAnswerTool,
        @Nullable CompletionDef completion,
        @Nullable UserDef user,
        @Nullable List<HookDef> hooks,
        @Nullable List<StepDef> script,
        @Nullable Boolean repeatLast,
        @Range(min = 0, max = FileRules.MAX_MS) @Nullable Long cancelAfterMs,
        @Nullable OutputDef output,
        @Nullable CompactionDef compaction,
        @Nullable List<String> approvals,
        @Nullable List<CriterionDef> criteria,
        @Nullable List<InvariantDef> invariants,
        @Nullable PromotionDef promotion,
        @Nullable Map<String, McpServerDef> mcpServers,
        @Nullable String mcpNaming,
        @Nullable Map<String, Scenario> agents,
        @Nullable List<String> handoffs) {

    /** Validates what the types alone cannot. */
    public Scenario {
        if (script != null && script.isEmpty()) {
            throw new IllegalArgumentException("script: needs at least one step, was []");
        }
    }

    /**
     * This scenario for another task: the same agent, another first message and (when given) another script. How a
     * suite of tasks shares one agent definition.
     *
     * @param newTask the user's first message
     * @param newScript the model's answers, or null to keep this scenario's
     * @return the scenario for that task
     */
    public Scenario withTask(String newTask, @Nullable List<StepDef> newScript) {
        return new Scenario(name, expect, newTask, system, model, limits, prices, tools, finalAnswerTool, completion,
                user, hooks, newScript != null ? newScript : script, repeatLast, cancelAfterMs, output, compaction,
                approvals, criteria, invariants, promotion, mcpServers, mcpNaming, agents, handoffs);
    }

    /**
     * This scenario as a stage of a pipeline file runs it: with a task, the file's named agents, and a token budget
     * (the stage's allowance) in place of its own.
     *
     * @param newTask the user's first message
     * @param namedAgents the named agents its tools call and it hands its run to, or null for none
     * @param budget the token caps its agent runs with, or null for none
     * @return the scenario
     */
    public Scenario forStage(String newTask, @Nullable Map<String, Scenario> namedAgents,
            @Nullable TokenBudgetDef budget) {
        Limits l = limits != null ? limits
                : new Limits(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                        null);
        Limits budgeted = new Limits(l.maxIterations(), l.maxToolCalls(), budget, l.costBudgetUsd(), l.timeBudgetMs(),
                l.interruptGraceMs(), l.budgetPressureThreshold(), l.noProgressThreshold(), l.stallThreshold(),
                l.maxConsecutiveMistakes(), l.maxOutputTokens(), l.toolTimeoutMs(), l.parallelToolCalls(), l.retries(),
                l.streamIdleTimeoutMs(), l.maxHandoffs());
        return new Scenario(name, expect, newTask, system, model, budgeted, prices, tools, finalAnswerTool,
                completion, user, hooks, script, repeatLast, cancelAfterMs, output, compaction, approvals, criteria,
                invariants, promotion, mcpServers, mcpNaming, namedAgents, handoffs);
    }

    /**
     * A scenario that is only a script, its last step repeating: a scripted model to use on its own (a
     * model-as-judge, say), or the agent of a suite that gives none.
     *
     * @param script the model's answers, or null for none
     * @return the scenario
     */
    public static Scenario ofScript(@Nullable List<StepDef> script) {
        return new Scenario(null, null, "", null, null, null, null, null, null, null, null, null, script, true, null,
                null, null, null, null, null, null, null, null, null, null);
    }

    /**
     * The scripted model.
     *
     * @param name its name, for prices (default {@code scripted})
     * @param provider its provider (default {@code scripted})
     * @param usage the usage of every answer that does not give its own (default 10 in, 5 out)
     */
    public record ModelDef(@Nullable String name, @Nullable String provider, @Nullable UsageDef usage) {}

    /**
     * Tokens; a field the file leaves out is 0.
     *
     * @param input input tokens
     * @param output output tokens
     * @param cachedInput cached input tokens
     * @param reasoning reasoning tokens
     */
    public record UsageDef(@Range(min = 0) long input, @Range(min = 0) long output, @Range(min = 0) long cachedInput,
            @Range(min = 0) long reasoning) {

        /**
         * @param input input tokens, or null for 0
         * @param output output tokens, or null for 0
         * @param cachedInput cached input tokens, or null for 0
         * @param reasoning reasoning tokens, or null for 0
         * @return the usage
         */
        @JsonCreator
        public static UsageDef of(@JsonProperty("input") @Nullable Long input,
                @JsonProperty("output") @Nullable Long output, @JsonProperty("cachedInput") @Nullable Long cachedInput,
                @JsonProperty("reasoning") @Nullable Long reasoning) {
            return new UsageDef(input == null ? 0 : input, output == null ? 0 : output,
                    cachedInput == null ? 0 : cachedInput, reasoning == null ? 0 : reasoning);
        }
    }

    /**
     * Limits, budgets and guards; absent fields keep the defaults, 0 switches a guard off.
     *
     * @param maxIterations iteration cap
     * @param maxToolCalls tool-call cap
     * @param tokenBudget token caps
     * @param costBudgetUsd cost ceiling
     * @param timeBudgetMs wall-clock budget
     * @param interruptGraceMs grace after an interrupt
     * @param budgetPressureThreshold fraction that starts the finalization iteration
     * @param noProgressThreshold identical iterations that end a run (0: off)
     * @param stallThreshold iterations with nothing new that end a run (0: off)
     * @param maxConsecutiveMistakes mistakes in a row that end a run (0: off)
     * @param maxOutputTokens output cap passed to the model
     * @param toolTimeoutMs per-tool timeout
     * @param parallelToolCalls run a round's calls in parallel
     * @param retries model-call retries
     * @param streamIdleTimeoutMs how long a streamed answer may go without a piece before its call fails as timed out
     *     (0: never)
     * @param maxHandoffs how many times a run that starts with this agent may be handed from one agent to another
     *     (default 10)
     */
    public record Limits(@Range(min = 1) @Nullable Integer maxIterations, @Range(min = 0) @Nullable Integer maxToolCalls,
            @Nullable TokenBudgetDef tokenBudget,
            @Range(min = 0, minExclusive = true) java.math.@Nullable BigDecimal costBudgetUsd,
            @Range(min = 0, minExclusive = true, max = FileRules.MAX_MS) @Nullable Long timeBudgetMs,
            @Range(min = 0, max = FileRules.MAX_MS) @Nullable Long interruptGraceMs,
            @Range(min = 0, minExclusive = true, max = 1, maxExclusive = true) @Nullable Double budgetPressureThreshold,
            @Range(min = 2, zeroIsOff = true) @Nullable Integer noProgressThreshold,
            @Range(min = 2, zeroIsOff = true) @Nullable Integer stallThreshold,
            @Range(min = 0) @Nullable Integer maxConsecutiveMistakes, @Range(min = 1) @Nullable Integer maxOutputTokens,
            @Range(min = 0, minExclusive = true, max = FileRules.MAX_MS) @Nullable Long toolTimeoutMs,
            @Nullable Boolean parallelToolCalls, @Nullable RetriesDef retries,
            @Range(min = 0, max = FileRules.MAX_MS) @Nullable Long streamIdleTimeoutMs,
            @Range(min = 0) @Nullable Integer maxHandoffs) {}

    /**
     * Token caps.
     *
     * @param total input plus output
     * @param input input
     * @param output output
     */
    public record TokenBudgetDef(@Range(min = 1) @Nullable Long total, @Range(min = 1) @Nullable Long input,
            @Range(min = 1) @Nullable Long output) {}

    /**
     * Retries: of transient model failures (a scenario's limits), or of runs that ended {@code RETRYABLE} (a suite, a
     * pipeline's stage). A field the file leaves out has the default of {@link RetryPolicy#ofDefaults()}.
     *
     * @param maxRetries retries after the first attempt (default 3)
     * @param initialBackoffMs first wait (default 250, or the longest wait when that is shorter)
     * @param maxBackoffMs longest wait, at least the first (default 4000, or the first wait when that is longer)
     */
    public record RetriesDef(@Range(min = 0) int maxRetries, @Range(min = 0, max = FileRules.MAX_MS) long initialBackoffMs,
            @Range(min = 0, max = FileRules.MAX_MS) long maxBackoffMs) {

        /** Refuses a longest wait shorter than the first, naming both; a wait out of range is refused by its rule. */
        public RetriesDef {
            if (initialBackoffMs <= FileRules.MAX_MS && maxBackoffMs >= 0 && maxBackoffMs < initialBackoffMs) {
                throw new IllegalArgumentException("maxBackoffMs: must be >= initialBackoffMs (" + initialBackoffMs
                        + "), was " + maxBackoffMs);
            }
        }

        /**
         * The retries a file gives, with the defaults of the fields it leaves out.
         *
         * @param maxRetries retries after the first attempt, or null for 3
         * @param initialBackoffMs first wait, or null for 250 (the longest wait when that is shorter)
         * @param maxBackoffMs longest wait, or null for 4000 (the first wait when that is longer)
         * @return the retries
         */
        @JsonCreator
        public static RetriesDef of(@JsonProperty("maxRetries") @Nullable Integer maxRetries,
                @JsonProperty("initialBackoffMs") @Nullable Long initialBackoffMs,
                @JsonProperty("maxBackoffMs") @Nullable Long maxBackoffMs) {
            RetryPolicy defaults = RetryPolicy.ofDefaults();
            long initial = initialBackoffMs != null ? initialBackoffMs : maxBackoffMs != null
                    ? Math.min(maxBackoffMs, defaults.initialBackoff().toMillis()) : defaults.initialBackoff().toMillis();
            return new RetriesDef(maxRetries != null ? maxRetries : defaults.maxRetries(), initial,
                    maxBackoffMs != null ? maxBackoffMs : Math.max(initial, defaults.maxBackoff().toMillis()));
        }

        /**
         * @return the retry policy: exponential backoff from the first wait to the longest, with 50% jitter
         * @throws IllegalArgumentException when a value is out of range (the message names it)
         */
        public RetryPolicy policy() {
            return new RetryPolicy(maxRetries, Duration.ofMillis(initialBackoffMs), Duration.ofMillis(maxBackoffMs),
                    0.5);
        }
    }

    /**
     * A model's price, as decimal strings or numbers, in US dollars per million tokens.
     *
     * @param inputPerMillion uncached input
     * @param outputPerMillion output
     * @param cachedInputPerMillion cached input (default: the input price)
     */
    public record PriceDef(@Required @Range(min = 0) java.math.BigDecimal inputPerMillion,
            @Required @Range(min = 0) java.math.BigDecimal outputPerMillion,
            @Range(min = 0) java.math.@Nullable BigDecimal cachedInputPerMillion) {}

    /**
     * A tool and what it does when called.
     *
     * @param name its name
     * @param description its description (default: the name)
     * @param parameters the JSON Schema of its arguments (default: none)
     * @param result the text it returns every time
     * @param results the texts it returns, one per call, the last repeating
     * @param error fail with this message (a tool error: a mistake)
     * @param halt halt the run with this reason
     * @param hang never return until interrupted
     * @param delayMs wait this long before answering
     * @param agent run this named agent (of the file's {@code agents}) on the call's {@code task} and answer with its
     *     answer, instead of any of the scripted behaviours above
     */
    public record ToolDef(@Required String name, @Nullable String description,
            @Nullable Map<String, Object> parameters, @Nullable String result, @Nullable List<String> results,
            @Nullable String error, @Nullable String halt, @Nullable Boolean hang,
            @Range(min = 0, max = FileRules.MAX_MS) @Nullable Long delayMs, @Nullable String agent) {}

    /**
     * The completion predicate: done once a tool has been called successfully.
     *
     * @param whenToolCalled the tool
     * @param check when to ask: AFTER_EACH_TOOL_CALL, AFTER_TOOL_ROUND or AFTER_ITERATION (default)
     */
    public record CompletionDef(@Required String whenToolCalled, @Nullable String check) {}

    /**
     * The simulated user: replies in order, then is satisfied.
     *
     * @param replies what the user says after each answer
     * @param stopToken the token the user is satisfied with
     */
    public record UserDef(@Nullable List<String> replies, @Nullable String stopToken) {}

    /**
     * A hook that halts the run.
     *
     * @param at before-model, after-model, before-tool or after-tool
     * @param tool for tool hooks, the tool it applies to (default: every tool)
     * @param iteration the iteration it applies to (default: every iteration)
     * @param halt the reason
     */
    public record HookDef(@Required String at, @Nullable String tool,
            @Range(min = 1) @Nullable Integer iteration, @Required String halt) {}

    /**
     * One model answer: text, tool calls, an error, a hang, a delay, or a text answer streamed in pieces.
     *
     * @param text a text answer
     * @param finish why the model stopped: stop (default), length, content_filter, refusal
     * @param toolCalls tool calls
     * @param error a provider error: rate_limit, server_error, timeout, auth, context_length, refused, crash; in a
     *     streamed step that ends {@code fail}, what the stream fails with after its pieces
     * @param status the HTTP status of an error (auth: 401 by default, server_error: 500)
     * @param hang never answer until interrupted
     * @param delayMs wait this long first
     * @param usage the usage of this answer
     * @param pieces a text answer streamed in these pieces, in order
     * @param pieceGapMs for a streamed step: how long before each piece (default 0)
     * @param end for a streamed step: how the stream ends after its pieces: stop (default), length, content_filter,
     *     refusal (it finishes so), stall (silent, its connection open) or fail (with {@code error})
     */
    public record StepDef(@Nullable String text, @Nullable String finish, @Nullable List<CallDef> toolCalls,
            @Nullable String error, @Range(min = 100, max = 599) @Nullable Integer status, @Nullable Boolean hang,
            @Range(min = 0, max = FileRules.MAX_MS) @Nullable Long delayMs, @Nullable UsageDef usage,
            @Nullable List<String> pieces, @Range(min = 0, max = FileRules.MAX_MS) @Nullable Long pieceGapMs,
            @Nullable String end) {}

    /**
     * A tool call in a script step.
     *
     * @param name the tool
     * @param arguments its arguments
     */
    public record CallDef(@Required String name, @Nullable Map<String, Object> arguments) {}

    /**
     * Structured output: the final answer must match a JSON Schema.
     *
     * @param schema the JSON Schema
     * @param repairs how many times an answer of the wrong shape is re-prompted (default 2; 0: never)
     */
    public record OutputDef(@Required Map<String, Object> schema, @Range(min = 0) @Nullable Integer repairs) {}

    /**
     * Context compaction.
     *
     * @param strategy {@code drop-oldest} (default) or {@code summarize}
     * @param contextWindow the model's context window in tokens
     * @param threshold the fraction of the window that starts compaction (default 0.8)
     * @param target the fraction of the window to compact to (default 0.5)
     * @param estimator {@code chars} (default: a token per four characters) or {@code messages} (a token per message)
     * @param summary for {@code summarize}: what the scripted summarizer answers
     * @param summarizerError for {@code summarize}: the summarizer fails with this provider error instead
     * @param keepRecentTurns for {@code summarize}: the latest turns kept as they are (default 1)
     */
    public record CompactionDef(@Nullable String strategy, @Range(min = 1) @Nullable Long contextWindow,
            @Range(min = 0, minExclusive = true, max = 1) @Nullable Double threshold,
            @Range(min = 0, minExclusive = true, max = 1) @Nullable Double target, @Nullable String estimator,
            @Nullable String summary, @Nullable String summarizerError,
            @Range(min = 1) @Nullable Integer keepRecentTurns) {}

    /**
     * A success criterion: exactly one of its conditions.
     *
     * @param name its name
     * @param answerContains met when the final answer contains this text (else the model is told)
     * @param blockedOn only a person can meet it: the approval reference
     */
    public record CriterionDef(@Required String name, @Nullable String answerContains,
            @Nullable String blockedOn) {}

    /**
     * An invariant: exactly one of its conditions.
     *
     * @param name its name
     * @param when {@code structural} (every model message), {@code semantic} (end of every iteration) or
     *     {@code acceptance} (when completion is claimed)
     * @param mustNotContain the last model message must not contain this text
     * @param maxToolCalls at most this many tool calls
     * @param minToolCalls at least this many tool calls
     */
    public record InvariantDef(@Required String name, @Required String when,
            @Nullable String mustNotContain, @Range(min = 0) @Nullable Integer maxToolCalls,
            @Range(min = 0) @Nullable Integer minToolCalls) {}

    /**
     * The promotion gate: rejects a final answer that breaks one of its conditions.
     *
     * @param maxAnswerLength the longest answer accepted
     * @param rejectIfContains an answer containing this text is rejected
     */
    public record PromotionDef(@Range(min = 0) @Nullable Integer maxAnswerLength, @Nullable String rejectIfContains) {}

    /**
     * An MCP server: a process spoken to over stdio ({@code command}) or an endpoint spoken to over Streamable HTTP
     * ({@code url}), exactly one of them.
     *
     * @param command for stdio: the program to run
     * @param args for stdio: its arguments
     * @param env for stdio: environment variables to set for it
     * @param cwd for stdio: the directory it runs in (default: the current one)
     * @param url for HTTP: its MCP endpoint
     * @param headers for HTTP: headers sent with every request
     * @param tokenEnv for HTTP: the environment variable holding a bearer token
     */
    public record McpServerDef(@Nullable String command, @Nullable List<String> args,
            @Nullable Map<String, String> env, @Nullable String cwd, @Nullable String url,
            @Nullable Map<String, String> headers, @Nullable String tokenEnv) {}
}
