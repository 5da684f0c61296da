package dev.terminus.cli.scenario;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The rules of the command line's file formats that their types alone do not say, declared on the fields of the
 * records the files are read into: a field that is {@link Required}, a number's {@link Range}. The reader checks
 * them on every file it reads ({@link #check}), so a value the agent's builders would refuse in their own terms is
 * refused first in the file's: the field's path, the value and what is allowed.
 *
 * {@snippet :
 * public record Limits(@FileRules.Range(min = 1) @Nullable Integer maxIterations) {}
 * }
 */
public final class FileRules {

    /** The longest a field in milliseconds may be: what a long of nanoseconds holds, about 292 years. */
    public static final double MAX_MS = 9_223_372_036_854d;

    private FileRules() {}

    /** A field the file must give, at its place (an object that has it must give it). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.RECORD_COMPONENT)
    public @interface Required {}

    /** The numbers a field takes. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.RECORD_COMPONENT)
    public @interface Range {
        /** @return the least value */
        double min() default Double.NEGATIVE_INFINITY;

        /** @return whether {@link #min} itself is out of range */
        boolean minExclusive() default false;

        /** @return the greatest value */
        double max() default Double.POSITIVE_INFINITY;

        /** @return whether {@link #max} itself is out of range */
        boolean maxExclusive() default false;

        /** @return whether 0 is allowed too, outside the range, and switches the setting off */
        boolean zeroIsOff() default false;
    }

    /**
     * A field that breaks its rule.
     *
     * @param path where it is: field names and list indexes from the top of the file (or of the part read)
     * @param rule what is wrong, without the value: {@code must be >= 1}, {@code "name" is required}
     * @param value the value the file gives, or null when the field is missing
     */
    record Violation(List<Object> path, String rule, @Nullable Object value) {}

    /**
     * @param value a value as read: a record of a file format, or lists and maps of them
     * @return the first field that breaks its rule, or null when none does
     */
    static @Nullable Violation check(Object value) {
        return check(value, new ArrayList<>());
    }

    private static @Nullable Violation check(@Nullable Object value, List<Object> path) {
        if (value instanceof Record record) {
            for (RecordComponent component : record.getClass().getRecordComponents()) {
                Object field = read(component, record);
                Violation violation = field == null ? required(component, path) : range(component, field, path);
                if (violation == null && field != null) {
                    path.add(component.getName());
                    violation = check(field, path);
                    path.removeLast();
                }
                if (violation != null) {
                    return violation;
                }
            }
        } else if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                path.add(i);
                Violation violation = check(list.get(i), path);
                path.removeLast();
                if (violation != null) {
                    return violation;
                }
            }
        } else if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                path.add(String.valueOf(entry.getKey()));
                Violation violation = check(entry.getValue(), path);
                path.removeLast();
                if (violation != null) {
                    return violation;
                }
            }
        }
        return null;
    }

    private static @Nullable Violation required(RecordComponent component, List<Object> path) {
        return component.isAnnotationPresent(Required.class)
                ? new Violation(List.copyOf(path), "\"" + component.getName() + "\" is required", null) : null;
    }

    private static @Nullable Violation range(RecordComponent component, Object field, List<Object> path) {
        Range range = component.getAnnotation(Range.class);
        if (range == null || !(field instanceof Number number)) {
            return null;
        }
        List<Object> at = new ArrayList<>(path);
        at.add(component.getName());
        return within(range, number) ? null : new Violation(List.copyOf(at), describe(range, number), field);
    }

    /**
     * @param range a range
     * @param number a number
     * @return whether the range takes it
     */
    public static boolean within(Range range, Number number) {
        if ((number instanceof Double || number instanceof Float) && !Double.isFinite(number.doubleValue())) {
            return false; // a number too large for a double, read as infinite
        }
        BigDecimal value = number instanceof BigDecimal decimal ? decimal : new BigDecimal(number.toString());
        if (range.zeroIsOff() && value.signum() == 0) {
            return true;
        }
        int toMin = Double.isInfinite(range.min()) ? 1 : value.compareTo(BigDecimal.valueOf(range.min()));
        int toMax = Double.isInfinite(range.max()) ? -1 : value.compareTo(BigDecimal.valueOf(range.max()));
        return (range.minExclusive() ? toMin > 0 : toMin >= 0) && (range.maxExclusive() ? toMax < 0 : toMax <= 0);
    }

    /**
     * @param range a range
     * @param number a number out of it
     * @return what it allows, as the error of the number says: the bound it crosses ({@code must be >= 0}), or both
     *     bounds of a fraction ({@code must be > 0 and <= 1})
     */
    public static String describe(Range range, Number number) {
        boolean fraction = !Double.isInfinite(range.min()) && range.max() <= 1;
        boolean below = number.doubleValue() < range.max();
        List<String> bounds = new ArrayList<>();
        if (!Double.isInfinite(range.min()) && (fraction || below)) {
            bounds.add((range.minExclusive() ? "> " : ">= ") + number(range.min()));
        }
        if (!Double.isInfinite(range.max()) && (fraction || !below)) {
            bounds.add((range.maxExclusive() ? "< " : "<= ") + number(range.max()));
        }
        return "must be " + (range.zeroIsOff() ? "0 (off) or " : "") + String.join(" and ", bounds);
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }

    private static @Nullable Object read(RecordComponent component, Record record) {
        Method accessor = component.getAccessor();
        try {
            accessor.setAccessible(true);
            return accessor.invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("the field " + component.getName() + " cannot be read: " + e, e);
        }
    }
}
