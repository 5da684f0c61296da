package dev.terminus.agent;

/**
 * Thrown by a tool (or by the loop on its behalf) when the model's arguments are invalid. The message goes back to
 * the model so it can correct the call; the call counts as a mistake.
 */
public class ToolArgumentException extends IllegalArgumentException {
    /**
     * @param message what is wrong with the arguments, for the model
     */
    public ToolArgumentException(String message) {
        super(message);
    }

    /**
     * @param message what is wrong with the arguments, for the model
     * @param cause the underlying error
     */
    public ToolArgumentException(String message, Throwable cause) {
        super(message, cause);
    }
}
