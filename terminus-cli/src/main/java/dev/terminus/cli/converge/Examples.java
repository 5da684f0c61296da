package dev.terminus.cli.converge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.terminus.InvariantClass;
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
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Runnable examples of the convergence engine, for the command line's demo ({@code terminus run --demo}) and for
 * reading.
 *
 * {@snippet :
 * Examples.Example example = Examples.documentReconciliation();
 * ConvergenceResult result = example.run();     // Converged(4)
 * result.context().value("status", String.class); // Optional[reconciled]
 * }
 */
public final class Examples {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    /** The name of {@link #documentReconciliation()}'s engine. */
    public static final String RECONCILIATION = "document-reconciliation";

    /** The invoice {@link #documentReconciliation()} reconciles. */
    public static final String INVOICE = """
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

    private Examples() {}

    /**
     * An engine with its input, ready to run.
     *
     * @param name a short name
     * @param description what it shows, in one sentence
     * @param engine the engine
     * @param input the context it starts from
     */
    public record Example(String name, String description, ConvergenceEngine engine, Context input) {
        /** Refuses null components. */
        public Example {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("Example.name must not be blank, was " + name);
            }
            java.util.Objects.requireNonNull(description, "Example.description");
            java.util.Objects.requireNonNull(engine, "Example.engine");
            java.util.Objects.requireNonNull(input, "Example.input");
        }

        /** @return the result of one run from the input */
        public ConvergenceResult run() {
            return engine.run(input);
        }
    }

    /**
     * Three function agents reconcile the facts of {@link #INVOICE}: an {@code extractor} reads the raw fields off
     * the document, a {@code normalizer} turns dates and amounts into ISO dates and cents, a {@code cross-checker}
     * adds up the lines and compares them with the total. Each reads the keys the one before writes, so the run takes
     * four cycles: three that change facts and a fourth that changes nothing, and ends {@code Converged(4)} with
     * {@code status = "reconciled"}. A structural invariant keeps amounts in whole cents, a semantic one keeps the
     * currency known, an acceptance one requires the reconciliation when convergence is claimed.
     *
     * @return the example
     */
    public static Example documentReconciliation() {
        return new Example(RECONCILIATION, "Three agents extract, normalize and cross-check an invoice's"
                + " facts until nothing changes.", reconciliation(reconciliationAgents(), RunClock.system()),
                Context.of(Map.of("document", INVOICE)));
    }

    /** @return the agents of {@link #documentReconciliation()}: extractor, normalizer, cross-checker */
    public static List<ConvergenceAgent> reconciliationAgents() {
        return List.of(ConvergenceAgent.of("extractor", Trigger.on("document"), Examples::extract),
                ConvergenceAgent.of("normalizer", Trigger.on("date.raw", "lines.raw", "total.raw"),
                        Examples::normalize),
                ConvergenceAgent.of("cross-checker", Trigger.on("lines.cents", "total.cents"),
                        Examples::crossCheck));
    }

    /**
     * The engine of {@link #documentReconciliation()} on given agents and clock: a convergence workflow's recipe
     * builds it on its proxies and clock.
     *
     * @param agents its agents, or their stand-ins, in the order of {@link #reconciliationAgents()}
     * @param clock the clock it reads its time from
     * @return the engine
     */
    public static ConvergenceEngine reconciliation(List<ConvergenceAgent> agents, RunClock clock) {
        return ConvergenceEngine.builder()
                .name(RECONCILIATION)
                .agents(agents.toArray(ConvergenceAgent[]::new))
                .clock(clock)
                .invariant(ContextInvariant.of("whole-cents", InvariantClass.STRUCTURAL, Examples::wholeCents))
                .invariant(ContextInvariant.of("known-currency", InvariantClass.SEMANTIC, context ->
                        context.value("currency", String.class).filter(c -> !Set.of("EUR", "NOK", "USD").contains(c))
                                .map(c -> "unknown currency " + c).orElse(null)))
                .invariant(ContextInvariant.of("reconciled", InvariantClass.ACCEPTANCE, context ->
                        "reconciled".equals(context.value("status")) ? null
                                : "the lines do not add up to the total: status " + context.value("status")))
                .maxCycles(10)
                .maxFacts(50)
                .build();
    }

    private static Reply extract(Context context, int cycle) {
        String document = context.value("document", String.class).orElse("");
        List<ProposedFact> facts = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        Matcher field = FIELD.matcher(document);
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
                List<?> amounts = fact.value() instanceof List<?> list ? list : java.util.Arrays.asList(fact.value());
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

    /**
     * Runs {@link #documentReconciliation()} and prints how it ended and the facts it reached.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        Example example = documentReconciliation();
        ConvergenceResult result = example.run();
        System.out.println(example.name() + ": " + result.termination() + " (" + result.termination().category()
                + ", " + result.outcome() + ") after " + result.cycles() + " cycles, " + result.factsMerged()
                + " facts merged in " + result.duration().toMillis() + " ms");
        for (Fact fact : result.context().facts()) {
            String value = json(fact.value());
            value = value.length() > 60 ? value.substring(0, 59) + "…" : value;
            System.out.println("  " + fact.key() + " = " + value + "   [" + fact.provenance().agent()
                    + ", cycle " + fact.provenance().cycle() + ", confidence " + fact.provenance().confidence() + "]");
        }
    }

    /** A fact's value as compact JSON, the keys of objects sorted. */
    private static String json(@Nullable Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return String.valueOf(value);
        }
    }
}
