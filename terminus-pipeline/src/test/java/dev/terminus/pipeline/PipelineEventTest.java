package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class PipelineEventTest {

    @Test
    void listenersHearThePipelineAndEachReachedStageInOrder() {
        // given
        List<PipelineEvent> events = new CopyOnWriteArrayList<>();
        Pipeline pipeline = Pipeline.builder().name("events").listener(events::add)
                .phase("research", TokenBudget.UNLIMITED, Stage.agent("a", Agents.answering("x"), ctx -> "Go"))
                .stage(Stage.of("b", ctx -> new Termination.Skipped("nothing to do")))
                .stage(Stage.of("c", ctx -> {
                    throw new IllegalStateException("stop");
                }))
                .stage(Stage.of("d", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(events).extracting(event -> event.getClass().getSimpleName()).containsExactly(
                "PipelineStarted", "StageStarted", "StageFinished", "StageStarted", "StageFinished",
                "StageStarted", "StageFinished", "PipelineFinished");
        assertThat(events).allSatisfy(event -> assertThat(event.pipelineName()).isEqualTo("events"));
        assertThat(events.getFirst()).isEqualTo(new PipelineEvent.PipelineStarted("events", List.of("a", "b", "c", "d")));
        assertThat(events.get(1)).isEqualTo(new PipelineEvent.StageStarted("events", "a", "research", 0));
        assertThat(events.get(2)).isInstanceOfSatisfying(PipelineEvent.StageFinished.class, finished -> {
            assertThat(finished.result().name()).isEqualTo("a");
            assertThat(finished.result().usage()).isEqualTo(Usage.of(10, 5));
            assertThat(finished.result().duration()).isGreaterThanOrEqualTo(Duration.ZERO);
        });
        assertThat(events.getLast()).isEqualTo(new PipelineEvent.PipelineFinished("events", result));
    }

    @Test
    void aListenerThatThrowsNeverBreaksThePipelineAndTheOthersStillHearEverything() {
        // given
        List<PipelineEvent> heard = new CopyOnWriteArrayList<>();
        Pipeline pipeline = Pipeline.builder()
                .listener(event -> {
                    throw new IllegalStateException("listener bug");
                })
                .listener(heard::add)
                .stage(Stage.agent("a", Agents.answering("x"), ctx -> "Go"))
                .stage(Stage.of("b", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.completed()).isTrue();
        assertThat(heard).hasSize(6);
    }
}
