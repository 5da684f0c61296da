package dev.terminus.cli.demo;

import dev.terminus.Category;
import dev.terminus.Diagnostic;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.InvariantClass;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.Termination.*;
import dev.terminus.TokenKind;
import dev.terminus.ToolCall;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * One sample termination per framework case, with the facts of the contract's golden vectors
 * ({@code contract/golden}): the one place the command line builds an instance of every case (for the catalogue's
 * category and outcome, and for showing advice).
 */
public final class Samples {

    private static final Map<String, Termination> BY_KIND = build();

    private Samples() {}

    /**
     * A sample of every framework case, {@link Custom} included, in catalogue order.
     *
     * @return an unmodifiable list
     */
    public static List<Termination> all() {
        return List.copyOf(BY_KIND.values());
    }

    /**
     * The sample of one framework case.
     *
     * @param kind the case's {@code $kind}, e.g. {@code "NoProgress"}
     * @return its sample
     * @throws NoSuchElementException when {@code kind} is not a framework case
     */
    public static Termination of(String kind) {
        Termination sample = BY_KIND.get(kind);
        if (sample == null) {
            throw new NoSuchElementException("no framework case named " + kind);
        }
        return sample;
    }

    private static Map<String, Termination> build() {
        List<Termination> samples = List.of(
                new NaturalCompletion(),
                new Completed(),
                new CompletedEarlyAfterToolCall("write_report"),
                new Submitted("final_answer"),
                new CriteriaMet(List.of("has-citations", "under-500-words")),
                new Converged(7),
                new UserSatisfied("</stop>"),
                new MaxIterationsReached(25, 25),
                new MaxToolCallsReached(40, 40),
                new TokenBudgetExhausted(2_260_112, 2_000_000, TokenKind.TOTAL),
                new BudgetPressure(0.85),
                new CostBudgetExhausted(new BigDecimal("2.0143"), new BigDecimal("2.0")),
                new TimeBudgetExhausted(30_004, 30_000),
                new FactBudgetExhausted(10_001, 10_000),
                new PromptTooLong(131_072L, 128_000L),
                new OutputTruncated(4096),
                new StallDetected(3),
                new NoProgress(3, List.of(
                        Message.Assistant.of("", new ToolCall("call_1", "search", Map.of("query", "weather in Oslo"))),
                        Message.ToolResult.of("call_1", "no results"))),
                new ConsecutiveMistakes(3),
                new StructuredOutputRetriesExhausted(2,
                        Diagnostic.of("{\"title\": 42}", new Diagnostic.Violation("$.title", "must be a string"))),
                new Cancelled("operator"),
                new Halted("pre-tool-hook", "tool delete_table is forbidden in production"),
                new HitlGatePending("hitl-3-writer-p7", "p7", "Send the invoice email to billing@example.com",
                        "writer", 3),
                new HumanInterventionRequired(List.of("legal-review"), List.of("APR-1042")),
                new Failed(new ErrorInfo("java.net.SocketTimeoutException", "Read timed out", ErrorCategory.EXTERNAL)),
                new ProviderAuthFailed("openai", 401),
                new SchemaValidationFailed(Diagnostic.of("not json", new Diagnostic.Violation("$", "expected an object"))),
                new CompactionFailed("summarizer returned an empty summary"),
                new InvariantViolated(InvariantClass.SEMANTIC, "no-duplicate-facts",
                        "fact 'price' asserted twice with different values"),
                new PromotionRejected("p12", "provenance is empty"),
                new AgentRefused("model", "content_filter"),
                new Skipped("no documents to review"),
                new Custom("Reconciled", properties(), Category.SUCCESS));
        Map<String, Termination> byKind = new LinkedHashMap<>();
        for (Termination sample : samples) {
            byKind.put(sample.tag(), sample);
        }
        return byKind;
    }

    private static Map<String, Object> properties() {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("FindingCount", 4);
        properties.put("Source", "cold-reader");
        return properties;
    }
}
