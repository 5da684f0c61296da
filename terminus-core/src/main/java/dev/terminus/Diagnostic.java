package dev.terminus;

import java.util.List;

/**
 * Why an output did not match the structure it had to have: what was received and each violation.
 * Carried by {@link Termination.SchemaValidationFailed} and
 * {@link Termination.StructuredOutputRetriesExhausted}.
 *
 * @param received the output as received
 * @param violations the violations found, in order; may be empty only if the output could not be read at all
 */
public record Diagnostic(String received, List<Violation> violations) {
    /** Validates and copies the violations immutably. */
    public Diagnostic {
        Preconditions.notNull(received, "Diagnostic.received");
        violations = Preconditions.immutableList(violations, "Diagnostic.violations");
    }

    /**
     * A diagnostic with the given violations.
     *
     * @param received the output as received
     * @param violations the violations
     * @return the diagnostic
     */
    public static Diagnostic of(String received, Violation... violations) {
        return new Diagnostic(received, java.util.Arrays.asList(violations));
    }

    /**
     * One violation of the required structure.
     *
     * @param path where in the output, as a JSON path ({@code $} is the whole output)
     * @param message what is wrong there
     */
    public record Violation(String path, String message) {
        /** Validates that neither component is null. */
        public Violation {
            Preconditions.notNull(path, "Violation.path");
            Preconditions.notNull(message, "Violation.message");
        }
    }
}
