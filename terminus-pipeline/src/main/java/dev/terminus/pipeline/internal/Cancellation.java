package dev.terminus.pipeline.internal;

import dev.terminus.Termination;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * A pipeline's cancellation: requested once (the first request wins), read by the coordinator and the stage bodies.
 * What is running registers hooks that stop it (cancel its agent run, interrupt its thread) while it runs.
 */
public final class Cancellation {
    private final Object lock = new Object();
    private final List<Consumer<@Nullable String>> hooks = new ArrayList<>();
    private boolean requested;
    private @Nullable String requestedBy;

    /** Unregisters a hook. */
    @FunctionalInterface
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Requests cancellation and runs the hooks registered now; does nothing more once requested.
     *
     * @param by who cancels
     * @return who cancelled: {@code by}, or whoever requested it first
     */
    public @Nullable String request(@Nullable String by) {
        List<Consumer<@Nullable String>> running;
        synchronized (lock) {
            if (requested) {
                return requestedBy;
            }
            requested = true;
            requestedBy = by;
            running = List.copyOf(hooks);
        }
        for (Consumer<@Nullable String> hook : running) {
            hook.accept(by);
        }
        return by;
    }

    /** @return whether cancellation was requested */
    public boolean isRequested() {
        synchronized (lock) {
            return requested;
        }
    }

    /** @return the termination of what the cancellation stopped */
    public Termination.Cancelled termination() {
        synchronized (lock) {
            return new Termination.Cancelled(requestedBy);
        }
    }

    /**
     * Runs a hook when cancellation is requested, or at once if it already was.
     *
     * @param hook what stops the running work; receives who cancels
     * @return the registration, to close when the work has ended
     */
    Registration onRequest(Consumer<@Nullable String> hook) {
        String by;
        synchronized (lock) {
            if (!requested) {
                hooks.add(hook);
                return () -> {
                    synchronized (lock) {
                        hooks.remove(hook);
                    }
                };
            }
            by = requestedBy;
        }
        hook.accept(by);
        return () -> { };
    }
}
