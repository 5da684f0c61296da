package dev.terminus.agent;

/**
 * Thrown by a tool to stop the run: it ends {@code Halted} with the source {@code tool:<name>} and this reason.
 */
public class HaltException extends RuntimeException {
    /**
     * @param reason why the run must stop
     */
    public HaltException(String reason) {
        super(reason);
    }
}
