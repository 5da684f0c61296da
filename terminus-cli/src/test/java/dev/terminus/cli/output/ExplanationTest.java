package dev.terminus.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.Diagnostic;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.cli.command.Cli;
import dev.terminus.cli.demo.Samples;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How an explanation lays facts out for a person. */
class ExplanationTest {

    @Test
    void laysOutTheNoProgressSnapshotAsNumberedIndentedMessages() {
        // given
        Termination stuck = new Termination.NoProgress(3, List.of(
                Message.Assistant.of("", new ToolCall("call_1", "search", Map.of("query", "weather in Oslo"))),
                Message.ToolResult.of("call_1", "no results")));

        // when
        String text = Explanation.of(stuck).toText();

        // then
        assertThat(text)
                .contains("  unproductiveIterations  3\n"
                        + "  snapshot                2 messages\n"
                        + "    1. assistant  calls search {\"query\":\"weather in Oslo\"} as call_1\n"
                        + "    2. tool       call_1 returned: no results\n");
    }

    @Test
    void laysOutADiagnosticWithItsViolationsAligned() {
        // given
        Termination failed = new Termination.SchemaValidationFailed(Diagnostic.of("{\"a\":1}",
                new Diagnostic.Violation("$.title", "is required"),
                new Diagnostic.Violation("$.a", "must be a string")));

        // when
        String text = Explanation.of(failed).toText();

        // then
        assertThat(text).contains("  diagnostic\n"
                + "    received    {\"a\":1}\n"
                + "    violations  $.title  is required\n"
                + "                $.a      must be a string\n");
    }

    @Test
    void indentsTheErrorOfAFailure() {
        // given
        Termination failed = new Termination.Failed(new ErrorInfo("java.lang.IllegalStateException", "",
                ErrorCategory.INTERNAL));

        // when
        String text = Explanation.of(failed).toText();

        // then
        assertThat(text).contains("  error\n"
                + "    type      java.lang.IllegalStateException\n"
                + "    message   (no text)\n"
                + "    category  INTERNAL\n");
        assertThat(text).containsPattern("(?m)^Category +FATAL - ");
    }

    @Test
    void indentsNestedCustomPropertiesAndListsScalarsInline() {
        // given
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("tenant", "acme");
        properties.put("quota", Map.of("limit", 10));
        properties.put("regions", List.of("eu", "us"));
        properties.put("note", null);

        // when
        String text = Explanation.of(new Termination.Custom("QuotaHit", properties, Category.CAPACITY)).toText();

        // then
        assertThat(text).contains("  reason      QuotaHit\n"
                + "  properties\n"
                + "    tenant   acme\n"
                + "    quota\n"
                + "      limit  10\n"
                + "    regions  eu, us\n"
                + "    note     (none)\n"
                + "  category    CAPACITY\n");
    }

    @Test
    void saysSoWhenACaseCarriesNoFactsOrNoTruePredicate() {
        // when
        String completed = Explanation.of(new Termination.Completed()).toText();
        String cancelled = Explanation.of(new Termination.Cancelled(null)).toText();

        // then
        assertThat(completed).contains("Facts\n  (none: this case carries no fields)\n");
        assertThat(cancelled).containsPattern("(?m)^Predicates +none is true$")
                .containsPattern("(?m)^  requestedBy  \\(none\\)$");
    }

    @Test
    void wrapsLongAdviceAtOneHundredColumnsWithAHangingIndent() {
        // given
        Termination halted = new Termination.Halted("pre-tool-hook", "tool delete_table is forbidden in production "
                + "because the change window is closed and the on-call engineer has not approved it yet");

        // when
        List<String> lines = Explanation.of(halted).toText().lines().toList();

        // then
        assertThat(lines).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(Text.WIDTH));
        int first = lines.indexOf(lines.stream().filter(line -> line.startsWith("  1. ")).findFirst().orElseThrow());
        assertThat(lines.get(first + 1)).startsWith("     ").doesNotStartWith("      ");
    }

    @Test
    void theJsonViewHoldsTheSameStepsAsTheTextView() {
        // given
        Explanation explanation = Explanation.of(Samples.of("HitlGatePending"));

        // when
        List<String> steps = explanation.toJson().path("nextSteps").valueStream().map(node -> node.asText()).toList();

        // then
        assertThat(steps).isEqualTo(explanation.nextSteps());
        assertThat(Cli.flat(explanation.toText())).contains(Cli.flat(steps.get(1)));
    }
}
