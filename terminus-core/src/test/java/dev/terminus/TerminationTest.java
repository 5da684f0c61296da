package dev.terminus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination.AgentRefused;
import dev.terminus.Termination.BudgetPressure;
import dev.terminus.Termination.Cancelled;
import dev.terminus.Termination.CompactionFailed;
import dev.terminus.Termination.Completed;
import dev.terminus.Termination.CompletedEarlyAfterToolCall;
import dev.terminus.Termination.ConsecutiveMistakes;
import dev.terminus.Termination.Converged;
import dev.terminus.Termination.CostBudgetExhausted;
import dev.terminus.Termination.CriteriaMet;
import dev.terminus.Termination.Custom;
import dev.terminus.Termination.Extension;
import dev.terminus.Termination.FactBudgetExhausted;
import dev.terminus.Termination.Failed;
import dev.terminus.Termination.Halted;
import dev.terminus.Termination.HitlGatePending;
import dev.terminus.Termination.HumanInterventionRequired;
import dev.terminus.Termination.InvariantViolated;
import dev.terminus.Termination.MaxIterationsReached;
import dev.terminus.Termination.MaxToolCallsReached;
import dev.terminus.Termination.NaturalCompletion;
import dev.terminus.Termination.NoProgress;
import dev.terminus.Termination.OutputTruncated;
import dev.terminus.Termination.PromotionRejected;
import dev.terminus.Termination.PromptTooLong;
import dev.terminus.Termination.ProviderAuthFailed;
import dev.terminus.Termination.SchemaValidationFailed;
import dev.terminus.Termination.Skipped;
import dev.terminus.Termination.StallDetected;
import dev.terminus.Termination.StructuredOutputRetriesExhausted;
import dev.terminus.Termination.Submitted;
import dev.terminus.Termination.TimeBudgetExhausted;
import dev.terminus.Termination.TokenBudgetExhausted;
import dev.terminus.Termination.UserSatisfied;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class TerminationTest {

    /** An application's own typed case, as the javadoc of {@link Extension} shows it. */
    record QuotaExceeded(String tenant) implements Extension {
        @Override public String tag() { return "QuotaExceeded"; }
        @Override public Category category() { return Category.CAPACITY; }
    }

    private static final Diagnostic DIAGNOSTIC = Diagnostic.of("{}", new Diagnostic.Violation("$.name", "is required"));
    private static final ErrorInfo ERROR = new ErrorInfo("java.io.IOException", "broken pipe", ErrorCategory.EXTERNAL);

    // ---------------------------------------------------------------- the catalogue

    @Test
    void frameworkTagsAreExactlyTheSimpleNamesOfThePermittedSubclasses() {
        // given
        Class<?>[] permitted = Termination.class.getPermittedSubclasses();

        // when
        Set<String> simpleNames = Arrays.stream(permitted).map(Class::getSimpleName).collect(Collectors.toSet());

        // then
        assertThat(simpleNames).contains("Extension");
        assertThat(Termination.FRAMEWORK_TAGS).containsExactlyInAnyOrderElementsOf(simpleNames);
    }

    @Test
    void everyFrameworkCaseIsARecordExceptTheExtensionInterface() {
        // given
        Class<?>[] permitted = Termination.class.getPermittedSubclasses();

        // when
        List<Class<?>> nonRecords = Arrays.stream(permitted).filter(type -> !type.isRecord()).toList();

        // then
        assertThat(nonRecords).containsExactly(Extension.class);
        assertThat(frameworkRecords()).hasSize(permitted.length - 1);
    }

    @Test
    void tagOfEveryFrameworkCaseIsItsSimpleClassName() {
        // given
        List<Class<?>> records = frameworkRecords();

        // when
        Map<String, String> tagsBySimpleName = records.stream()
                .collect(Collectors.toMap(Class::getSimpleName, type -> sample(type).tag()));

        // then
        assertThat(tagsBySimpleName).hasSize(records.size());
        tagsBySimpleName.forEach((simpleName, tag) -> assertThat(tag).as("tag of %s", simpleName).isEqualTo(simpleName));
    }

    @Test
    void sampleHelperBuildsAnInstanceOfEveryFrameworkRecord() {
        // given
        List<Class<?>> records = frameworkRecords();

        // when
        List<Termination> samples = records.stream().map(TerminationTest::sample).toList();

        // then
        for (int i = 0; i < records.size(); i++) {
            assertThat(samples.get(i)).isExactlyInstanceOf(records.get(i));
        }
    }

    // ---------------------------------------------------------------- validation

    static Stream<Arguments> invalidConstructions() {
        return Stream.of(
                rejects(NullPointerException.class, "CompletedEarlyAfterToolCall.toolName must not be null",
                        () -> new CompletedEarlyAfterToolCall(null)),
                rejects(NullPointerException.class, "Submitted.toolName must not be null",
                        () -> new Submitted(null)),
                rejects(NullPointerException.class, "CriteriaMet.criteria must not be null",
                        () -> new CriteriaMet(null)),
                rejects(NullPointerException.class, "CriteriaMet.criteria[1] must not be null",
                        () -> new CriteriaMet(Arrays.asList("a", null))),
                rejects(IllegalArgumentException.class, "Converged.cycles must be >= 0, was -1",
                        () -> new Converged(-1)),
                rejects(IllegalArgumentException.class, "MaxIterationsReached.limit must be >= 0, was -1",
                        () -> new MaxIterationsReached(-1, 0)),
                rejects(IllegalArgumentException.class, "MaxIterationsReached.iterationsUsed must be >= 0, was -3",
                        () -> new MaxIterationsReached(5, -3)),
                rejects(IllegalArgumentException.class, "MaxToolCallsReached.limit must be >= 0, was -1",
                        () -> new MaxToolCallsReached(-1, 0)),
                rejects(IllegalArgumentException.class, "MaxToolCallsReached.toolCallsUsed must be >= 0, was -1",
                        () -> new MaxToolCallsReached(0, -1)),
                rejects(IllegalArgumentException.class, "TokenBudgetExhausted.tokensConsumed must be >= 0, was -1",
                        () -> new TokenBudgetExhausted(-1, 10, TokenKind.TOTAL)),
                rejects(IllegalArgumentException.class, "TokenBudgetExhausted.limit must be >= 0, was -10",
                        () -> new TokenBudgetExhausted(1, -10, TokenKind.INPUT)),
                rejects(NullPointerException.class, "TokenBudgetExhausted.kind must not be null",
                        () -> new TokenBudgetExhausted(1, 10, null)),
                rejects(IllegalArgumentException.class, "BudgetPressure.threshold must be in (0, 1], was 0.0",
                        () -> new BudgetPressure(0.0)),
                rejects(IllegalArgumentException.class, "BudgetPressure.threshold must be in (0, 1], was 1.5",
                        () -> new BudgetPressure(1.5)),
                rejects(IllegalArgumentException.class, "BudgetPressure.threshold must be in (0, 1], was -0.2",
                        () -> new BudgetPressure(-0.2)),
                rejects(IllegalArgumentException.class, "BudgetPressure.threshold must be in (0, 1], was NaN",
                        () -> new BudgetPressure(Double.NaN)),
                rejects(NullPointerException.class, "CostBudgetExhausted.spentUsd must not be null",
                        () -> new CostBudgetExhausted(null, BigDecimal.ONE)),
                rejects(NullPointerException.class, "CostBudgetExhausted.limitUsd must not be null",
                        () -> new CostBudgetExhausted(BigDecimal.ONE, null)),
                rejects(IllegalArgumentException.class, "TimeBudgetExhausted.elapsedMs must be >= 0, was -1",
                        () -> new TimeBudgetExhausted(-1, 1000)),
                rejects(IllegalArgumentException.class, "TimeBudgetExhausted.limitMs must be >= 0, was -1000",
                        () -> new TimeBudgetExhausted(1, -1000)),
                rejects(IllegalArgumentException.class, "FactBudgetExhausted.factsCount must be >= 0, was -1",
                        () -> new FactBudgetExhausted(-1, 100)),
                rejects(IllegalArgumentException.class, "FactBudgetExhausted.limit must be >= 0, was -100",
                        () -> new FactBudgetExhausted(1, -100)),
                rejects(IllegalArgumentException.class, "PromptTooLong.promptTokens must be >= 0 or null, was -1",
                        () -> new PromptTooLong(-1L, 8192L)),
                rejects(IllegalArgumentException.class, "PromptTooLong.contextWindow must be >= 0 or null, was -8192",
                        () -> new PromptTooLong(9000L, -8192L)),
                rejects(IllegalArgumentException.class, "OutputTruncated.maxOutputTokens must be >= 0 or null, was -1",
                        () -> new OutputTruncated(-1)),
                rejects(IllegalArgumentException.class,
                        "StallDetected.consecutiveThreshold must be >= 0 or null, was -2",
                        () -> new StallDetected(-2)),
                rejects(IllegalArgumentException.class, "NoProgress.unproductiveIterations must be >= 0, was -1",
                        () -> new NoProgress(-1, List.of())),
                rejects(NullPointerException.class, "NoProgress.snapshot must not be null",
                        () -> new NoProgress(1, null)),
                rejects(NullPointerException.class, "NoProgress.snapshot[0] must not be null",
                        () -> new NoProgress(1, Arrays.asList((Message) null))),
                rejects(IllegalArgumentException.class, "ConsecutiveMistakes.threshold must be >= 0, was -1",
                        () -> new ConsecutiveMistakes(-1)),
                rejects(IllegalArgumentException.class, "StructuredOutputRetriesExhausted.limit must be >= 0, was -1",
                        () -> new StructuredOutputRetriesExhausted(-1, DIAGNOSTIC)),
                rejects(NullPointerException.class, "StructuredOutputRetriesExhausted.diagnostic must not be null",
                        () -> new StructuredOutputRetriesExhausted(3, null)),
                rejects(NullPointerException.class, "HitlGatePending.gateId must not be null",
                        () -> new HitlGatePending(null, "p", "s", "a", 0)),
                rejects(IllegalArgumentException.class, "HitlGatePending.gateId must not be blank, was \" \"",
                        () -> new HitlGatePending(" ", "p", "s", "a", 0)),
                rejects(NullPointerException.class, "HitlGatePending.proposalId must not be null",
                        () -> new HitlGatePending("g", null, "s", "a", 0)),
                rejects(NullPointerException.class, "HitlGatePending.summary must not be null",
                        () -> new HitlGatePending("g", "p", null, "a", 0)),
                rejects(NullPointerException.class, "HitlGatePending.agentId must not be null",
                        () -> new HitlGatePending("g", "p", "s", null, 0)),
                rejects(IllegalArgumentException.class, "HitlGatePending.cycle must be >= 0, was -1",
                        () -> new HitlGatePending("g", "p", "s", "a", -1)),
                rejects(NullPointerException.class, "HumanInterventionRequired.criteria must not be null",
                        () -> new HumanInterventionRequired(null, List.of())),
                rejects(NullPointerException.class, "HumanInterventionRequired.approvalRefs must not be null",
                        () -> new HumanInterventionRequired(List.of(), null)),
                rejects(NullPointerException.class, "HumanInterventionRequired.approvalRefs[0] must not be null",
                        () -> new HumanInterventionRequired(List.of("c"), Arrays.asList((String) null))),
                rejects(NullPointerException.class, "Failed.error must not be null",
                        () -> new Failed(null)),
                rejects(NullPointerException.class, "ProviderAuthFailed.provider must not be null",
                        () -> new ProviderAuthFailed(null, 401)),
                rejects(IllegalArgumentException.class,
                        "ProviderAuthFailed.status must be an HTTP status (100-599), was 99",
                        () -> new ProviderAuthFailed("openai", 99)),
                rejects(IllegalArgumentException.class,
                        "ProviderAuthFailed.status must be an HTTP status (100-599), was 600",
                        () -> new ProviderAuthFailed("openai", 600)),
                rejects(NullPointerException.class, "Halted.source must not be null",
                        () -> new Halted(null, "r")),
                rejects(NullPointerException.class, "Halted.reason must not be null",
                        () -> new Halted("pre-tool-hook", null)),
                rejects(NullPointerException.class, "SchemaValidationFailed.diagnostic must not be null",
                        () -> new SchemaValidationFailed(null)),
                rejects(NullPointerException.class, "CompactionFailed.reason must not be null",
                        () -> new CompactionFailed(null)),
                rejects(NullPointerException.class, "InvariantViolated.invariantClass must not be null",
                        () -> new InvariantViolated(null, "n", "r")),
                rejects(NullPointerException.class, "InvariantViolated.name must not be null",
                        () -> new InvariantViolated(InvariantClass.SEMANTIC, null, "r")),
                rejects(NullPointerException.class, "InvariantViolated.reason must not be null",
                        () -> new InvariantViolated(InvariantClass.SEMANTIC, "n", null)),
                rejects(NullPointerException.class, "PromotionRejected.proposalId must not be null",
                        () -> new PromotionRejected(null, "r")),
                rejects(NullPointerException.class, "PromotionRejected.reason must not be null",
                        () -> new PromotionRejected("p", null)),
                rejects(NullPointerException.class, "AgentRefused.agentId must not be null",
                        () -> new AgentRefused(null, "r")),
                rejects(NullPointerException.class, "AgentRefused.reason must not be null",
                        () -> new AgentRefused("a", null)),
                rejects(NullPointerException.class, "Custom.reason must not be null",
                        () -> new Custom(null, Map.of(), Category.FATAL)),
                rejects(NullPointerException.class, "Custom.properties must not be null",
                        () -> new Custom("r", null, Category.FATAL)),
                rejects(NullPointerException.class, "Custom.category must not be null",
                        () -> new Custom("r", Map.of(), null)));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("invalidConstructions")
    void invalidComponentIsRejectedNamingTheFieldAndValue(
            Class<? extends Throwable> expectedType, String expectedMessage, ThrowingCallable construction) {
        // given the invalid construction

        // when / then
        assertThatThrownBy(construction).isExactlyInstanceOf(expectedType).hasMessage(expectedMessage);
    }

    @Test
    void negativeCostIsRejectedNamingTheFieldAndValue() {
        // given
        BigDecimal spent = new BigDecimal("-0.01");

        // when / then
        assertThatThrownBy(() -> new CostBudgetExhausted(spent, BigDecimal.TEN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("CostBudgetExhausted.spentUsd must be >= 0")
                .hasMessageEndingWith("was -0.01");
    }

    @Test
    void negativeCostLimitIsRejectedNamingTheFieldAndValue() {
        // given
        BigDecimal limit = new BigDecimal("-5");

        // when / then
        assertThatThrownBy(() -> new CostBudgetExhausted(BigDecimal.ONE, limit))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("CostBudgetExhausted.limitUsd must be >= 0")
                .hasMessageEndingWith("was -5");
    }

    @Test
    void zeroCountsAndBoundaryValuesAreAccepted() {
        // given / when
        var iterations = new MaxIterationsReached(0, 0);
        var pressure = new BudgetPressure(1.0);
        var lowestStatus = new ProviderAuthFailed("openai", 100);
        var highestStatus = new ProviderAuthFailed("openai", 599);
        var free = new CostBudgetExhausted(BigDecimal.ZERO, BigDecimal.ZERO);

        // then
        assertThat(iterations.limit()).isZero();
        assertThat(pressure.threshold()).isEqualTo(1.0);
        assertThat(lowestStatus.status()).isEqualTo(100);
        assertThat(highestStatus.status()).isEqualTo(599);
        assertThat(free.spentUsd()).isZero();
    }

    @Test
    void nullableComponentsAcceptNull() {
        // given / when
        var satisfied = new UserSatisfied(null);
        var pressure = new BudgetPressure(null);
        var prompt = new PromptTooLong(null, null);
        var truncated = new OutputTruncated(null);
        var stall = new StallDetected(null);
        var cancelled = new Cancelled(null);
        var skipped = new Skipped(null);

        // then
        assertThat(satisfied.stopToken()).isNull();
        assertThat(pressure.threshold()).isNull();
        assertThat(prompt.promptTokens()).isNull();
        assertThat(prompt.contextWindow()).isNull();
        assertThat(truncated.maxOutputTokens()).isNull();
        assertThat(stall.consecutiveThreshold()).isNull();
        assertThat(cancelled.requestedBy()).isNull();
        assertThat(skipped.reason()).isNull();
    }

    // ---------------------------------------------------------------- immutable copies

    @Test
    void criteriaAreCopiedSoChangesToTheSourceDoNotShow() {
        // given
        List<String> source = new ArrayList<>(List.of("tests pass"));
        var met = new CriteriaMet(source);

        // when
        source.add("lint clean");

        // then
        assertThat(met.criteria()).containsExactly("tests pass");
    }

    @Test
    void criteriaRejectMutation() {
        // given
        var met = new CriteriaMet(new ArrayList<>(List.of("tests pass")));

        // when / then
        assertThatThrownBy(() -> met.criteria().add("lint clean")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void noProgressSnapshotIsCopiedImmutably() {
        // given
        List<Message> source = new ArrayList<>(List.of(new Message.User("again")));
        var noProgress = new NoProgress(3, source);

        // when
        source.clear();

        // then
        assertThat(noProgress.snapshot()).containsExactly(new Message.User("again"));
        assertThatThrownBy(() -> noProgress.snapshot().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void humanInterventionListsAreCopiedImmutably() {
        // given
        List<String> criteria = new ArrayList<>(List.of("legal review"));
        List<String> refs = new ArrayList<>(List.of("JIRA-1"));
        var required = new HumanInterventionRequired(criteria, refs);

        // when
        criteria.add("security review");
        refs.add("JIRA-2");

        // then
        assertThat(required.criteria()).containsExactly("legal review");
        assertThat(required.approvalRefs()).containsExactly("JIRA-1");
        assertThatThrownBy(() -> required.criteria().add("x")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> required.approvalRefs().add("x")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void customPropertiesAreCopiedDeeplySoChangesToTheSourceDoNotShow() {
        // given
        List<Object> findings = new ArrayList<>(List.of("F1"));
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("findings", findings);
        var custom = new Custom("Reconciled", source, Category.SUCCESS);

        // when
        findings.add("F2");
        source.put("extra", true);

        // then
        assertThat(custom.properties()).isEqualTo(Map.of("findings", List.of("F1")));
    }

    @Test
    void customPropertiesRejectMutationAtEveryLevel() {
        // given
        var custom = new Custom("Reconciled", Map.of("findings", new ArrayList<>(List.of("F1"))), Category.SUCCESS);
        @SuppressWarnings("unchecked")
        List<Object> findings = (List<Object>) custom.properties().get("findings");

        // when / then
        assertThatThrownBy(() -> custom.properties().put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> findings.add("F2")).isInstanceOf(UnsupportedOperationException.class);
    }

    // ---------------------------------------------------------------- CostBudgetExhausted

    @Test
    void costAmountsAreComparedByValueNotScale() {
        // given
        var twoPointZero = new CostBudgetExhausted(new BigDecimal("2.0"), new BigDecimal("5"));
        var twoPointZeroZero = new CostBudgetExhausted(new BigDecimal("2.00"), new BigDecimal("5.000"));

        // when
        boolean equal = twoPointZero.equals(twoPointZeroZero);

        // then
        assertThat(equal).isTrue();
        assertThat(twoPointZero).hasSameHashCodeAs(twoPointZeroZero);
    }

    @Test
    void costsWithDifferentAmountsAreNotEqual() {
        // given
        var spent = new CostBudgetExhausted(new BigDecimal("2.00"), new BigDecimal("5"));

        // when / then
        assertThat(spent).isNotEqualTo(new CostBudgetExhausted(new BigDecimal("2.01"), new BigDecimal("5")));
        assertThat(spent).isNotEqualTo(new CostBudgetExhausted(new BigDecimal("2.00"), new BigDecimal("6")));
        assertThat(spent).isNotEqualTo(new CostBudgetExhausted(new BigDecimal("5"), new BigDecimal("2.00")));
    }

    @Test
    void zeroCostsOfDifferentScalesAreEqualWithEqualHashCodes() {
        // given
        var zero = new CostBudgetExhausted(BigDecimal.ZERO, new BigDecimal("1E+1"));
        var zeroWithScale = new CostBudgetExhausted(new BigDecimal("0.000"), new BigDecimal("10.00"));

        // when
        boolean equal = zero.equals(zeroWithScale);

        // then
        assertThat(equal).isTrue();
        assertThat(zero).hasSameHashCodeAs(zeroWithScale);
    }

    // ---------------------------------------------------------------- Failed

    @Test
    void failedEqualityIgnoresTheLiveCause() {
        // given
        var withCause = new Failed(ERROR, new RuntimeException("boom"));
        var withoutCause = new Failed(ERROR);

        // when
        boolean equal = withCause.equals(withoutCause);

        // then
        assertThat(equal).isTrue();
        assertThat(withCause).hasSameHashCodeAs(withoutCause);
        assertThat(withCause).isNotEqualTo(new Failed(new ErrorInfo("java.io.IOException", "other", ErrorCategory.EXTERNAL)));
    }

    @Test
    void failedToStringShowsTheErrorButNotTheLiveCause() {
        // given
        var failed = new Failed(ERROR, new RuntimeException("secret-live-detail"));

        // when
        String text = failed.toString();

        // then
        assertThat(text).isEqualTo("Failed[error=" + ERROR + "]").doesNotContain("secret-live-detail");
    }

    @Test
    void liveCauseReturnsTheExceptionTheFailureWasMadeFrom() {
        // given
        var exception = new IllegalStateException("bad state");

        // when
        Optional<Throwable> cause = new Failed(ERROR, exception).liveCause();

        // then
        assertThat(cause).containsSame(exception);
        assertThat(new Failed(ERROR).liveCause()).isEmpty();
    }

    @Test
    void failedOfTakesTheExceptionsClassNameAndMessageAndKeepsItAsCause() {
        // given
        var exception = new SocketTimeoutException("read timed out");

        // when
        Failed failed = Failed.of(exception, ErrorCategory.EXTERNAL);

        // then
        assertThat(failed.error()).isEqualTo(
                new ErrorInfo("java.net.SocketTimeoutException", "read timed out", ErrorCategory.EXTERNAL));
        assertThat(failed.liveCause()).containsSame(exception);
        assertThat(failed.category()).isEqualTo(Category.RETRYABLE);
    }

    @Test
    void failedOfUsesAnEmptyMessageWhenTheExceptionHasNone() {
        // given
        var exception = new NullPointerException();

        // when
        Failed failed = Failed.of(exception, ErrorCategory.INTERNAL);

        // then
        assertThat(failed.error().type()).isEqualTo("java.lang.NullPointerException");
        assertThat(failed.error().message()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(ErrorCategory.class)
    void failedCategoryFollowsTheErrorCategory(ErrorCategory errorCategory) {
        // given
        var failed = new Failed(new ErrorInfo("T", "m", errorCategory));

        // when
        Category category = failed.category();

        // then
        assertThat(category).isEqualTo(errorCategory.category());
        assertThat(failed.defaultOutcome()).isEqualTo(Outcome.FAILED);
    }

    // ---------------------------------------------------------------- Custom

    @Test
    void customTagIsCustomNeverTheReason() {
        // given
        var custom = Custom.of("Reconciled", Category.SUCCESS);

        // when
        String tag = custom.tag();

        // then
        assertThat(tag).isEqualTo("Custom");
        assertThat(custom.properties()).isEmpty();
        assertThat(custom.category()).isEqualTo(Category.SUCCESS);
    }

    @Test
    void wholeNumberPropertyReadsAsIntegerLongOrBigDecimal() {
        // given
        var custom = new Custom("Reconciled", Map.of("FindingCount", 4), Category.SUCCESS);

        // when
        Optional<Integer> asInteger = custom.property("FindingCount", Integer.class);
        Optional<Long> asLong = custom.property("FindingCount", Long.class);
        Optional<BigDecimal> asDecimal = custom.property("FindingCount", BigDecimal.class);
        Optional<BigInteger> asBigInteger = custom.property("FindingCount", BigInteger.class);

        // then
        assertThat(asInteger).contains(4);
        assertThat(asLong).contains(4L);
        assertThat(asDecimal).hasValueSatisfying(d -> assertThat(d).isEqualByComparingTo("4"));
        assertThat(asBigInteger).contains(BigInteger.valueOf(4));
    }

    @Test
    void fractionalPropertyDoesNotReadAsIntegerAndTheErrorNamesTheProperty() {
        // given
        var custom = new Custom("Reconciled", Map.of("ratio", 4.5), Category.SUCCESS);

        // when / then
        assertThatThrownBy(() -> custom.property("ratio", Integer.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Custom.properties.ratio")
                .hasMessageContaining("4.5");
    }

    @Test
    void fractionalPropertyReadsAsDoubleAndBigDecimal() {
        // given
        var custom = new Custom("Reconciled", Map.of("ratio", 4.5), Category.SUCCESS);

        // when
        Optional<Double> asDouble = custom.property("ratio", Double.class);
        Optional<BigDecimal> asDecimal = custom.property("ratio", BigDecimal.class);

        // then
        assertThat(asDouble).contains(4.5);
        assertThat(asDecimal).hasValueSatisfying(d -> assertThat(d).isEqualByComparingTo("4.5"));
    }

    @Test
    void propertyOfAnotherKindIsRefusedNamingThePropertyAndValue() {
        // given
        var custom = new Custom("Reconciled", Map.of("owner", "team-a"), Category.SUCCESS);

        // when / then
        assertThatThrownBy(() -> custom.property("owner", Long.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Custom.properties.owner is \"team-a\", not a Long");
    }

    @Test
    @SuppressWarnings("rawtypes")
    void stringAndNestedPropertiesReadAsTheirOwnTypes() {
        // given
        var custom = new Custom("Reconciled", Map.of("owner", "team-a", "tags", List.of("x")), Category.SUCCESS);

        // when
        Optional<String> owner = custom.property("owner", String.class);
        Optional<List> tags = custom.property("tags", List.class);

        // then
        assertThat(owner).contains("team-a");
        assertThat(tags).contains(List.of("x"));
    }

    @Test
    void absentOrNullPropertyReadsAsEmpty() {
        // given
        Map<String, Object> properties = new HashMap<>();
        properties.put("nothing", null);
        var custom = new Custom("Reconciled", properties, Category.SUCCESS);

        // when
        Optional<Integer> absent = custom.property("missing", Integer.class);
        Optional<Integer> jsonNull = custom.property("nothing", Integer.class);

        // then
        assertThat(absent).isEmpty();
        assertThat(jsonNull).isEmpty();
        assertThat(custom.properties()).containsEntry("nothing", null);
    }

    @Test
    void customPropertyThatIsNotAJsonValueIsRefusedWithItsPath() {
        // given
        Map<String, Object> properties = Map.of("when", new Object());

        // when / then
        assertThatThrownBy(() -> new Custom("Reconciled", properties, Category.SUCCESS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Custom.properties.when must be a JSON value")
                .hasMessageContaining("java.lang.Object");
    }

    @Test
    void nestedCustomPropertyThatIsNotAJsonValueIsRefusedWithItsFullPath() {
        // given
        Map<String, Object> properties = Map.of("batch", Map.of("items", List.of(1, new StringBuilder("x"))));

        // when / then
        assertThatThrownBy(() -> new Custom("Reconciled", properties, Category.SUCCESS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Custom.properties.batch.items[1] must be a JSON value")
                .hasMessageContaining("java.lang.StringBuilder");
    }

    @ParameterizedTest
    @CsvSource({
        "SUCCESS, SUCCEEDED",
        "RETRYABLE, FAILED",
        "CAPACITY, FAILED",
        "FATAL, FAILED",
        "INTERRUPTED, CANCELLED",
        "SUSPENDED, SUSPENDED",
    })
    void customOutcomeFollowsItsCategory(Category category, Outcome expected) {
        // given
        var custom = Custom.of("Reason", category);

        // when
        Outcome outcome = custom.defaultOutcome();

        // then
        assertThat(outcome).isEqualTo(expected);
    }

    // ---------------------------------------------------------------- Extension

    @ParameterizedTest
    @ValueSource(strings = {"lower", "", "A-B", "Has Space", "9Lives"})
    void malformedExtensionTagIsRejectedShowingTheTag(String tag) {
        // given the malformed tag

        // when / then
        assertThatThrownBy(() -> Extension.requireValidTag(tag))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Extension tag \"" + tag + "\" is malformed: it must match [A-Z][A-Za-z0-9]{0,63}");
    }

    @Test
    void extensionTagLongerThanSixtyFourCharactersIsRejected() {
        // given
        String tag = "A" + "b".repeat(64);

        // when / then
        assertThat(tag).hasSize(65);
        assertThatThrownBy(() -> Extension.requireValidTag(tag))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is malformed");
    }

    @Test
    void extensionTagOfSixtyFourCharactersIsAccepted() {
        // given
        String tag = "A" + "b".repeat(63);

        // when
        String accepted = Extension.requireValidTag(tag);

        // then
        assertThat(accepted).hasSize(64).isSameAs(tag);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Failed", "Custom", "Extension", "NaturalCompletion"})
    void extensionTagThatIsAFrameworkNameIsRejected(String tag) {
        // given the framework name

        // when / then
        assertThatThrownBy(() -> Extension.requireValidTag(tag))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Extension tag \"" + tag + "\" collides with the framework case of that name; choose another");
    }

    @Test
    void nullExtensionTagIsRejected() {
        // given
        String tag = null;

        // when / then
        assertThatThrownBy(() -> Extension.requireValidTag(tag))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Extension tag must not be null");
    }

    @Test
    void wellFormedExtensionTagIsReturned() {
        // given
        String tag = "QuotaExceeded";

        // when
        String accepted = Extension.requireValidTag(tag);

        // then
        assertThat(accepted).isEqualTo("QuotaExceeded");
    }

    @Test
    void extensionWithoutOverridesTakesOutcomeAndPredicatesFromItsCategory() {
        // given
        Termination quota = new QuotaExceeded("tenant-7");

        // when
        Outcome outcome = quota.defaultOutcome();

        // then
        assertThat(Extension.requireValidTag(quota.tag())).isEqualTo("QuotaExceeded");
        assertThat(outcome).isEqualTo(Outcome.FAILED);
        assertThat(quota.isError()).isTrue();
        assertThat(quota.isSuccess()).isFalse();
        assertThat(quota.isSuspended()).isFalse();
        assertThat(quota.isBudgetExhausted()).isFalse();
        assertThat(quota.isStuck()).isFalse();
        assertThat(quota.isValidationFailure()).isFalse();
    }

    @Test
    void exhaustiveSwitchReachesTheExtensionArmForAnExtension() {
        // given
        Termination quota = new QuotaExceeded("tenant-7");

        // when
        String arm = switch (quota) {
            case Extension extension -> "extension " + extension.tag();
            case Custom custom -> "custom";
            default -> "framework";
        };

        // then
        assertThat(arm).isEqualTo("extension QuotaExceeded");
    }

    // ---------------------------------------------------------------- outcomes

    @Test
    void budgetPressureSucceedsAlthoughItIsCapacity() {
        // given
        var pressure = new BudgetPressure(0.8);

        // when
        Outcome outcome = pressure.defaultOutcome();

        // then
        assertThat(pressure.category()).isEqualTo(Category.CAPACITY);
        assertThat(outcome).isEqualTo(Outcome.SUCCEEDED);
    }

    @Test
    void skippedIsSkippedAlthoughItIsInterrupted() {
        // given
        var skipped = new Skipped("nothing changed");

        // when
        Outcome outcome = skipped.defaultOutcome();

        // then
        assertThat(skipped.category()).isEqualTo(Category.INTERRUPTED);
        assertThat(outcome).isEqualTo(Outcome.SKIPPED);
    }

    @Test
    void aCancellationByAThreadInterruptNamesItsRequesterThreadInterrupt() {
        // when
        var cancelled = Cancelled.byThreadInterrupt();

        // then
        assertThat(cancelled).isEqualTo(new Cancelled("thread-interrupt"));
        assertThat(cancelled.requestedBy()).isEqualTo(Cancelled.THREAD_INTERRUPT);
    }

    @Test
    void cancelledRollsUpAsCancelled() {
        // given
        var cancelled = new Cancelled("user-42");

        // when
        Outcome outcome = cancelled.defaultOutcome();

        // then
        assertThat(outcome).isEqualTo(Outcome.CANCELLED);
    }

    @Test
    void onlyBudgetPressureAndSkippedOverrideTheOutcomeOfTheirCategory() {
        // given
        List<Termination> samples = frameworkRecords().stream().map(TerminationTest::sample).toList();

        // when
        List<String> overriding = samples.stream()
                .filter(t -> t.defaultOutcome() != t.category().defaultOutcome())
                .map(Termination::tag)
                .toList();

        // then
        assertThat(overriding).containsExactlyInAnyOrder("BudgetPressure", "Skipped");
    }

    // ---------------------------------------------------------------- predicates

    @Test
    void successErrorAndSuspendedPredicatesFollowTheCategoryForEveryCase() {
        // given
        List<Termination> samples = frameworkRecords().stream().map(TerminationTest::sample).toList();

        // when / then
        for (Termination t : samples) {
            assertThat(t.isSuccess()).as("%s.isSuccess", t.tag()).isEqualTo(t.category() == Category.SUCCESS);
            assertThat(t.isError()).as("%s.isError", t.tag()).isEqualTo(t.category().isError());
            assertThat(t.isSuspended()).as("%s.isSuspended", t.tag()).isEqualTo(t.category() == Category.SUSPENDED);
        }
    }

    @Test
    void maxIterationsReachedIsABudgetErrorButNotStuck() {
        // given
        Termination t = new MaxIterationsReached(10, 10);

        // when / then
        assertThat(t.isBudgetExhausted()).isTrue();
        assertThat(t.isError()).isTrue();
        assertThat(t.isStuck()).isFalse();
        assertThat(t.isSuccess()).isFalse();
        assertThat(t.isValidationFailure()).isFalse();
    }

    @Test
    void stallDetectedIsStuckButNotABudget() {
        // given
        Termination t = new StallDetected(3);

        // when / then
        assertThat(t.isStuck()).isTrue();
        assertThat(t.isBudgetExhausted()).isFalse();
        assertThat(t.isError()).isTrue();
    }

    @Test
    void schemaValidationFailedIsARetryableValidationFailure() {
        // given
        Termination t = new SchemaValidationFailed(DIAGNOSTIC);

        // when / then
        assertThat(t.category()).isEqualTo(Category.RETRYABLE);
        assertThat(t.isValidationFailure()).isTrue();
        assertThat(t.isStuck()).isFalse();
        assertThat(t.isError()).isTrue();
    }

    @Test
    void hitlGatePendingIsSuspendedAndNotAnError() {
        // given
        Termination t = new HitlGatePending("gate-1", "proposal-9", "delete 3 files", "agent-a", 2);

        // when / then
        assertThat(t.isSuspended()).isTrue();
        assertThat(t.isError()).isFalse();
        assertThat(t.isSuccess()).isFalse();
        assertThat(t.defaultOutcome()).isEqualTo(Outcome.SUSPENDED);
    }

    @Test
    void naturalCompletionIsASuccessAndNothingElse() {
        // given
        Termination t = new NaturalCompletion();

        // when / then
        assertThat(t.isSuccess()).isTrue();
        assertThat(t.isError()).isFalse();
        assertThat(t.isBudgetExhausted()).isFalse();
        assertThat(t.isStuck()).isFalse();
        assertThat(t.isValidationFailure()).isFalse();
        assertThat(t.isSuspended()).isFalse();
    }

    @Test
    void cancelledIsNeitherASuccessNorAnError() {
        // given
        Termination t = new Cancelled(null);

        // when / then
        assertThat(t.isSuccess()).isFalse();
        assertThat(t.isError()).isFalse();
        assertThat(t.isSuspended()).isFalse();
    }

    // ---------------------------------------------------------------- helpers

    private static Arguments rejects(Class<? extends Throwable> type, String message, ThrowingCallable construction) {
        return Arguments.of(type, message, construction);
    }

    private static List<Class<?>> frameworkRecords() {
        return Arrays.stream(Termination.class.getPermittedSubclasses()).filter(Class::isRecord).toList();
    }

    /** A valid instance of a framework record; fails for a record added without a sample here. */
    private static Termination sample(Class<?> type) {
        return switch (type.getSimpleName()) {
            case "NaturalCompletion" -> new NaturalCompletion();
            case "Completed" -> new Completed();
            case "CompletedEarlyAfterToolCall" -> new CompletedEarlyAfterToolCall("write_file");
            case "Submitted" -> new Submitted("final_answer");
            case "CriteriaMet" -> new CriteriaMet(List.of("tests pass"));
            case "Converged" -> new Converged(4);
            case "UserSatisfied" -> new UserSatisfied("###STOP###");
            case "MaxIterationsReached" -> new MaxIterationsReached(10, 10);
            case "MaxToolCallsReached" -> new MaxToolCallsReached(50, 50);
            case "TokenBudgetExhausted" -> new TokenBudgetExhausted(120_000, 100_000, TokenKind.TOTAL);
            case "BudgetPressure" -> new BudgetPressure(0.8);
            case "CostBudgetExhausted" -> new CostBudgetExhausted(new BigDecimal("2.05"), new BigDecimal("2.00"));
            case "TimeBudgetExhausted" -> new TimeBudgetExhausted(61_000, 60_000);
            case "FactBudgetExhausted" -> new FactBudgetExhausted(1001, 1000);
            case "PromptTooLong" -> new PromptTooLong(210_000L, 200_000L);
            case "OutputTruncated" -> new OutputTruncated(4096);
            case "StallDetected" -> new StallDetected(3);
            case "NoProgress" -> new NoProgress(3, List.of(Message.Assistant.of("same again")));
            case "ConsecutiveMistakes" -> new ConsecutiveMistakes(5);
            case "StructuredOutputRetriesExhausted" -> new StructuredOutputRetriesExhausted(2, DIAGNOSTIC);
            case "Cancelled" -> new Cancelled("user-42");
            case "Halted" -> new Halted("pre-tool-hook", "dangerous command");
            case "HitlGatePending" -> new HitlGatePending("gate-1", "proposal-9", "delete 3 files", "agent-a", 2);
            case "HumanInterventionRequired" -> new HumanInterventionRequired(List.of("legal review"), List.of("JIRA-1"));
            case "Failed" -> new Failed(ERROR);
            case "ProviderAuthFailed" -> new ProviderAuthFailed("openai", 401);
            case "SchemaValidationFailed" -> new SchemaValidationFailed(DIAGNOSTIC);
            case "CompactionFailed" -> new CompactionFailed("summary too long");
            case "InvariantViolated" -> new InvariantViolated(InvariantClass.ACCEPTANCE, "no-secrets", "found a key");
            case "PromotionRejected" -> new PromotionRejected("proposal-9", "score below 0.7");
            case "AgentRefused" -> new AgentRefused("agent-a", "content_filter");
            case "Skipped" -> new Skipped("nothing changed");
            case "Custom" -> new Custom("Reconciled", Map.of("FindingCount", 4), Category.SUCCESS);
            default -> throw new IllegalArgumentException("no sample for " + type.getName() + "; add one to sample()");
        };
    }
}
