package dev.terminus.temporal;

/**
 * A suite a Temporal server would refuse: one of its documents, or its whole input, is larger than a payload may be.
 * Thrown by {@link TemporalSuiteRunner#begin} before anything starts; its message is one line naming the size and the
 * limit.
 */
public final class SuiteTooLargeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming what is too large, its size and the limit */
    SuiteTooLargeException(String message) {
        super(message);
    }
}
