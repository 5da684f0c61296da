package dev.terminus.langchain4j.internal;

import org.jspecify.annotations.Nullable;

/**
 * What a Terminus model built by {@code LangChain4jModels} holds for itself alone (an HTTP client, its threads), and
 * whether the model was closed: one for the model of whole answers and the streaming one alike.
 */
public final class ClientLease {
    /** What the model was built with for itself alone, released by {@link #close(Object)}; null for none. */
    private final @Nullable AutoCloseable owned;
    private volatile boolean closed;

    /** @param owned what the model was built with for itself alone; null for none (a LangChain4j model of yours) */
    public ClientLease(@Nullable AutoCloseable owned) {
        this.owned = owned;
    }

    /**
     * @param model the model, named in the message
     * @throws IllegalStateException when the model was closed
     */
    public void ensureOpen(Object model) {
        if (closed) {
            throw new IllegalStateException(model + " is closed");
        }
    }

    /**
     * Closes the model: what it owns is released, and calls after this fail.
     *
     * @param model the model, named in the message of a failure to release
     * @throws IllegalStateException when releasing failed
     */
    public void close(Object model) {
        closed = true;
        if (owned != null) {
            try {
                owned.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing " + model + " failed", e);
            }
        }
    }
}
