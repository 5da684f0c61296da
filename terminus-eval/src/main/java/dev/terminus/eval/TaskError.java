package dev.terminus.eval;

import dev.terminus.Preconditions;

/**
 * Why a row's {@link Status} is not {@code SUCCESS}: {@code "error":{"type":"...","message":"...","component":"SETUP"}}.
 *
 * @param type the error's type: an exception's class name ({@code java.util.concurrent.TimeoutException} for a
 *     timeout) or, for a termination that is not an exception, its tag ({@code ProviderAuthFailed})
 * @param message the error's message; empty when it had none
 * @param component the part that failed
 */
public record TaskError(String type, String message, Component component) {

    /** Validates that nothing is null and the type is not blank. */
    public TaskError {
        Preconditions.notBlank(type, "TaskError.type");
        Preconditions.notNull(message, "TaskError.message");
        Preconditions.notNull(component, "TaskError.component");
    }

    /**
     * @param exception the exception
     * @param component the part that threw it
     * @return its class name and message (empty when it has none)
     */
    public static TaskError of(Throwable exception, Component component) {
        Preconditions.notNull(exception, "exception");
        String message = exception.getMessage();
        return new TaskError(exception.getClass().getName(), message == null ? "" : message, component);
    }
}
