package dev.terminus.jackson;

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

/** The value each golden vector must decode to, built by hand with the records' constructors. */
final class ExpectedTerminations {
    private ExpectedTerminations() {}

    static Termination forCase(String name) {
        return switch (name) {
            case "NaturalCompletion" -> new NaturalCompletion();
            case "Completed" -> new Completed();
            case "CompletedEarlyAfterToolCall" -> new CompletedEarlyAfterToolCall("write_report");
            case "Submitted" -> new Submitted("final_answer");
            case "CriteriaMet" -> new CriteriaMet(List.of("has-citations", "under-500-words"));
            case "Converged" -> new Converged(7);
            case "UserSatisfied" -> new UserSatisfied("</stop>");
            case "MaxIterationsReached" -> new MaxIterationsReached(25, 25);
            case "MaxToolCallsReached" -> new MaxToolCallsReached(40, 40);
            case "TokenBudgetExhausted" -> new TokenBudgetExhausted(2_260_112, 2_000_000, TokenKind.TOTAL);
            case "BudgetPressure" -> new BudgetPressure(0.85);
            case "CostBudgetExhausted" -> new CostBudgetExhausted(new BigDecimal("2.0143"), new BigDecimal("2.0"));
            case "TimeBudgetExhausted" -> new TimeBudgetExhausted(30_004, 30_000);
            case "FactBudgetExhausted" -> new FactBudgetExhausted(10_001, 10_000);
            case "PromptTooLong" -> new PromptTooLong(131_072L, 128_000L);
            case "OutputTruncated" -> new OutputTruncated(4096);
            case "StallDetected" -> new StallDetected(3);
            case "NoProgress" -> new NoProgress(3, List.of(
                    Message.Assistant.of("", new ToolCall("call_1", "search", Map.of("query", "weather in Oslo"))),
                    Message.ToolResult.of("call_1", "no results")));
            case "ConsecutiveMistakes" -> new ConsecutiveMistakes(3);
            case "StructuredOutputRetriesExhausted" -> new StructuredOutputRetriesExhausted(2,
                    Diagnostic.of("{\"title\": 42}", new Diagnostic.Violation("$.title", "must be a string")));
            case "Cancelled" -> new Cancelled("operator");
            case "Halted" -> new Halted("pre-tool-hook", "tool delete_table is forbidden in production");
            case "HitlGatePending" -> new HitlGatePending("hitl-3-writer-p7", "p7",
                    "Send the invoice email to billing@example.com", "writer", 3);
            case "HumanInterventionRequired" -> new HumanInterventionRequired(List.of("legal-review"), List.of("APR-1042"));
            case "Failed" -> new Failed(new ErrorInfo("java.net.SocketTimeoutException", "Read timed out",
                    ErrorCategory.EXTERNAL));
            case "ProviderAuthFailed" -> new ProviderAuthFailed("openai", 401);
            case "SchemaValidationFailed" -> new SchemaValidationFailed(
                    Diagnostic.of("not json", new Diagnostic.Violation("$", "expected an object")));
            case "CompactionFailed" -> new CompactionFailed("summarizer returned an empty summary");
            case "InvariantViolated" -> new InvariantViolated(InvariantClass.SEMANTIC, "no-duplicate-facts",
                    "fact 'price' asserted twice with different values");
            case "PromotionRejected" -> new PromotionRejected("p12", "provenance is empty");
            case "AgentRefused" -> new AgentRefused("model", "content_filter");
            case "Skipped" -> new Skipped("no documents to review");
            case "Custom" -> {
                Map<String, Object> properties = new LinkedHashMap<>();
                properties.put("FindingCount", 4);
                properties.put("Source", "cold-reader");
                yield new Custom("Reconciled", properties, Category.SUCCESS);
            }
            default -> throw new IllegalArgumentException("no expected value for golden case " + name);
        };
    }
}
