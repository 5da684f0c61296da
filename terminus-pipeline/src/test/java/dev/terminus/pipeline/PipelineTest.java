package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Category;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.control.RunClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PipelineTest {
    private static final Stage DONE = Stage.of("done", ctx -> new Termination.Completed());

    @Test
    void theBuilderKeepsNameStagesAndBudget() {
        // when
        Pipeline pipeline = Pipeline.builder().name("report").tokenBudget(TokenBudget.total(500))
                .stage(Stage.of("a", ctx -> new Termination.Completed()))
                .phase("p", TokenBudget.UNLIMITED, Stage.of("b", ctx -> new Termination.Completed()))
                .stages(Stage.of("c", ctx -> new Termination.Completed()))
                .build();

        // then
        assertThat(pipeline.name()).isEqualTo("report");
        assertThat(pipeline.stageNames()).containsExactly("a", "b", "c");
        assertThat(pipeline.tokenBudget()).isEqualTo(TokenBudget.total(500));
        assertThat(pipeline).hasToString("Pipeline[report, stages=[a, b, c]]");
    }

    @Test
    void aPipelineWithoutStagesIsRefused() {
        assertThatThrownBy(() -> Pipeline.builder().name("empty").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"empty\" has no stages");
    }

    @Test
    void aStageNameUsedTwiceIsRefusedNamingIt() {
        assertThatThrownBy(() -> Pipeline.builder().stage(DONE).stage(DONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("stage name \"done\" is used twice");
        assertThatThrownBy(() -> Pipeline.builder().phase("p", TokenBudget.UNLIMITED, DONE, DONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("stage name \"done\" is used twice");
        assertThatThrownBy(() -> Pipeline.builder().stage(DONE).phase("p", TokenBudget.UNLIMITED, DONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("stage name \"done\" is used twice");
    }

    @Test
    void badPhasesAreRefusedNamingThem() {
        assertThatThrownBy(() -> Pipeline.builder().phase(" ", TokenBudget.UNLIMITED, DONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("phase name must not be blank");
        assertThatThrownBy(() -> Pipeline.builder().phase("p", TokenBudget.UNLIMITED))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("phase \"p\" has no stages");
        assertThatThrownBy(() -> Pipeline.builder().phase("p", TokenBudget.UNLIMITED, DONE)
                .phase("p", TokenBudget.UNLIMITED, Stage.of("other", ctx -> new Termination.Completed())))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("phase name \"p\" is used twice");
    }

    @Test
    void badSettingsAreRefusedNamingThem() {
        assertThatThrownBy(() -> Pipeline.builder().name(""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name must not be blank");
        assertThatThrownBy(() -> Pipeline.builder().interruptGrace(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("interruptGrace must be >= 0, was PT-0.001S");
        assertThatThrownBy(() -> Pipeline.builder().executor(null))
                .isInstanceOf(NullPointerException.class).hasMessage("executor must not be null");
        assertThatThrownBy(() -> Pipeline.builder().listener(null))
                .isInstanceOf(NullPointerException.class).hasMessage("listener must not be null");
        assertThatThrownBy(() -> Pipeline.builder().stage(DONE).build().run(null))
                .isInstanceOf(NullPointerException.class).hasMessage("input must not be null");
    }

    @Test
    void aPipelineOfFunctionsCompletesWithCompleted() {
        // given
        Pipeline pipeline = Pipeline.builder().stage(DONE).build();

        // when
        PipelineResult result = pipeline.run("input");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Completed());
        assertThat(result.completed()).isTrue();
        assertThat(result.pipelineName()).isEqualTo("pipeline");
    }

    @Test
    void oneStartedPipelineCanBeAwaitedForItsResult() throws Exception {
        // given
        Pipeline pipeline = Pipeline.builder().stage(Stage.agent("a", Agents.answering("hi"), ctx -> ctx.input())).build();

        // when
        PipelineResult result = pipeline.start("hello").await();

        // then
        assertThat(result.stage("a").flatMap(StageResult::lastRun).flatMap(RunResult::finalAnswer)).contains("hi");
    }

    @Test
    void onePipelineRunsManyTimesAtOnce() throws Exception {
        // given
        Pipeline pipeline = Pipeline.builder().stage(Stage.of("echo", ctx -> Termination.Custom.of(ctx.input(),
                Category.SUCCESS))).build();

        // when
        PipelineHandle first = pipeline.start("one");
        PipelineHandle second = pipeline.start("two");

        // then
        assertThat(((Termination.Custom) first.await().stages().getFirst().termination()).reason()).isEqualTo("one");
        assertThat(((Termination.Custom) second.await().stages().getFirst().termination()).reason()).isEqualTo("two");
    }

    @Test
    void aPipelineSaysWhereItsStagesRunAndWhichClockItWaitsOn() {
        // given
        ManualClock clock = new ManualClock();

        // when
        Pipeline byDefault = Pipeline.builder().stage(DONE).build();
        Pipeline set = Pipeline.builder().stage(DONE).clock(clock).executor(StageExecutor.virtualThreads()).build();

        // then
        assertThat(byDefault.executor()).isSameAs(StageExecutor.callerThread());
        assertThat(byDefault.clock()).isSameAs(RunClock.system());
        assertThat(set.executor()).isSameAs(StageExecutor.virtualThreads());
        assertThat(set.clock()).isSameAs(clock);
    }
}
