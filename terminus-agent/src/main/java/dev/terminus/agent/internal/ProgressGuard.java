package dev.terminus.agent.internal;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * Watches whether iterations make progress, in bounded memory whatever the run's length.
 *
 * <p>Each iteration is reduced to fingerprints: one per tool call (name, arguments, result, error) and one for new
 * assistant text. <em>No progress</em> is a streak of iterations whose combined fingerprint equals the previous
 * iteration's: the same calls with the same results and no new text. A <em>stall</em> is a streak of iterations
 * that bring nothing new at all: every fingerprint was already seen among the last {@value #WINDOW} (this catches
 * A-B-A-B cycles that are never identical twice in a row).
 */
final class ProgressGuard {
    static final int WINDOW = 64;

    private final int noProgressThreshold;
    private final int stallThreshold;
    /** The last fingerprints seen, at most {@value #WINDOW}: grown as needed, so a short run keeps a short array. */
    private long[] seen = new long[8];
    private int seenCount;
    private int seenNext;

    private long previousIteration;
    private boolean hasPrevious;
    private int identicalStreak;
    private int stallStreak;

    private long iterationPrint;
    private @Nullable String lastName;
    private long lastNameHash;
    private boolean nothingNew;

    /**
     * The sum of the entry hashes of the map being hashed: each entry is hashed on its own, then summed, so the same
     * entries in another order give the same sum. A field and one reusable callback rather than an entry iterator, so
     * hashing a map allocates nothing ({@code forEach} of the loop's maps walks their nodes directly).
     */
    private long entrySum;
    private final BiConsumer<Object, Object> entryHasher = (key, value) -> {
        long entry = mix(hashJson(hashJson(ENTRY, key), value), 0); // may hash a nested map, which restores entrySum
        entrySum += entry;
    };

    /**
     * @param noProgressThreshold identical iterations that count as no progress; 0 switches the check off
     * @param stallThreshold iterations with nothing new that count as a stall; 0 switches the check off
     */
    ProgressGuard(int noProgressThreshold, int stallThreshold) {
        this.noProgressThreshold = noProgressThreshold;
        this.stallThreshold = stallThreshold;
    }

    boolean enabled() {
        return noProgressThreshold > 0 || stallThreshold > 0;
    }

    void beginIteration() {
        iterationPrint = 0x9E3779B97F4A7C15L;
        nothingNew = true;
    }

    void observeText(String text) {
        if (!text.isBlank()) {
            observe(mix(hash(1, text), 0));
        }
    }

    void observeToolResult(ToolCall call, Message.ToolResult result) {
        String name = call.name();
        long nameHash;
        if (name == lastName) {
            nameHash = lastNameHash; // rounds usually call the same tool: its name's hash is kept
        } else {
            nameHash = hash(2, name);
            lastName = name;
            lastNameHash = nameHash;
        }
        long print = mix(hash(hashJson(nameHash, call.arguments()), result.content()), 0);
        observe(result.error() ? print ^ 0x5bd1e995L : print);
    }

    private void observe(long print) {
        iterationPrint = step(iterationPrint, print);
        if (!remembered(print)) {
            nothingNew = false;
            if (seenCount < WINDOW) {
                if (seenCount == seen.length) {
                    seen = Arrays.copyOf(seen, Math.min(WINDOW, seen.length * 2));
                }
                seen[seenCount++] = print;
            } else {
                seen[seenNext] = print; // full: replace the oldest
                seenNext = (seenNext + 1) % WINDOW;
            }
        }
    }

    private boolean remembered(long print) {
        for (int i = 0; i < seenCount; i++) {
            if (seen[i] == print) {
                return true;
            }
        }
        return false;
    }

    /** What the finished iteration showed. */
    enum Verdict { PROGRESS, NO_PROGRESS, STALL }

    Verdict endIteration() {
        identicalStreak = hasPrevious && iterationPrint == previousIteration ? identicalStreak + 1 : 1;
        previousIteration = iterationPrint;
        hasPrevious = true;
        stallStreak = nothingNew ? stallStreak + 1 : 0;
        if (noProgressThreshold > 0 && identicalStreak >= noProgressThreshold) {
            return Verdict.NO_PROGRESS;
        }
        if (stallThreshold > 0 && stallStreak >= stallThreshold) {
            return Verdict.STALL;
        }
        return Verdict.PROGRESS;
    }

    int identicalStreak() {
        return identicalStreak;
    }

    /** @return what the guard remembers, for a run continued in another execution */
    dev.terminus.agent.control.Continuation.Progress memory() {
        List<Long> window = new ArrayList<>(seenCount);
        for (int i = 0; i < seenCount; i++) {
            window.add(seen[i]);
        }
        return new dev.terminus.agent.control.Continuation.Progress(window, seenNext, previousIteration, hasPrevious,
                identicalStreak, stallStreak);
    }

    /** Takes up what a suspended run's guard remembered. */
    void restore(dev.terminus.agent.control.Continuation.Progress memory) {
        List<Long> window = memory.seen();
        if (window.size() > WINDOW || memory.nextSlot() >= Math.max(1, WINDOW)) {
            throw new IllegalArgumentException("Continuation.progress holds " + window.size()
                    + " fingerprints and slot " + memory.nextSlot() + "; the window has " + WINDOW);
        }
        seen = new long[Math.max(8, window.size())];
        for (int i = 0; i < window.size(); i++) {
            seen[i] = window.get(i);
        }
        seenCount = window.size();
        seenNext = memory.nextSlot();
        previousIteration = memory.previousIteration();
        hasPrevious = memory.hasPrevious();
        identicalStreak = memory.identicalStreak();
        stallStreak = memory.stallStreak();
    }

