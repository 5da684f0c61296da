package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PipelineListenerTest {

    @Test
    void listenersAreCalledInTheOrderTheyWereAdded() {
        // given
        List<String> calls = new ArrayList<>();
        Pipeline pipeline = Pipeline.builder()
                .listener(event -> calls.add("first " + event.getClass().getSimpleName()))
                .listener(event -> calls.add("second " + event.getClass().getSimpleName()))
                .stage(Stage.of("a", ctx -> new Termination.Completed()))
                .build();

        // when
        pipeline.run("");

        // then
        assertThat(calls).startsWith("first PipelineStarted", "second PipelineStarted")
                .endsWith("first PipelineFinished", "second PipelineFinished");
    }

    @Test
    void aListenerThatThrowsAnExceptionStillDoesNotBreakThePipeline() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .listener(event -> {
                    throw new IllegalStateException("listener broken");
                })
                .stage(Stage.of("a", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Completed());
    }
}
