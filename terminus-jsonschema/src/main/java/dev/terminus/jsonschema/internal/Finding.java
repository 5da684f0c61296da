package dev.terminus.jsonschema.internal;

import dev.terminus.Diagnostic;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One problem found in an answer (or in a schema), at a location given as path segments: a {@link String} is a
 * property name, an {@link Integer} an array index, and no segment at all is the whole document.
 *
 * <p>Findings sort by location, segment by segment (a location before the locations inside it, array indexes
 * numerically, property names alphabetically, an index before a name), then by message; so a diagnostic lists its
 * violations in the same order for the same answer, whatever order the validator found them in.
 *
 * @param path the location's segments, from the root
 * @param message what is wrong there
 */
public record Finding(List<Object> path, String message) implements Comparable<Finding> {

    /** A property name that needs no quoting in a JSON path. */
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");

    /** Checks the segments and copies them. */
    public Finding {
        path = List.copyOf(path);
        for (Object segment : path) {
            if (!(segment instanceof String) && !(segment instanceof Integer)) {
                throw new IllegalArgumentException("a path segment is a name or an index, was " + segment);
            }
        }
        Objects.requireNonNull(message, "message");
    }

    /**
     * @param message what is wrong with the whole document
     * @return a finding at the root
     */
    public static Finding atRoot(String message) {
        return new Finding(List.of(), message);
    }

    /** @return the location as a JSON path: {@code $}, {@code $.items[0].name}, {@code $['odd name']} */
    public String jsonPath() {
        return jsonPath(path);
    }

    /**
     * @param path a location's segments: property names and array indexes
     * @return the location as a JSON path
     */
    public static String jsonPath(List<Object> path) {
        StringBuilder out = new StringBuilder("$");
        for (Object segment : path) {
            if (segment instanceof Integer index) {
                out.append('[').append(index).append(']');
            } else if (PLAIN_NAME.matcher((String) segment).matches()) {
                out.append('.').append(segment);
            } else {
                out.append("['").append(((String) segment).replace("\\", "\\\\").replace("'", "\\'")).append("']");
            }
        }
        return out.toString();
    }

    /** @return this finding as a violation of a diagnostic */
    public Diagnostic.Violation violation() {
        return new Diagnostic.Violation(jsonPath(), message);
    }

    /**
     * @param received the answer as received
     * @param findings what is wrong with it, in any order, possibly with repeats
     * @return the diagnostic: one violation per distinct finding, in the order of findings
     */
    public static Diagnostic diagnostic(String received, Collection<Finding> findings) {
        return new Diagnostic(received, findings.stream().distinct().sorted().map(Finding::violation).toList());
    }

    @Override
    public int compareTo(Finding other) {
        int shared = Math.min(path.size(), other.path.size());
        for (int i = 0; i < shared; i++) {
            int order = compareSegments(path.get(i), other.path.get(i));
            if (order != 0) {
                return order;
            }
        }
        int byLength = Integer.compare(path.size(), other.path.size());
        return byLength != 0 ? byLength : message.compareTo(other.message);
    }

    private static int compareSegments(Object a, Object b) {
        if (a instanceof Integer x && b instanceof Integer y) {
            return Integer.compare(x, y);
        }
        if (a instanceof String x && b instanceof String y) {
            return x.compareTo(y);
        }
        return a instanceof Integer ? -1 : 1;
    }
}
