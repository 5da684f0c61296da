package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.pipeline.spi.AgentStageRunner;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * An {@link Error} inside a pipeline is no end of a stage: it propagates out of {@code run} as it was, on every
 * executor, so that a durable workflow's thread can let its own errors pass (ADR 0011).
 */
class ErrorsPassTest {

    /** An Error of the kind a workflow engine throws to unwind its thread. */
    static final class UnwindError extends Error {
        UnwindError(String message) {
            super(message);
        }
    }

    private static Pipeline throwingFrom(StageExecutor executor, List<String> reached) {
        return Pipeline.builder()
                .executor(executor)
                .stage(Stage.of("first", ctx -> {
                    reached.add("first");
                    return new Termination.Completed();
                }))
                .stage(Stage.of("unwound", ctx -> {
                    throw new UnwindError("workflow thread destroyed");
                }))
                .stage(Stage.of("never", ctx -> {
                    reached.add("never");
                    return new Termination.Completed();
                }))
                .build();
    }

    @Test
    void anErrorOfAStageOnTheCallersThreadPropagatesOutOfRun() {
        // given
        List<String> reached = new CopyOnWriteArrayList<>();
        Pipeline pipeline = throwingFrom(StageExecutor.callerThread(), reached);

        // when / then
        assertThatThrownBy(() -> pipeline.run("")).isInstanceOf(UnwindError.class)
                .hasMessage("workflow thread destroyed");
        assertThat(reached).containsExactly("first");
    }

    @Test
    void anErrorOfAStageOnAVirtualThreadReachesTheCallerOfRun() {
        // given
        List<String> reached = new CopyOnWriteArrayList<>();
        Pipeline pipeline = throwingFrom(StageExecutor.virtualThreads(), reached);

        // when / then
        assertThatThrownBy(() -> pipeline.run("")).isInstanceOf(UnwindError.class)
                .hasMessage("workflow thread destroyed");
        assertThat(reached).containsExactly("first");
    }

    @Test
    void anErrorOfAStageOnAnExecutorServiceReachesTheCallerOfRun() {
        // given
        List<String> reached = new CopyOnWriteArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(1)) {
            Pipeline pipeline = throwingFrom(StageExecutor.of(pool), reached);

            // when / then
            assertThatThrownBy(() -> pipeline.run("")).isInstanceOf(UnwindError.class)
                    .hasMessage("workflow thread destroyed");
        }
        assertThat(reached).containsExactly("first");
    }

    @Test
    void anErrorOfAStartedPipelineIsThrownByItsHandlesAwait() {
        // given
        List<String> reached = new CopyOnWriteArrayList<>();
        PipelineHandle handle = throwingFrom(StageExecutor.callerThread(), reached).start("");

        // when / then
        assertThatThrownBy(handle::await).isInstanceOf(UnwindError.class).hasMessage("workflow thread destroyed");
        assertThat(reached).containsExactly("first");
    }

    @Test
    void anErrorOfARunnerPropagatesInsteadOfFailingItsStage() {
        // given
        AgentStageRunner unwinding = call -> {
            throw new UnwindError("child workflow unwound");
        };
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.runner("remote", unwinding, ctx -> "Go").onFailure(FailureDisposition.CONTINUE))
                .build();

        // when / then
        assertThatThrownBy(() -> pipeline.run("")).isInstanceOf(UnwindError.class)
                .hasMessage("child workflow unwound");
    }

    @Test
    void anErrorOfACompletionCallbackOrASkipPolicyPropagates() {
        // given
        Pipeline judged = Pipeline.builder()
                .stage(Stage.of("judged", ctx -> new Termination.Completed()).onComplete((termination, run) -> {
                    throw new UnwindError("from the callback");
                }))
                .build();
        Pipeline skipped = Pipeline.builder()
                .stage(Stage.of("skipped", ctx -> new Termination.Completed()).skipWhen(ctx -> {
                    throw new UnwindError("from the skip policy");
                }))
                .build();

        // when / then
        assertThatThrownBy(() -> judged.run("")).isInstanceOf(UnwindError.class).hasMessage("from the callback");
        assertThatThrownBy(() -> skipped.run("")).isInstanceOf(UnwindError.class).hasMessage("from the skip policy");
    }

    @Test
    void anErrorOfAListenerPropagatesWhileItsExceptionsAreSkipped() {
        // given
        List<String> seen = new CopyOnWriteArrayList<>();
        Pipeline pipeline = Pipeline.builder()
                .listener(event -> {
                    if (event instanceof PipelineEvent.StageFinished) {
                        throw new UnwindError("from the listener");
                    }
                    throw new IllegalStateException("skipped");
                })
                .listener(event -> seen.add(event.getClass().getSimpleName()))
                .stage(Stage.of("a", ctx -> new Termination.Completed()))
                .build();

        // when / then
        assertThatThrownBy(() -> pipeline.run("")).isInstanceOf(UnwindError.class).hasMessage("from the listener");
        assertThat(seen).containsExactly("PipelineStarted", "StageStarted");
    }
}
