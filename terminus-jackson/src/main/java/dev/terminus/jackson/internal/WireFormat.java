package dev.terminus.jackson.internal;

import static dev.terminus.jackson.internal.ValueCodecs.DECIMAL;
import static dev.terminus.jackson.internal.ValueCodecs.INT;
import static dev.terminus.jackson.internal.ValueCodecs.JSON_OBJECT;
import static dev.terminus.jackson.internal.ValueCodecs.LONG;
import static dev.terminus.jackson.internal.ValueCodecs.NULLABLE_DOUBLE;
import static dev.terminus.jackson.internal.ValueCodecs.NULLABLE_INT;
import static dev.terminus.jackson.internal.ValueCodecs.NULLABLE_LONG;
import static dev.terminus.jackson.internal.ValueCodecs.NULLABLE_STRING;
import static dev.terminus.jackson.internal.ValueCodecs.STRING;
import static dev.terminus.jackson.internal.ValueCodecs.STRING_LIST;

import dev.terminus.Category;
import dev.terminus.Diagnostic;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.InvariantClass;
import dev.terminus.Termination;
import dev.terminus.Termination.*;
import dev.terminus.TokenKind;
import dev.terminus.ToolCall;
import dev.terminus.jackson.internal.RecordCodec.Field;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The codec of every framework case and of the values they carry, in one reading mode (strict or tolerant).
 * Built once per module; immutable and shared by all threads.
 */
public final class WireFormat {

    private final boolean strict;
    private final Map<String, RecordCodec<? extends Termination>> byKind = new LinkedHashMap<>();
    private final Map<Class<?>, RecordCodec<? extends Termination>> byClass = new HashMap<>();
    final MessageCodec message;
    final RecordCodec<ToolCall> toolCall;
    final RecordCodec<Diagnostic> diagnostic;
    final RecordCodec<ErrorInfo> errorInfo;

