package dev.terminus.eval;

/**
 * Thrown by a tool an {@link Environment} gave, to say the environment itself failed (its database is down, its
 * sandbox died), not the agent's use of it. The harness halts the run ({@code Halted}, source {@code tool:<name>})
 * and the row's status is {@link Status#ENVIRONMENT_ERROR}, so the failure is not held against the agent. Any other
 * exception of a tool is an ordinary tool error, answered to the model.
 */
public class EnvironmentException extends RuntimeException {

    /** @param message what failed */
    public EnvironmentException(String message) {
        super(message);
    }

    /**
     * @param message what failed
     * @param cause the underlying error
     */
    public EnvironmentException(String message, Throwable cause) {
        super(message, cause);
    }
}
