package dev.terminus.pipeline.internal;

import dev.terminus.pipeline.PipelineHandle;
import dev.terminus.pipeline.PipelineResult;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/** A pipeline coordinated on a virtual thread of its own, cancellable through its handle. */
public final class PipelineTask implements PipelineHandle {
    private final Cancellation cancellation = new Cancellation();
    private final CompletableFuture<PipelineResult> result = new CompletableFuture<>();

    private PipelineTask() {}

    /**
     * Starts a pipeline on a new virtual thread.
     *
     * @param spec the pipeline
     * @param input what it runs with
     * @return its handle
     */
    public static PipelineTask start(PipelineSpec spec, String input) {
        PipelineTask task = new PipelineTask();
        Thread.ofVirtual().name("terminus-pipeline-" + spec.name()).start(() -> {
            try {
                task.result.complete(PipelineRun.runOwned(spec, input, task.cancellation));
            } catch (Throwable e) { // the run catches everything; this keeps await() from waiting forever
                task.result.completeExceptionally(e);
            }
        });
        return task;
    }

    @Override
    public void cancel(@Nullable String requestedBy) {
        if (!result.isDone()) {
            cancellation.request(requestedBy);
        }
    }

    @Override
    public PipelineResult await() throws InterruptedException {
        try {
            return result.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the pipeline's coordinator failed", e.getCause());
        }
    }

    @Override
    public Optional<PipelineResult> await(Duration timeout) throws InterruptedException {
        long nanos = timeout.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : timeout.toNanos();
        try {
            return Optional.of(result.get(Math.max(0, nanos), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the pipeline's coordinator failed", e.getCause());
        }
    }

    @Override
    public boolean isDone() {
        return result.isDone();
    }
}