    /**
     * Builds the tables.
     *
     * @param strict whether unknown fields are errors (strict) or skipped (tolerant)
     */
    public WireFormat(boolean strict) {
        this.strict = strict;
        ValueCodec<TokenKind> tokenKind = ValueCodecs.enumOf(TokenKind.class);
        ValueCodec<InvariantClass> invariantClass = ValueCodecs.enumOf(InvariantClass.class);
        ValueCodec<Category> category = ValueCodecs.enumOf(Category.class);

        toolCall = record("ToolCall", ToolCall.class, a -> new ToolCall((String) a[0], (String) a[1], map(a[2])),
                f("id", STRING, ToolCall::id), f("name", STRING, ToolCall::name),
                f("arguments", requiredObject(), ToolCall::arguments));
        message = new MessageCodec(toolCall, strict);
        RecordCodec<Diagnostic.Violation> violation = record("Violation", Diagnostic.Violation.class,
                a -> new Diagnostic.Violation((String) a[0], (String) a[1]),
                f("path", STRING, Diagnostic.Violation::path), f("message", STRING, Diagnostic.Violation::message));
        diagnostic = record("Diagnostic", Diagnostic.class, a -> new Diagnostic((String) a[0], list(a[1])),
                f("received", STRING, Diagnostic::received),
                f("violations", ValueCodecs.listOf(violation), Diagnostic::violations));
        errorInfo = record("ErrorInfo", ErrorInfo.class,
                a -> new ErrorInfo((String) a[0], (String) a[1], (ErrorCategory) a[2]),
                f("type", STRING, ErrorInfo::type), f("message", STRING, ErrorInfo::message),
                f("category", ValueCodecs.enumOf(ErrorCategory.class), ErrorInfo::category));

        add(NaturalCompletion.class, a -> new NaturalCompletion());
        add(Completed.class, a -> new Completed());
        add(CompletedEarlyAfterToolCall.class, a -> new CompletedEarlyAfterToolCall((String) a[0]),
                f("toolName", STRING, CompletedEarlyAfterToolCall::toolName));
        add(Submitted.class, a -> new Submitted((String) a[0]), f("toolName", STRING, Submitted::toolName));
        add(CriteriaMet.class, a -> new CriteriaMet(list(a[0])), f("criteria", STRING_LIST, CriteriaMet::criteria));
        add(Converged.class, a -> new Converged((Integer) a[0]), f("cycles", INT, Converged::cycles));
        add(UserSatisfied.class, a -> new UserSatisfied((String) a[0]),
                f("stopToken", NULLABLE_STRING, UserSatisfied::stopToken));
        add(MaxIterationsReached.class, a -> new MaxIterationsReached((Integer) a[0], (Integer) a[1]),
                f("limit", INT, MaxIterationsReached::limit),
                f("iterationsUsed", INT, MaxIterationsReached::iterationsUsed));
        add(MaxToolCallsReached.class, a -> new MaxToolCallsReached((Integer) a[0], (Integer) a[1]),
                f("limit", INT, MaxToolCallsReached::limit),
                f("toolCallsUsed", INT, MaxToolCallsReached::toolCallsUsed));
        add(TokenBudgetExhausted.class, a -> new TokenBudgetExhausted((Long) a[0], (Long) a[1], (TokenKind) a[2]),
                f("tokensConsumed", LONG, TokenBudgetExhausted::tokensConsumed),
                f("limit", LONG, TokenBudgetExhausted::limit), f("kind", tokenKind, TokenBudgetExhausted::kind));
        add(BudgetPressure.class, a -> new BudgetPressure((Double) a[0]),
                f("threshold", NULLABLE_DOUBLE, BudgetPressure::threshold));
        add(CostBudgetExhausted.class, a -> new CostBudgetExhausted((BigDecimal) a[0], (BigDecimal) a[1]),
                f("spentUsd", DECIMAL, CostBudgetExhausted::spentUsd),
                f("limitUsd", DECIMAL, CostBudgetExhausted::limitUsd));
        add(TimeBudgetExhausted.class, a -> new TimeBudgetExhausted((Long) a[0], (Long) a[1]),
                f("elapsedMs", LONG, TimeBudgetExhausted::elapsedMs), f("limitMs", LONG, TimeBudgetExhausted::limitMs));
        add(FactBudgetExhausted.class, a -> new FactBudgetExhausted((Long) a[0], (Long) a[1]),
                f("factsCount", LONG, FactBudgetExhausted::factsCount), f("limit", LONG, FactBudgetExhausted::limit));
        add(PromptTooLong.class, a -> new PromptTooLong((Long) a[0], (Long) a[1]),
                f("promptTokens", NULLABLE_LONG, PromptTooLong::promptTokens),
                f("contextWindow", NULLABLE_LONG, PromptTooLong::contextWindow));
        add(OutputTruncated.class, a -> new OutputTruncated((Integer) a[0]),
                f("maxOutputTokens", NULLABLE_INT, OutputTruncated::maxOutputTokens));
        add(StallDetected.class, a -> new StallDetected((Integer) a[0]),
                f("consecutiveThreshold", NULLABLE_INT, StallDetected::consecutiveThreshold));
        add(NoProgress.class, a -> new NoProgress((Integer) a[0], list(a[1])),
                f("unproductiveIterations", INT, NoProgress::unproductiveIterations),
                f("snapshot", ValueCodecs.listOf(message), NoProgress::snapshot));
        add(ConsecutiveMistakes.class, a -> new ConsecutiveMistakes((Integer) a[0]),
                f("threshold", INT, ConsecutiveMistakes::threshold));
        add(StructuredOutputRetriesExhausted.class,
                a -> new StructuredOutputRetriesExhausted((Integer) a[0], (Diagnostic) a[1]),
                f("limit", INT, StructuredOutputRetriesExhausted::limit),
                f("diagnostic", diagnostic, StructuredOutputRetriesExhausted::diagnostic));
        add(Cancelled.class, a -> new Cancelled((String) a[0]), f("requestedBy", NULLABLE_STRING, Cancelled::requestedBy));
        add(Halted.class, a -> new Halted((String) a[0], (String) a[1]),
                f("source", STRING, Halted::source), f("reason", STRING, Halted::reason));
        add(HitlGatePending.class,
                a -> new HitlGatePending((String) a[0], (String) a[1], (String) a[2], (String) a[3], (Integer) a[4]),
                f("gateId", STRING, HitlGatePending::gateId), f("proposalId", STRING, HitlGatePending::proposalId),
                f("summary", STRING, HitlGatePending::summary), f("agentId", STRING, HitlGatePending::agentId),
                f("cycle", INT, HitlGatePending::cycle));
        add(HumanInterventionRequired.class, a -> new HumanInterventionRequired(list(a[0]), list(a[1])),
                f("criteria", STRING_LIST, HumanInterventionRequired::criteria),
                f("approvalRefs", STRING_LIST, HumanInterventionRequired::approvalRefs));
        add(Failed.class, a -> new Failed((ErrorInfo) a[0]), f("error", errorInfo, Failed::error));
        add(ProviderAuthFailed.class, a -> new ProviderAuthFailed((String) a[0], (Integer) a[1]),
                f("provider", STRING, ProviderAuthFailed::provider), f("status", INT, ProviderAuthFailed::status));
        add(SchemaValidationFailed.class, a -> new SchemaValidationFailed((Diagnostic) a[0]),
                f("diagnostic", diagnostic, SchemaValidationFailed::diagnostic));
        add(CompactionFailed.class, a -> new CompactionFailed((String) a[0]), f("reason", STRING, CompactionFailed::reason));
        add(InvariantViolated.class,
                a -> new InvariantViolated((InvariantClass) a[0], (String) a[1], (String) a[2]),
                f("invariantClass", invariantClass, InvariantViolated::invariantClass),
                f("name", STRING, InvariantViolated::name), f("reason", STRING, InvariantViolated::reason));
        add(PromotionRejected.class, a -> new PromotionRejected((String) a[0], (String) a[1]),
                f("proposalId", STRING, PromotionRejected::proposalId), f("reason", STRING, PromotionRejected::reason));
        add(AgentRefused.class, a -> new AgentRefused((String) a[0], (String) a[1]),
                f("agentId", STRING, AgentRefused::agentId), f("reason", STRING, AgentRefused::reason));
        add(Skipped.class, a -> new Skipped((String) a[0]), f("reason", NULLABLE_STRING, Skipped::reason));
        add(Custom.class, a -> new Custom((String) a[0], map(a[1]), (Category) a[2]),
                f("reason", STRING, Custom::reason), f("properties", JSON_OBJECT, Custom::properties),
                f("category", category, Custom::category));
    }

