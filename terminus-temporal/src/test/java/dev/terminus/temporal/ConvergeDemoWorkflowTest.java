package dev.terminus.temporal;

import static dev.terminus.temporal.ConvergenceWorkflowTest.assertSameEnding;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.terminus.InvariantClass;
import dev.terminus.Termination;
import dev.terminus.agent.control.RunClock;
import dev.terminus.converge.Context;
import dev.terminus.converge.ContextInvariant;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.converge.Fact;
import dev.terminus.converge.ProposedFact;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import dev.terminus.jackson.TerminusModule;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The command line's convergence demo (terminus-cli's {@code Examples.documentReconciliation()}, rebuilt here on a
 * recipe's materials, since this module must not depend on the command line) ends as a workflow as it ends in one
 * process: {@code Converged(4)}, the invoice reconciled.
 */
@Timeout(60)
class ConvergeDemoWorkflowTest {
    private static final String INVOICE = """
            INVOICE INV-0042
            Date: 03/11/2026
            Customer: Nordlys AS
            Line: Consulting, 10 h x 95.00 EUR
            Line: Travel, 1 x 240.50 EUR
            Total: 1,190.50 EUR
            """;
    private static final Pattern FIELD = Pattern.compile("(?m)^(INVOICE|Date:|Customer:|Line:|Total:)\\s*(.+)$");
    private static final Pattern LINE = Pattern.compile("(\\d+)\\s*\\w*\\s+x\\s+([\\d,]+\\.\\d{2})\\s+([A-Z]{3})$");
    private static final Pattern AMOUNT = Pattern.compile("([\\d,]+\\.\\d{2})\\s+([A-Z]{3})");
    private static final Pattern DATE = Pattern.compile("(\\d{2})/(\\d{2})/(\\d{4})");

    private static final List<ConvergenceAgent> AGENTS = List.of(
            ConvergenceAgent.of("extractor", Trigger.on("document"), ConvergeDemoWorkflowTest::extract),
            ConvergenceAgent.of("normalizer", Trigger.on("date.raw", "lines.raw", "total.raw"),
                    ConvergeDemoWorkflowTest::normalize),
            ConvergenceAgent.of("cross-checker", Trigger.on("lines.cents", "total.cents"),
                    ConvergeDemoWorkflowTest::crossCheck));
    private static final ConvergenceRecipe RECIPE = materials -> ConvergenceEngine.builder()
            .name("document-reconciliation")
            .agents(materials.agents().toArray(ConvergenceAgent[]::new))
            .clock(materials.clock())
            .invariant(ContextInvariant.of("whole-cents", InvariantClass.STRUCTURAL,
                    ConvergeDemoWorkflowTest::wholeCents))
            .invariant(ContextInvariant.of("known-currency", InvariantClass.SEMANTIC, context ->
                    context.value("currency", String.class).filter(c -> !Set.of("EUR", "NOK", "USD").contains(c))
                            .map(c -> "unknown currency " + c).orElse(null)))
            .invariant(ContextInvariant.of("reconciled", InvariantClass.ACCEPTANCE, context ->
                    "reconciled".equals(context.value("status")) ? null : "status " + context.value("status")))
            .maxCycles(10)
            .maxFacts(50)
            .build();

    @Test
    void theDemoReconciliationEndsAsAWorkflowAsItEndsInOneProcess() throws Exception {
        // given
        Context input = Context.of(Map.of("document", INVOICE));
        ConvergenceResult local = RECIPE.build(new ConvergenceMaterials(AGENTS, RunClock.system())).run(input);
        try (ConvergenceHarness temporal = new ConvergenceHarness(
                ConvergenceRecipes.custom().engine("demo", AGENTS, RECIPE).build(), new TerminusModule())) {
            ConvergenceWorkflow workflow = temporal.workflow("demo");

            // when
            ConvergenceRunOutput output = workflow.run(ConvergenceRunInput.of("demo", input));

            // then
            assertThat(output.termination()).isEqualTo(new Termination.Converged(4));
            assertThat(output.context().value("status")).isEqualTo("reconciled");
            assertThat(output.factsMerged()).isEqualTo(11);
            assertSameEnding(output, local);
            assertThatCode(() -> temporal.replay(workflow)).as("the history replays").doesNotThrowAnyException();
        }
    }

    private static Reply extract(Context context, int cycle) {
        List<ProposedFact> facts = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        Matcher field = FIELD.matcher(context.value("document", String.class).orElse(""));
        while (field.find()) {
            String value = field.group(2).strip();
            switch (field.group(1)) {
                case "INVOICE" -> facts.add(new ProposedFact("invoice.number", value, 0.95));
                case "Date:" -> facts.add(new ProposedFact("date.raw", value, 0.9));
                case "Customer:" -> facts.add(new ProposedFact("customer", value, 0.9));
                case "Total:" -> facts.add(new ProposedFact("total.raw", value, 0.9));
                default -> lines.add(value);
            }
        }
        facts.add(new ProposedFact("lines.raw", lines, 0.9));
        return Reply.propose(facts);
    }

    private static Reply normalize(Context context, int cycle) {
        List<ProposedFact> facts = new ArrayList<>();
        context.value("date.raw", String.class).map(DATE::matcher).filter(Matcher::matches).ifPresent(date ->
                facts.add(ProposedFact.of("date", date.group(3) + "-" + date.group(2) + "-" + date.group(1))));
        context.value("total.raw", String.class).map(AMOUNT::matcher).filter(Matcher::matches).ifPresent(total -> {
            facts.add(ProposedFact.of("total.cents", cents(total.group(1))));
            facts.add(ProposedFact.of("currency", total.group(2)));
        });
        context.value("lines.raw", List.class).ifPresent(raw -> {
            List<Long> cents = new ArrayList<>();
            for (Object line : raw) {
                Matcher matcher = LINE.matcher(String.valueOf(line));
                if (matcher.find()) {
                    cents.add(Long.parseLong(matcher.group(1)) * cents(matcher.group(2)));
                }
            }
            facts.add(ProposedFact.of("lines.cents", cents));
        });
        return Reply.propose(facts);
    }

    private static Reply crossCheck(Context context, int cycle) {
        var lines = context.value("lines.cents", List.class);
        var total = context.value("total.cents", Long.class);
        if (lines.isEmpty() || total.isEmpty()) {
            return Reply.nothing();
        }
        long sum = 0;
        for (Object cents : lines.get()) {
            sum += ((Number) cents).longValue();
        }
        return Reply.propose(ProposedFact.of("lines.sum.cents", sum),
                ProposedFact.of("status", sum == total.get() ? "reconciled" : "mismatch"));
    }

    private static @Nullable String wholeCents(Context context) {
        for (Fact fact : context.facts()) {
            if (fact.key().endsWith(".cents")) {
                List<?> amounts = fact.value() instanceof List<?> list ? list : Arrays.asList(fact.value());
                for (Object amount : amounts) {
                    if (!(amount instanceof Integer || amount instanceof Long) || ((Number) amount).longValue() < 0) {
                        return fact.key() + " holds " + amount + ", not a whole number of cents >= 0";
                    }
                }
            }
        }
        return null;
    }

    private static long cents(String amount) {
        return new BigDecimal(amount.replace(",", "")).movePointRight(2).longValueExact();
    }
}
