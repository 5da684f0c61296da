package dev.terminus;


/**
 * The error behind a {@link Termination.Failed}: what went wrong, as data that survives
 * serialization. The live exception, when there is one, rides along on {@code Failed} itself.
 *
 * @param type the error's type, usually the exception's class name (e.g. {@code java.net.SocketTimeoutException})
 * @param message the error's message; empty when it had none
 * @param category the kind of error, which decides the failure's {@link Category}
 */
public record ErrorInfo(String type, String message, ErrorCategory category) {
    /** Validates that no component is null and the type is not blank. */
    public ErrorInfo {
        Preconditions.notBlank(type, "ErrorInfo.type");
        Preconditions.notNull(message, "ErrorInfo.message");
        Preconditions.notNull(category, "ErrorInfo.category");
    }

    /**
     * Describes an exception.
     *
     * @param exception the exception
     * @param category how to classify it
     * @return its class name and message (empty when it has none) with the given category
     */
    public static ErrorInfo of(Throwable exception, ErrorCategory category) {
        Preconditions.notNull(exception, "exception");
        String message = exception.getMessage();
        return new ErrorInfo(exception.getClass().getName(), message == null ? "" : message, category);
    }
}
