package dev.terminus.opentelemetry.internal;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A vocabulary that admits the first {@code limit} distinct values it is asked about and answers every later new
 * value with one fixed overflow label: whatever the input, it hands out at most {@code limit + 1} distinct labels.
 * Each admitted value maps to a label derived from it once (e.g. its prebuilt span name), so a known value costs one
 * hash look-up and no allocation.
 *
 * @param <L> the label
 */
final class BoundedValues<L> {
    private final ConcurrentHashMap<String, L> admitted = new ConcurrentHashMap<>();
    private final int limit;
    private final L overflow;
    private final Function<String, L> label;
    private final Predicate<String> admissible;

    /**
     * @param limit how many distinct values are admitted
     * @param overflow the label of every value beyond them
     * @param label the label of an admitted value
     */
    BoundedValues(int limit, L overflow, Function<String, L> label) {
        this(limit, overflow, label, value -> true);
    }

    /**
     * @param limit how many distinct values are admitted
     * @param overflow the label of every value beyond them, and of every value that is not admissible
     * @param label the label of an admitted value
     * @param admissible whether a new value may be admitted at all (asked once per admitted value; a refused value is
     *     asked again each time, so keep refusals rare)
     */
    BoundedValues(int limit, L overflow, Function<String, L> label, Predicate<String> admissible) {
        this.limit = limit;
        this.overflow = overflow;
        this.label = label;
        this.admissible = admissible;
    }

    /** @return the label of the value: its own when admitted (now or before), else the overflow label */
    L get(String value) {
        L known = admitted.get(value);
        return known != null ? known : admit(value);
    }

    /** @return how many distinct values are admitted */
    int size() {
        return admitted.size();
    }

    /** The slow path, once per new value: serialized so that the limit holds exactly under concurrency. */
    private synchronized L admit(String value) {
        L known = admitted.get(value);
        if (known != null) {
            return known;
        }
        if (admitted.size() >= limit || !admissible.test(value)) {
            return overflow;
        }
        L fresh = label.apply(value);
        admitted.put(value, fresh);
        return fresh;
    }
}
