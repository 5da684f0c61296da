package dev.terminus.converge;

import dev.terminus.converge.internal.JsonValues;
import dev.terminus.Preconditions;
import org.jspecify.annotations.Nullable;

/**
 * One keyed fact of a {@link Context}, with where it comes from.
 *
 * <p>The value is a JSON value held as plain Java: {@code null}, {@link String}, {@link Boolean}, a number, a
 * {@link java.util.List} or a {@link java.util.Map} with string keys, nested. It is copied deeply and immutably and
 * normalized as a JSON reader would read it back: whole numbers as the smallest of {@code Integer}, {@code Long},
 * {@code BigInteger} that holds them, fractions as {@code Double}. So {@code 5L} is stored as {@code 5}, and a fact
 * equals itself after a trip through a pause's JSON.
 *
 * @param key the fact's key, not blank
 * @param value the fact's value
 * @param provenance who proposed it, when, how confident
 */
public record Fact(String key, @Nullable Object value, Provenance provenance) {

    /** Refuses a blank key, a value that is not JSON and a null provenance, naming them; normalizes the value. */
    public Fact {
        Preconditions.notBlank(key, "Fact.key");
        value = JsonValues.copy(value, "Fact.value");
        Preconditions.notNull(provenance, "Fact.provenance");
    }

    /**
     * A fact the run starts with.
     *
     * @param key its key
     * @param value its value
     * @return the fact, with {@link Provenance#input()}
     */
    public static Fact input(String key, @Nullable Object value) {
        return new Fact(key, value, Provenance.input());
    }
}
