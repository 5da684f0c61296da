package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class PipelineHandleTest {

    @Test
    void awaitWithATimeoutIsEmptyWhileThePipelineRuns() throws Exception {
        // given
        CountDownLatch release = new CountDownLatch(1);
        PipelineHandle handle = Pipeline.builder().stage(Stage.of("waits", ctx -> {
            release.await();
            return new Termination.Completed();
        })).build().start("");

        // when
        var early = handle.await(Duration.ofMillis(20));
        boolean doneEarly = handle.isDone();
        release.countDown();
        var late = handle.await(Duration.ofSeconds(5));

        // then
        assertThat(early).isEmpty();
        assertThat(doneEarly).isFalse();
        assertThat(late).hasValueSatisfying(result -> assertThat(result.completed()).isTrue());
        assertThat(handle.isDone()).isTrue();
    }

    @Test
    void theFirstCancellationWinsAndCancellingAfterTheEndDoesNothing() throws Exception {
        // given
        CountDownLatch entered = new CountDownLatch(1);
        PipelineHandle handle = Pipeline.builder().stage(Stage.of("blocks", ctx -> {
            entered.countDown();
            new CountDownLatch(1).await();
            return new Termination.Completed();
        })).build().start("");
        entered.await();

        // when
        handle.cancel("first");
        handle.cancel("second");
        PipelineResult result = handle.await();
        handle.cancel("third");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("first"));
        assertThat(handle.await()).isSameAs(result);
    }

    @Test
    void aPipelineCancelledBeforeItsFirstStageRunsNoStage() throws Exception {
        // given
        CountDownLatch gate = new CountDownLatch(1);
        Pipeline pipeline = Pipeline.builder()
                .listener(event -> {
                    if (event instanceof PipelineEvent.PipelineStarted) {
                        try {
                            gate.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                })
                .stage(Stage.of("a", ctx -> new Termination.Completed()))
                .build();
        PipelineHandle handle = pipeline.start("");

        // when
        handle.cancel("early");
        gate.countDown();
        PipelineResult result = handle.await();

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("early"));
        assertThat(result.stages()).isEmpty();
        assertThat(result.notRun()).containsExactly("a");
    }
}
