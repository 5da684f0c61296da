package dev.terminus.jdbc;

/**
 * What a database store cannot do, in one line naming the store and what it was doing (the gate, the run, the row);
 * its cause is what the driver or the reader met. Unchecked, so that the stores' methods fit where plain functions are
 * needed. The gate store reports with a {@link dev.terminus.agent.spi.GateStoreException} instead, as its contract says.
 */
public class JdbcStoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message one line naming the store and what failed
     * @param cause what the driver or the reader met, or null
     */
    public JdbcStoreException(String message, Throwable cause) {
        super(message, cause);
    }

    /** @param message one line naming the store and what failed */
    public JdbcStoreException(String message) {
        super(message);
    }
}
