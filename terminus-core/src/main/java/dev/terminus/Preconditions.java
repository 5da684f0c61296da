package dev.terminus;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Argument checks whose messages name the field and the bad value: what every Terminus module's compact constructors
 * and configuration builders use, and what an application's own {@link Termination.Extension} cases or
 * configuration can use to fail the same way.
 *
 * {@snippet :
 * record QuotaExceeded(String tenant, int limit) implements Termination.Extension {
 *     QuotaExceeded {
 *         Preconditions.notBlank(tenant, "QuotaExceeded.tenant");
 *         Preconditions.nonNegative(limit, "QuotaExceeded.limit");   // "QuotaExceeded.limit must be >= 0, was -1"
 *     }
 *     @Override public String tag() { return "QuotaExceeded"; }
 *     @Override public Category category() { return Category.CAPACITY; }
 * }
 * }
 */
public final class Preconditions {
    private Preconditions() {}

    /**
     * Returns {@code value}, or throws when it is null.
     *
     * @param value the value to check
     * @param field the qualified field name used in the message, e.g. {@code "Halted.reason"}
     * @param <T> the value's type
     * @return value
     * @throws NullPointerException naming the field
     */
    public static <T> T notNull(@Nullable T value, String field) {
        if (value == null) {
            throw new NullPointerException(field + " must not be null");
        }
        return value;
    }

    /**
     * Returns {@code value}, or throws when it is negative.
     *
     * @param value the value
     * @param field the qualified field name
     * @return value
     * @throws IllegalArgumentException naming the field and the value
     */
    public static int nonNegative(int value, String field) {
        if (value < 0) {
            throw new IllegalArgumentException(field + " must be >= 0, was " + value);
        }
        return value;
    }

    /**
     * Returns {@code value}, or throws when it is negative.
     *
     * @param value the value
     * @param field the qualified field name
     * @return value
     * @throws IllegalArgumentException naming the field and the value
     */
    public static long nonNegative(long value, String field) {
        if (value < 0) {
            throw new IllegalArgumentException(field + " must be >= 0, was " + value);
        }
        return value;
    }

    /**
     * Returns {@code value}, or throws when it is null or negative.
     *
     * @param value the duration
     * @param field the qualified field name
     * @return value
     * @throws NullPointerException naming the field when the duration is null
     * @throws IllegalArgumentException naming the field and the value when it is negative
     */
    public static Duration nonNegative(@Nullable Duration value, String field) {
        notNull(value, field);
        if (value.isNegative()) {
            throw new IllegalArgumentException(field + " must be >= 0, was " + value);
        }
        return value;
    }

    /**
     * Returns {@code value}, or throws when it is present and negative.
     *
     * @param value the value, possibly null
     * @param field the qualified field name
     * @param <N> the number type
     * @return value
     * @throws IllegalArgumentException naming the field and the value
     */
    public static <N extends Number> @Nullable N nonNegativeOrNull(@Nullable N value, String field) {
        boolean negative = value != null && switch (value) {
            case BigDecimal d -> d.signum() < 0;
            case BigInteger b -> b.signum() < 0;
            default -> value.doubleValue() < 0;
        };
        if (negative) {
            throw new IllegalArgumentException(field + " must be >= 0 or null, was " + value);
        }
        return value;
    }

    /**
     * Copies a list into an unmodifiable one, rejecting a null list and null elements.
     *
     * @param list the list
     * @param field the qualified field name
     * @param <T> the element type
     * @return an unmodifiable copy (the same instance when it already is one made by {@link List#copyOf})
     * @throws NullPointerException naming the field, or the index of a null element
     */
    public static <T> List<T> immutableList(@Nullable List<? extends T> list, String field) {
        notNull(list, field);
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == null) {
                throw new NullPointerException(field + "[" + i + "] must not be null");
            }
        }
        return List.copyOf(list);
    }

    /**
     * Returns an amount, rejecting null and negative amounts.
     *
     * @param value the amount
     * @param field the qualified field name
     * @return value
     * @throws IllegalArgumentException naming the field and the value when negative
     */
    public static BigDecimal nonNegative(@Nullable BigDecimal value, String field) {
        notNull(value, field);
        if (value.signum() < 0) {
            throw new IllegalArgumentException(field + " must be >= 0, was " + value.toPlainString());
        }
        return value;
    }

    /**
     * Returns a string, rejecting null and the empty or blank string.
     *
     * @param value the value
     * @param field the qualified field name
     * @return value
     * @throws IllegalArgumentException when blank, naming the field
     */
    public static String notBlank(@Nullable String value, String field) {
        notNull(value, field);
        if (value.isBlank()) {
            throw new IllegalArgumentException(field + " must not be blank, was \"" + value + "\"");
        }
        return value;
    }
}
