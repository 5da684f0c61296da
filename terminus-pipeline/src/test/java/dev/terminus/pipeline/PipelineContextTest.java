package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PipelineContextTest {

    @Test
    void aStageSeesTheInputAndTheResultsBeforeIt() {
        // given
        List<PipelineContext> seen = new ArrayList<>();
        Pipeline pipeline = Pipeline.builder().name("ctx")
                .stage(Stage.agent("ask", Agents.answering("blue"), ctx -> {
                    seen.add(ctx);
                    return "Which colour?";
                }))
                .stage(Stage.of("use", ctx -> {
                    seen.add(ctx);
                    return new Termination.Completed();
                }))
                .build();

        // when
        pipeline.run("the input");

        // then
        assertThat(seen.get(0).results()).isEmpty();
        assertThat(seen.get(0).previous()).isEmpty();
        assertThat(seen.get(0).previousAnswer()).isEmpty();
        PipelineContext second = seen.get(1);
        assertThat(second.pipelineName()).isEqualTo("ctx");
        assertThat(second.input()).isEqualTo("the input");
        assertThat(second.results()).extracting(StageResult::name).containsExactly("ask");
        assertThat(second.answer("ask")).contains("blue");
        assertThat(second.previousAnswer()).contains("blue");
        assertThat(second.result("nope")).isEmpty();
        assertThat(second.answer("nope")).isEmpty();
    }

    @Test
    void theResultsAreReadOnly() {
        // given
        PipelineContext context = new PipelineContext("p", "", new ArrayList<>());

        // when / then
        assertThatThrownBy(() -> context.results().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void badComponentsAreRefusedNamingThem() {
        assertThatThrownBy(() -> new PipelineContext("p", null, List.of()))
                .isInstanceOf(NullPointerException.class).hasMessage("PipelineContext.input must not be null");
    }
}