    // Fingerprints are 64-bit hashes of the content itself (not of the 32-bit hashCode()s, under which e.g. "Aa"
    // and "BB" collide), computed without allocating for strings, maps, lists and the usual JSON scalars.

    private static final long NULL = 0x6a09e667f3bcc908L;
    private static final long FALSE = 0xbb67ae8584caa73bL;
    private static final long TRUE = 0x3c6ef372fe94f82bL;
    private static final long STRING = 0xa54ff53a5f1d36f1L;
    private static final long INTEGER = 0x510e527fade682d1L;
    private static final long DOUBLE = 0x9b05688c2b3e6c1fL;
    private static final long DECIMAL = 0x1f83d9abfb41bd6bL;
    private static final long LIST = 0x5be0cd19137e2179L;
    private static final long MAP = 0xcbbb9d5dc1059ed8L;
    private static final long ENTRY = 0x629a292a367cd507L;
    private static final long OTHER = 0x9159015a3070dd17L;

    /** Folds a string's chars into {@code h}, four chars (packed without loss) per round, then its length. */
    private static long hash(long h, String s) {
        int length = s.length();
        int i = 0;
        for (; i + 4 <= length; i += 4) {
            h = step(h, s.charAt(i) | (long) s.charAt(i + 1) << 16 | (long) s.charAt(i + 2) << 32
                    | (long) s.charAt(i + 3) << 48);
        }
        long tail = 0;
        for (int shift = 0; i < length; i++, shift += 16) {
            tail |= (long) s.charAt(i) << shift;
        }
        return step(step(h, tail), length);
    }

    /**
     * Folds a JSON value held as plain Java values (see {@code JsonTrees}) into {@code h}. Each kind of value has
     * its own tag, so {@code "1"}, {@code 1} and {@code [1]} differ; integers hash alike whatever their Java type
     * (as they compared before), and a map's entries are combined in any order, as {@link java.util.Map#equals}
     * ignores it.
     */
    private long hashJson(long h, @Nullable Object value) {
        return switch (value) {
            case null -> step(h, NULL);
            case String s -> hash(step(h, STRING), s);
            case Boolean b -> step(h, b ? TRUE : FALSE);
            case Integer n -> step(step(h, INTEGER), n);
            case Long n -> step(step(h, INTEGER), n);
            case Short n -> step(step(h, INTEGER), n);
            case Byte n -> step(step(h, INTEGER), n);
            case Double d -> step(step(h, DOUBLE), Double.doubleToLongBits(d));
            case Float f -> step(step(h, DOUBLE), Double.doubleToLongBits(f));
            case BigInteger b -> b.bitLength() < Long.SIZE ? step(step(h, INTEGER), b.longValue())
                    : hashMagnitude(step(h, INTEGER), b);
            case BigDecimal d -> step(hashMagnitude(step(h, DECIMAL), d.unscaledValue()), d.scale());
            case Map<?, ?> m -> hashMap(h, m);
            case List<?> l -> hashList(h, l);
            default -> hash(step(h, OTHER), value.toString());
        };
    }

    /** The rare big number: allocates its bytes, packed eight to a round. */
    private static long hashMagnitude(long h, BigInteger b) {
        byte[] bytes = b.toByteArray();
        long word = 0;
        for (int i = 0; i < bytes.length; i++) {
            word = word << 8 | (bytes[i] & 0xff);
            if ((i & 7) == 7) {
                h = step(h, word);
                word = 0;
            }
        }
        return step(step(h, word), bytes.length);
    }

    private long hashMap(long h, Map<?, ?> map) {
        long outer = entrySum;
        entrySum = 0;
        map.forEach(entryHasher);
        long entries = entrySum;
        entrySum = outer;
        return step(step(step(h, MAP), map.size()), entries);
    }

    private long hashList(long h, List<?> list) {
        h = step(step(h, LIST), list.size());
        if (list instanceof RandomAccess) {
            for (int i = 0, size = list.size(); i < size; i++) {
                h = hashJson(h, list.get(i));
            }
        } else {
            for (Object element : list) {
                h = hashJson(h, element);
            }
        }
        return h;
    }

    /**
     * One round of folding {@code v} into {@code h}: a multiply and a rotation, cheap enough to run per four chars.
     * For a fixed {@code h} it is a bijection of {@code v} (and for a fixed {@code v} of {@code h}), so inputs that
     * differ in one place never collide; fingerprints that are compared or summed go through {@link #mix} once.
     */
    private static long step(long h, long v) {
        return Long.rotateLeft((h ^ v) * 0x9E3779B97F4A7C15L, 29);
    }

    /** The full finalizer (MurmurHash3's), for a fingerprint that is compared or summed. */
    private static long mix(long h, long v) {
        long x = (h ^ v) * 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        x *= 0xc4ceb9fe1a85ec53L;
        return x ^ (x >>> 33);
    }

}
