package dev.terminus.temporal.wire;

import dev.terminus.Preconditions;
import dev.terminus.converge.Fact;
import dev.terminus.temporal.ConvergenceWorkflow;
import java.util.List;

/**
 * Consecutive entries of the log of facts a {@link ConvergenceWorkflow}'s execution merged (its initial facts first,
 * then every fact as a merge put it, a later entry of a key replacing the earlier one), as its
 * {@link ConvergenceWorkflow#contextFacts} query answers: about {@link #MAX_BYTES} bytes of facts a page at most (and at
 * least one entry when there is one), so a page stays far under Temporal's message size limits.
 *
 * @param from the index of the page's first entry
 * @param facts the entries, from {@code from} on
 */
public record FactPage(int from, List<Fact> facts) {
    /** Roughly how many bytes of facts one page holds. */
    public static final int MAX_BYTES = 1 << 20;

    /** Validates and copies the facts. */
    public FactPage {
        Preconditions.nonNegative(from, "FactPage.from");
        facts = Preconditions.immutableList(facts, "FactPage.facts");
    }
}
