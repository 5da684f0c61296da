package dev.terminus.agent.spi;

/**
 * A {@link GateStore} could not do what it was asked: a paused run could not be written, read, listed or removed, or
 * what it holds for a gate is not a valid paused run. Unchecked, so that a store is called where a lambda or a
 * method reference needs a plain function ({@code result.checkpoint().ifPresent(store::save)}). The message names the
 * store (for a file store, the file) and the gate id; the cause is what the store met, such as an
 * {@link java.io.IOException}, so nothing of it is lost.
 */
public class GateStoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed, naming the store (or its file) and the gate id
     * @param cause what the store met
     */
    public GateStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
