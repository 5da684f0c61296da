package dev.terminus.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.InvariantClass;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.ToolCall;
import dev.terminus.cli.demo.Samples;
import dev.terminus.jackson.UnrecognizedTermination;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The recovery playbook: concrete, case-specific advice for every case, filled in with its facts. */
class PlaybookTest {

    static Stream<Termination> samples() {
        return Samples.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void everyFrameworkCaseGetsTwoToFourNonBlankSteps(Termination sample) {
        // when
        List<String> steps = Playbook.nextSteps(sample);

        // then
        assertThat(steps).hasSizeBetween(2, 4);
        assertThat(steps).allSatisfy(step -> assertThat(step).isNotBlank().doesNotContain("null"));
        assertThat(steps).doesNotHaveDuplicates();
    }

    @Test
    void noTwoFrameworkCasesShareTheirFirstStep() {
        // when
        Map<String, List<String>> casesByFirstStep = Samples.all().stream().collect(Collectors.groupingBy(
                sample -> Playbook.nextSteps(sample).get(0),
                Collectors.mapping(Termination::tag, Collectors.toList())));

        // then
        assertThat(casesByFirstStep.values()).allSatisfy(cases -> assertThat(cases).hasSize(1));
        assertThat(casesByFirstStep).hasSize(33);
    }

    @Test
    void tokenBudgetAdviceNamesTheKindTheLimitAndTheConsumption() {
        // when
        List<String> steps = Playbook.nextSteps(new Termination.TokenBudgetExhausted(2_260_112, 2_000_000, TokenKind.TOTAL));

        // then
        assertThat(steps.get(0)).isEqualTo(
                "Raise the TOTAL token budget above 2000000 (2260112 were consumed) or reduce the task's scope.");
    }

    @Test
    void outputTokenBudgetAdviceIsAboutOutputNotInput() {
        // when
        List<String> total = Playbook.nextSteps(new Termination.TokenBudgetExhausted(10, 5, TokenKind.TOTAL));
        List<String> output = Playbook.nextSteps(new Termination.TokenBudgetExhausted(10, 5, TokenKind.OUTPUT));

        // then
        assertThat(output.get(0)).contains("OUTPUT token budget above 5");
        assertThat(output.get(1)).isNotEqualTo(total.get(1)).contains("shorter answers");
    }

    @Test
    void providerAuthAdviceNamesTheProviderAndStatusAndForbidsRetrying() {
        // when
        List<String> steps = Playbook.nextSteps(new Termination.ProviderAuthFailed("openai", 401));

        // then
        assertThat(steps.get(0)).isEqualTo("Fix the openai credentials (HTTP 401); do not retry until they are fixed.");
    }

    @Test
    void hitlAdviceNamesTheGateAndTheResumeCommand() {
        // when
        List<String> steps = Playbook.nextSteps(new Termination.HitlGatePending("gate-9", "p1", "Delete the table",
                "ops", 2));

        // then
        assertThat(steps).anySatisfy(step -> assertThat(step).contains("gate-9").contains("terminus resume"));
        assertThat(steps.get(0)).contains("Delete the table").contains("ops");
    }

    @Test
    void aGateWaitingForInputIsAdvisedToBeAnsweredOrDeclinedAndAnApprovalGateToBeApprovedOrRejected() {
        // given
        Termination.HitlGatePending gate = new Termination.HitlGatePending("gate-3", "call-1", "Your name?", "signup", 1);

        // when
        List<String> input = Playbook.nextSteps(gate, Playbook.Gate.INPUT);
        List<String> approval = Playbook.nextSteps(gate, Playbook.Gate.APPROVAL);

        // then
        assertThat(input.get(0)).contains("call-1").contains("Your name?");
        assertThat(input.get(1)).contains("gate-3").contains("--answer JSON").contains("--reject REASON")
                .doesNotContain("Approve");
        assertThat(approval.get(1)).startsWith("Approve or reject gate gate-3 with `terminus resume`");
        assertThat(Playbook.nextSteps(gate)).isEqualTo(approval);
    }

    @Test
    void limitAdviceNamesTheLimitAndTheAmountUsed() {
        // then
        assertThat(Playbook.nextSteps(new Termination.MaxToolCallsReached(40, 41)).get(0)).contains("40").contains("41");
        assertThat(Playbook.nextSteps(new Termination.MaxIterationsReached(12, 12)).get(0)).contains("above 12");
        assertThat(Playbook.nextSteps(new Termination.TimeBudgetExhausted(30_004, 30_000)).get(0))
                .contains("30000 ms").contains("30004 ms");
        assertThat(Playbook.nextSteps(new Termination.ConsecutiveMistakes(5)).get(0)).contains("last 5");
    }

    @Test
    void noProgressAdviceNamesTheRepeatedToolAndItsAnswer() {
        // given
        Termination stuck = new Termination.NoProgress(4, List.of(
                Message.Assistant.of("", new ToolCall("c1", "lookup_order", Map.of("id", 7))),
                Message.ToolResult.of("c1", "order not found")));

        // when
        List<String> steps = Playbook.nextSteps(stuck);

        // then
        assertThat(steps.get(0)).contains("4 iterations").contains("lookup_order");
        assertThat(steps.get(1)).contains("order not found");
    }

    @Test
    void nullableFactsGiveAdviceWithoutThem() {
        // then
        assertThat(Playbook.nextSteps(new Termination.PromptTooLong(null, null)).get(0))
                .contains("did not fit the model's context window");
        assertThat(Playbook.nextSteps(new Termination.StallDetected(null)).get(0)).startsWith("Read the last iterations");
        assertThat(Playbook.nextSteps(new Termination.Cancelled(null)).get(0)).contains("the caller cancelled");
        assertThat(Playbook.nextSteps(new Termination.OutputTruncated(null)).get(0)).doesNotContain("null");
    }

    @Test
    void failedAdviceDependsOnTheErrorCategory() {
        // when
        Map<ErrorCategory, String> firstSteps = Arrays.stream(ErrorCategory.values()).collect(Collectors.toMap(
                Function.identity(),
                category -> Playbook.nextSteps(new Termination.Failed(new ErrorInfo("x.Boom", "boom", category))).get(0)));

        // then
        assertThat(firstSteps.values()).doesNotHaveDuplicates().allSatisfy(step -> assertThat(step).contains("x.Boom"));
        assertThat(firstSteps.get(ErrorCategory.EXTERNAL)).startsWith("Retry");
        assertThat(firstSteps.get(ErrorCategory.INTERNAL)).startsWith("Fix the defect");
        assertThat(firstSteps.get(ErrorCategory.CONFIGURATION)).startsWith("Fix the configuration");
        assertThat(firstSteps.get(ErrorCategory.RESOURCE)).startsWith("Wait");
    }

    @Test
    void customAdviceDependsOnTheChosenCategoryAndQuotesTheReason() {
        // when
        Map<Category, String> firstSteps = Arrays.stream(Category.values()).collect(Collectors.toMap(
                Function.identity(),
                category -> Playbook.nextSteps(Termination.Custom.of("QuotaHit", category)).get(0)));

        // then
        assertThat(firstSteps.values()).doesNotHaveDuplicates()
                .allSatisfy(step -> assertThat(step).contains("\"QuotaHit\""));
        assertThat(firstSteps.get(Category.RETRYABLE)).startsWith("Retry");
        assertThat(firstSteps.get(Category.SUSPENDED)).contains("resume");
    }

    @ParameterizedTest
    @EnumSource(InvariantClass.class)
    void invariantAdviceSaysWhenTheInvariantIsChecked(InvariantClass invariantClass) {
        // when
        List<String> steps = Playbook.nextSteps(new Termination.InvariantViolated(invariantClass, "inv", "broken"));

        // then
        assertThat(steps.get(0)).contains(invariantClass.name()).contains("inv").contains("broken");
        assertThat(steps.get(1)).startsWith("It is checked");
    }

    record QuotaExceeded(String tenant) implements Termination.Extension {
        @Override public String tag() { return "QuotaExceeded"; }
        @Override public Category category() { return Category.CAPACITY; }
    }

    @Test
    void extensionAdviceNamesTheExtensionAndFollowsItsCategory() {
        // when
        List<String> steps = Playbook.nextSteps(new QuotaExceeded("acme"));

        // then
        assertThat(steps.get(0)).startsWith("Raise the limit").contains("QuotaExceeded");
        assertThat(steps).hasSizeBetween(2, 4);
    }

    @Test
    void unrecognizedAdviceNamesTheUnknownKind() {
        // when
        List<String> steps = Playbook.nextSteps(new UnrecognizedTermination("FromTheFuture", Map.of()));

        // then
        assertThat(steps.get(0)).contains("FromTheFuture").contains("register");
    }

    @Test
    void everyCategoryHasItsOwnMeaningAsTheSpecSaysIt() {
        // when
        List<String> meanings = Arrays.stream(Category.values()).map(Playbook::meaning).toList();

        // then
        assertThat(meanings).doesNotHaveDuplicates().allSatisfy(meaning -> assertThat(meaning).isNotBlank());
        assertThat(Playbook.meaning(Category.SUCCESS)).isEqualTo("nothing; the work is done");
        assertThat(Playbook.meaning(Category.SUSPENDED)).isEqualTo("waiting for a person; resume it, do not retry it");
    }
}
