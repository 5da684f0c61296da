package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.TokenBudget;
import dev.terminus.pipeline.spi.AgentStageRunner;
import org.junit.jupiter.api.Test;

/** What {@link Pipeline#resume} refuses before anything runs, naming what does not fit. */
class ResumeChecksTest {

    private static PipelineCheckpoint paused(Refunds refunds) {
        return refunds.pipeline().run("order 42").checkpoint().orElseThrow();
    }

    @Test
    void aCheckpointOfAnotherPipelineIsRefused() {
        // given
        Refunds refunds = Refunds.usual();
        PipelineCheckpoint checkpoint = paused(refunds);
        Pipeline other = Pipeline.builder().name("invoices").stage(refunds.refundStage()).build();

        // when / then
        assertThatThrownBy(() -> other.approve(checkpoint)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the checkpoint is of pipeline \"refunds\", not of this pipeline \"invoices\"");
        assertThat(refunds.refundsMade).hasValue(0);
    }

    @Test
    void aCheckpointPausedAtAStageThePipelineDoesNotHaveIsRefused() {
        // given
        Refunds refunds = Refunds.usual();
        PipelineCheckpoint checkpoint = paused(refunds);
        Pipeline other = Pipeline.builder().name("refunds")
                .stage(Stage.of("lookup", ctx -> new Termination.Completed()))
                .stage(Stage.of("publish", ctx -> new Termination.Completed()))
                .build();

        // when / then
        assertThatThrownBy(() -> other.approve(checkpoint)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the checkpoint paused at stage \"refund\", which pipeline \"refunds\" does not have"
                        + " (its stages: [lookup, publish])");
    }

    @Test
    void aCheckpointWithOtherStagesBeforeThePausedOneIsRefused() {
        // given
        Refunds refunds = Refunds.usual();
        PipelineCheckpoint checkpoint = paused(refunds);
        Pipeline other = Pipeline.builder().name("refunds")
                .stage(Stage.of("fetch", ctx -> new Termination.Completed()))
                .stage(refunds.refundStage())
                .build();

        // when / then
        assertThatThrownBy(() -> other.approve(checkpoint)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the checkpoint's stages ended before \"refund\" are [lookup], but pipeline \"refunds\""
                        + " has [fetch] before it");
    }

    @Test
    void aDecisionForAnotherGateIsRefused() {
        // given
        Refunds refunds = Refunds.usual();
        PipelineCheckpoint checkpoint = paused(refunds);

        // when / then
        assertThatThrownBy(() -> refunds.pipeline().resume(checkpoint, GateDecision.approve("gate-elsewhere")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the decision is for gate \"gate-elsewhere\" but the pipeline is waiting at gate \""
                        + checkpoint.gateId() + "\"");
    }

    @Test
    void aRunnerStageThatPausedGivesACheckpointButResumesOnItsRunnersSide() {
        // given: a runner whose agent pauses at the refund gate
        Refunds refunds = Refunds.usual();
        AgentStageRunner runner = call -> refunds.refundAgent(call.allowance()).run(call.task());
        Pipeline pipeline = refunds.pipeline(Stage.runner("refund", runner, ctx -> "Refund"), TokenBudget.UNLIMITED);
        PipelineResult paused = pipeline.run("order 42");
        PipelineCheckpoint checkpoint = paused.checkpoint().orElseThrow();

        // when / then
        assertThat(paused.outcome()).isEqualTo(Outcome.SUSPENDED);
        assertThatThrownBy(() -> pipeline.approve(checkpoint)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("stage \"refund\" runs its agent through an AgentStageRunner, which resumes a paused run"
                        + " on its own side: Pipeline.resume cannot resume it");
        assertThat(refunds.refundsMade).hasValue(0);
    }
}
