package dev.terminus.temporal.internal;

import dev.terminus.Message;
import dev.terminus.temporal.TranscriptReference;
import dev.terminus.temporal.wire.TranscriptPage;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An activity worker's copies of the transcripts its calls referred to ({@link TranscriptReference}), filled
 * incrementally: a call reads from its workflow only the messages the copy lacks. The copies are bounded by the
 * characters they hold together; the least recently used run's copy goes first, and a run whose transcript alone is
 * larger than the bound is read whole each time instead of kept.
 */
public final class TranscriptCache {
    /** The characters all copies hold together by default: about 128 MB of heap. */
    public static final long DEFAULT_MAX_CHARS = 64L << 20;

    /** Where the messages a copy lacks are read: the workflow's transcript query. */
    @FunctionalInterface
    public interface Source {
        /**
         * @param generation the generation wanted
         * @param from the first message wanted
         * @return a page of messages from {@code from} on
         * @throws Exception when the workflow cannot be asked
         */
        TranscriptPage page(long generation, int from) throws Exception;
    }

    /** One execution's transcript in one generation. */
    private record Key(String workflowId, String runId, long generation) {}

    private record Copy(List<Message> messages, long chars) {}

    private final long maxChars;
    private final LinkedHashMap<Key, Copy> copies = new LinkedHashMap<>(16, 0.75f, true);
    private long chars;

    /** @param maxChars the characters all copies may hold together */
    public TranscriptCache(long maxChars) {
        if (maxChars < 0) {
            throw new IllegalArgumentException("maxChars must be >= 0, was " + maxChars);
        }
        this.maxChars = maxChars;
    }

    /**
     * @param workflowId the workflow whose transcript it is
     * @param runId its execution
     * @param reference the messages wanted
     * @param source where missing messages are read
     * @return the first {@code reference.size()} messages of that transcript
     * @throws IllegalStateException when the workflow holds another generation of its transcript now, or fewer messages
     * @throws Exception what the source threw
     */
    public List<Message> resolve(String workflowId, String runId, TranscriptReference reference, Source source)
            throws Exception {
        Key key = new Key(workflowId, runId, reference.generation());
        List<Message> known = known(key);
        if (known.size() >= reference.size()) {
            return known.subList(0, reference.size());
        }
        List<Message> messages = new ArrayList<>(reference.size());
        messages.addAll(known);
        while (messages.size() < reference.size()) {
            TranscriptPage page = source.page(reference.generation(), messages.size());
            if (page.generation() != reference.generation() || page.from() != messages.size()
                    || page.messages().isEmpty()) {
                throw new IllegalStateException("workflow " + workflowId + " (run " + runId + ") no longer holds the "
                        + reference.size() + " messages of generation " + reference.generation()
                        + " of its transcript that the call refers to: it holds generation " + page.generation()
                        + " and answered " + page.messages().size() + " messages from " + page.from());
            }
            messages.addAll(page.messages());
        }
        List<Message> resolved = List.copyOf(messages.subList(0, reference.size()));
        keep(key, resolved);
        return resolved;
    }

    private synchronized List<Message> known(Key key) {
        Copy copy = copies.get(key);
        return copy == null ? List.of() : copy.messages();
    }

    private synchronized void keep(Key key, List<Message> messages) {
        long size = 0;
        for (Message message : messages) {
            size += TranscriptLedger.chars(message);
        }
        Copy previous = copies.get(key);
        if (previous != null && previous.messages().size() >= messages.size()) {
            return; // a concurrent call kept as much already
        }
        if (previous != null) {
            copies.remove(key);
            chars -= previous.chars();
        }
        if (size > maxChars) {
            return;
        }
        copies.put(key, new Copy(messages, size));
        chars += size;
        Iterator<Map.Entry<Key, Copy>> eldest = copies.entrySet().iterator();
        while (chars > maxChars && eldest.hasNext()) {
            chars -= eldest.next().getValue().chars();
            eldest.remove();
        }
    }

    /** @return how many transcripts it holds copies of */
    public synchronized int size() {
        return copies.size();
    }

    /** @return the characters its copies hold together */
    public synchronized long chars() {
        return chars;
    }
}
