package dev.terminus.temporal.internal;

import dev.terminus.converge.Context;
import dev.terminus.converge.Fact;
import dev.terminus.temporal.wire.FactPage;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A turn activity worker's copies of the contexts its turns referred to (a number of entries of the log of facts of
 * a workflow execution, {@link ContextLedger}), filled incrementally: a turn reads from its workflow only the entries
 * its copy lacks, so a worker that made the last turn of a run reads only what the cycle since merged. The copies are
 * bounded by the bytes of the facts they hold together; the least recently used run's copy goes first, and a run whose
 * context alone is larger than the bound is read whole each time instead of kept.
 */
final class ContextCache {
    /** The bytes of facts all copies hold together by default. */
    static final long DEFAULT_MAX_BYTES = 64L << 20;

    /** Where the entries a copy lacks are read: the workflow's {@code contextFacts} query. */
    @FunctionalInterface
    interface Source {
        /**
         * @param from the first entry wanted
         * @return a page of entries from {@code from} on
         * @throws Exception when the workflow cannot be asked
         */
        FactPage page(int from) throws Exception;
    }

    /** One execution's context as its log's first {@code entries} make it. */
    private record Copy(int entries, LinkedHashMap<String, Fact> facts, long bytes) {}

    private record Key(String workflowId, String runId) {}

    private final long maxBytes;
    private final LinkedHashMap<Key, Copy> copies = new LinkedHashMap<>(16, 0.75f, true);
    private long bytes;

    /** @param maxBytes the bytes of facts all copies may hold together */
    ContextCache(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /**
     * @param workflowId the workflow whose context it is
     * @param runId its execution
     * @param entries the entries of its log that make the context wanted
     * @param source where missing entries are read
     * @return the context
     * @throws IllegalStateException when the workflow holds fewer entries
     * @throws Exception what the source threw
     */
    Context resolve(String workflowId, String runId, int entries, Source source) throws Exception {
        Key key = new Key(workflowId, runId);
        Copy known = known(key, entries);
        LinkedHashMap<String, Fact> facts = new LinkedHashMap<>(known.facts());
        int have = known.entries();
        long size = known.bytes();
        while (have < entries) {
            FactPage page = source.page(have);
            if (page.from() != have || page.facts().isEmpty()) {
                throw new IllegalStateException("workflow " + workflowId + " (run " + runId + ") no longer holds the "
                        + entries + " entries of its log of facts that the turn refers to: it answered "
                        + page.facts().size() + " entries from " + page.from());
            }
            List<Fact> wanted = page.facts().subList(0, Math.min(page.facts().size(), entries - have));
            for (Fact fact : wanted) {
                facts.put(fact.key(), fact);
            }
            size += ContextLedger.bytes(wanted);
            have += wanted.size();
        }
        Context context = Context.ofFacts(facts.values());
        if (have > known.entries()) {
            keep(key, new Copy(have, facts, size));
        }
        return context;
    }

    /** The copy to start from: the kept one when it does not go past the entries wanted, else none. */
    private synchronized Copy known(Key key, int entries) {
        Copy copy = copies.get(key);
        return copy == null || copy.entries() > entries ? new Copy(0, new LinkedHashMap<>(), 0) : copy;
    }

    private synchronized void keep(Key key, Copy copy) {
        Copy previous = copies.get(key);
        if (previous != null && previous.entries() >= copy.entries()) {
            return; // a concurrent turn kept as much already
        }
        if (previous != null) {
            copies.remove(key);
            bytes -= previous.bytes();
        }
        if (copy.bytes() > maxBytes) {
            return;
        }
        copies.put(key, copy);
        bytes += copy.bytes();
        Iterator<Map.Entry<Key, Copy>> eldest = copies.entrySet().iterator();
        while (bytes > maxBytes && eldest.hasNext()) {
            bytes -= eldest.next().getValue().bytes();
            eldest.remove();
        }
    }

    /** @return how many contexts it holds copies of */
    synchronized int size() {
        return copies.size();
    }
}