    /** Whether unknown fields are errors. */
    public boolean strict() {
        return strict;
    }

    /** The codec of a framework case by its {@code $kind}, or null. */
    @Nullable RecordCodec<? extends Termination> byKind(String kind) {
        return byKind.get(kind);
    }

    /** The codec of a framework case by its record class, or null. */
    @Nullable RecordCodec<? extends Termination> byClass(Class<?> type) {
        return byClass.get(type);
    }

    /**
     * The framework cases this format knows, by {@code $kind}, with their wire field names in order.
     *
     * @return an unmodifiable map from kind to field names
     */
    public Map<String, List<String>> caseFields() {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        byKind.forEach((kind, codec) -> fields.put(kind, codec.fieldNames()));
        return Collections.unmodifiableMap(fields);
    }

    @SafeVarargs
    private <T extends Termination> void add(Class<T> type, Function<@Nullable Object[], T> factory, Field<T>... fields) {
        String kind = type.getSimpleName();
        RecordCodec<T> codec = record(kind, type, factory, fields);
        byKind.put(kind, codec);
        byClass.put(type, codec);
    }

    @SafeVarargs
    private <T> RecordCodec<T> record(String owner, Class<T> type, Function<@Nullable Object[], T> factory, Field<T>... fields) {
        return new RecordCodec<>(owner, type, List.of(fields), factory, strict);
    }

    @SuppressWarnings("unchecked")
    private static <T> Field<T> f(String name, ValueCodec<?> codec, Function<T, ?> getter) {
        return new Field<>(name, codec, (Function<T, @Nullable Object>) getter);
    }

    private static ValueCodec<Map<String, @Nullable Object>> requiredObject() {
        ValueCodec<Map<String, @Nullable Object>> object = JSON_OBJECT;
        return new ValueCodec<>() {
            @Override public void write(@Nullable Map<String, @Nullable Object> value,
                    com.fasterxml.jackson.core.JsonGenerator gen) throws java.io.IOException {
                object.write(value, gen);
            }
            @Override public Map<String, @Nullable Object> read(com.fasterxml.jackson.core.JsonParser p,
                    com.fasterxml.jackson.databind.DeserializationContext ctxt, String path) throws java.io.IOException {
                return object.read(p, ctxt, path);
            }
        };
    }

    @SuppressWarnings("unchecked")
    private static <E> List<E> list(@Nullable Object value) {
        return value == null ? new ArrayList<>() : (List<E>) value;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, @Nullable Object> map(@Nullable Object value) {
        return (Map<String, @Nullable Object>) value;
    }
}
