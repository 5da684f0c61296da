package dev.terminus.temporal.internal;

import dev.terminus.agent.control.RunClock;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;

/**
 * A run's clock inside a Temporal workflow: time is workflow time, waits are workflow timers and
 * {@link Workflow#await}, randomness is the workflow's deterministic random. Every method must be called on a
 * workflow thread of one workflow execution: make one clock per execution.
 */
public final class WorkflowClock implements RunClock {
    private @Nullable Random random;

    @Override
    public long nanoTime() {
        return TimeUnit.MILLISECONDS.toNanos(Workflow.currentTimeMillis());
    }

    /** A workflow timer in a scope of its own, cancelled by cancelling the scope; the action runs when it fires. */
    @Override
    public Scheduled schedule(long delayNanos, Runnable action) {
        if (delayNanos <= 0) {
            action.run();
            return () -> { };
        }
        CancellationScope scope = Workflow.newCancellationScope(() -> {
            Promise<Void> timer = Workflow.newTimer(timerDuration(delayNanos));
            timer.handle((fired, failure) -> {
                if (failure == null) {
                    action.run();
                }
                return null;
            });
        });
        scope.run();
        return scope::cancel;
    }

    @Override
    public void sleep(long nanos) {
        if (nanos > 0) {
            Workflow.sleep(timerDuration(nanos));
        }
    }

    /** Waits with {@link Workflow#await(Duration, java.util.function.Supplier)}: a workflow thread never blocks. */
    @Override
    public <T extends @Nullable Object> T await(CompletableFuture<T> future, long nanos)
            throws TimeoutException, ExecutionException {
        boolean done = future.isDone();
        if (!done && nanos == Long.MAX_VALUE) {
            Workflow.await(future::isDone);
            done = true;
        } else if (!done && nanos > 0) {
            done = Workflow.await(timerDuration(nanos), future::isDone);
        }
        if (!done) {
            throw new TimeoutException("not done within " + nanos + " ns of workflow time");
        }
        try {
            return future.get();
        } catch (InterruptedException e) {
            // a done future does not wait
            Thread.currentThread().interrupt();
            throw new IllegalStateException("a completed future's value was interrupted", e);
        }
    }

    /** One {@link Workflow#newRandom()} per workflow execution, drawn from on its first use. */
    @Override
    public RandomGenerator random() {
        Random made = random;
        if (made == null) {
            made = Workflow.newRandom();
            random = made;
        }
        return made;
    }

    @Override
    public UUID randomUuid() {
        return Workflow.randomUUID();
    }

    /** Workflow timers count milliseconds: a wait is rounded up to the next one, so it never ends early. */
    static Duration timerDuration(long nanos) {
        long millis = nanos / 1_000_000 + (nanos % 1_000_000 == 0 ? 0 : 1);
        return Duration.ofMillis(Math.min(millis, Long.MAX_VALUE / 2_000_000));
    }
}
