package dev.terminus.temporal.internal;

import dev.terminus.converge.Context;
import dev.terminus.converge.Fact;
import dev.terminus.temporal.wire.FactPage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The workflow's side of a convergence run's context references: the log of the facts its execution has seen (the
 * context's facts in order, then each fact a merge put, as it was put). The context of a cycle is the log's first
 * entries replayed in order, a later entry of a key replacing the earlier one, so a turn refers to it by a number of
 * entries ({@link #refer}) and the activity reads the entries its copy lacks ({@link #page}). A context only grows and
 * changes by key within a run (facts are never removed), so the log only grows. Its state is made by the workflow's
 * code alone, so a replay rebuilds it.
 */
final class ContextLedger {
    private final List<Fact> log = new ArrayList<>();
    private final Map<String, Fact> latest = new HashMap<>();
    /** The context last referred to, whose entries are in the log already. */
    private Context known = Context.empty();

    /**
     * @param context the context an agent reads now
     * @return how many entries of the log make it
     */
    int refer(Context context) {
        if (context != known) {
            for (Fact fact : context.facts()) {
                Fact before = latest.get(fact.key());
                if (before != fact && !fact.equals(before)) {
                    latest.put(fact.key(), fact);
                    log.add(fact);
                }
            }
            known = context;
        }
        return log.size();
    }

    /**
     * @param from the first entry wanted
     * @return the entries from {@code from} on, up to about {@link FactPage#MAX_BYTES} bytes (at least one when there
     *     is one)
     */
    FactPage page(int from) {
        if (from < 0 || from >= log.size()) {
            return new FactPage(Math.max(0, from), List.of());
        }
        List<Fact> page = new ArrayList<>();
        long bytes = 0;
        for (int i = from; i < log.size() && (page.isEmpty() || bytes < FactPage.MAX_BYTES); i++) {
            Fact fact = log.get(i);
            bytes += TranscriptLedger.bytes(List.of(fact));
            page.add(fact);
        }
        return new FactPage(from, page);
    }

    /**
     * @param facts some facts
     * @return the bytes of their wire format, as a payload holds them
     */
    static long bytes(List<Fact> facts) {
        return TranscriptLedger.bytes(facts);
    }
}
