package dev.terminus.agent.spi;

import dev.terminus.Diagnostic;
import dev.terminus.Preconditions;

/**
 * What an {@link OutputValidator} found in an answer: a typed value, or the violations.
 *
 * {@snippet :
 * // given: OutputValidator validator; void use(Object value); void report(List<Diagnostic.Violation> violations)
 * switch (validator.check(text)) {
 *     case OutputCheck.Valid(Object value) -> use(value);
 *     case OutputCheck.Invalid(Diagnostic diagnostic) -> report(diagnostic.violations());
 * }
 * }
 */
public sealed interface OutputCheck {

    /**
     * The answer has the required shape.
     *
     * @param value the answer as a value: a record of the required type, or plain JSON values
     */
    record Valid(Object value) implements OutputCheck {
        /** Refuses a null value. */
        public Valid {
            Preconditions.notNull(value, "OutputCheck.Valid.value");
        }
    }

    /**
     * The answer does not have the required shape.
     *
     * @param diagnostic the answer as received and its violations (JSON path and message each)
     */
    record Invalid(Diagnostic diagnostic) implements OutputCheck {
        /** Refuses a null diagnostic. */
        public Invalid {
            Preconditions.notNull(diagnostic, "OutputCheck.Invalid.diagnostic");
        }
    }
}
