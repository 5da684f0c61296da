package dev.terminus.converge.internal;

import dev.terminus.converge.ConvergenceHandle;
import dev.terminus.converge.ConvergenceResult;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** A run coordinated on a virtual thread of its own, with its agents supervised on theirs. */
public final class EngineTask implements ConvergenceHandle {
    private final RunControl control;
    private final CompletableFuture<ConvergenceResult> result = new CompletableFuture<>();

    private EngineTask(RunControl control) {
        this.control = control;
    }

    /**
     * @param name the engine's name, for the thread's
     * @param control the run's control; the new thread becomes its coordinator
     * @param body the run, which never throws
     * @return the handle
     */
    public static EngineTask start(String name, RunControl control, Supplier<ConvergenceResult> body) {
        EngineTask task = new EngineTask(control);
        Thread thread = Thread.ofVirtual().name("terminus-converge-" + name).unstarted(() -> {
            try {
                task.result.complete(body.get());
            } catch (Throwable e) {
                task.result.completeExceptionally(e);
            }
        });
        control.coordinator(thread);
        thread.start();
        return task;
    }

    @Override
    public void cancel(@Nullable String requestedBy) {
        if (!result.isDone()) {
            control.cancel(requestedBy);
        }
    }

    @Override
    public ConvergenceResult await() throws InterruptedException {
        try {
            return result.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the convergence run broke down", e.getCause());
        }
    }

    @Override
    public Optional<ConvergenceResult> await(Duration timeout) throws InterruptedException {
        try {
            return Optional.of(result.get(timeout.toNanos(), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the convergence run broke down", e.getCause());
        }
    }

    @Override
    public boolean isDone() {
        return result.isDone();
    }
}
