package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A pipeline paused at a stage's human gate, resumed with a person's decision (ADR 0031). */
class PauseAndResumeTest {

    @Test
    void aPipelineWhoseStagePausesAtAGateEndsSuspendedWithACheckpoint() {
        // given
        Refunds refunds = Refunds.usual();

        // when
        PipelineResult paused = refunds.pipeline().run("order 42");

        // then
        assertThat(paused.termination()).isInstanceOf(Termination.HitlGatePending.class);
        assertThat(paused.outcome()).isEqualTo(Outcome.SUSPENDED);
        assertThat(paused.stages()).extracting(StageResult::name).containsExactly("lookup", "refund");
        assertThat(paused.notRun()).containsExactly("report");
        assertThat(refunds.refundsMade).hasValue(0);
        PipelineCheckpoint checkpoint = paused.checkpoint().orElseThrow();
        assertThat(checkpoint.pipelineName()).isEqualTo("refunds");
        assertThat(checkpoint.input()).isEqualTo("order 42");
        assertThat(checkpoint.ended()).extracting(StageResult::name).containsExactly("lookup");
        assertThat(checkpoint.ended().getFirst().lastRun().flatMap(RunResult::finalAnswer)).contains("order 42");
        assertThat(checkpoint.stageName()).isEqualTo("refund");
        assertThat(checkpoint.attempts()).isEqualTo(1);
        assertThat(checkpoint.gateId()).isEqualTo(((Termination.HitlGatePending) paused.termination()).gateId());
        assertThat(checkpoint.checkpoint().pendingCall().name()).isEqualTo("refund");
        assertThat(checkpoint.usage()).isEqualTo(paused.usage()).isEqualTo(Usage.of(20, 10));
    }

    @Test
    void resumingWithApprovalRunsTheCallThenTheStagesAfterWithTheEarlierAnswersStillThere() {
        // given
        Refunds refunds = Refunds.usual();
        Pipeline pipeline = refunds.pipeline();
        PipelineCheckpoint checkpoint = pipeline.run("order 42").checkpoint().orElseThrow();

        // when
        PipelineResult done = pipeline.approve(checkpoint);

        // then
        assertThat(done.termination()).isEqualTo(new Termination.Completed());
        assertThat(done.completed()).isTrue();
        assertThat(refunds.refundsMade).hasValue(1);
        assertThat(done.stages()).extracting(StageResult::name).containsExactly("lookup", "refund", "report");
        assertThat(done.stages().getFirst()).isEqualTo(checkpoint.ended().getFirst());
        StageResult refund = done.stage("refund").orElseThrow();
        assertThat(refund.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(refund.attempts()).isEqualTo(1);
        assertThat(refund.usage()).isEqualTo(Usage.of(20, 10));
        assertThat(refund.lastRun().flatMap(RunResult::finalAnswer)).contains("refunded 42");
        assertThat(refunds.reportTasks).containsExactly("Report on order 42");
        // lookup 15, refund 15 before the pause and 15 after, report 15
        assertThat(done.usage()).isEqualTo(Usage.of(40, 20));
        assertThat(done.checkpoint()).isEmpty();
    }

    @Test
    void resumingWithARejectionEndsAsTheResumedRunEnds() {
        // given
        Refunds refunds = Refunds.usual();
        Pipeline pipeline = refunds.pipeline();
        PipelineCheckpoint checkpoint = pipeline.run("order 42").checkpoint().orElseThrow();

        // when
        PipelineResult done = pipeline.reject(checkpoint, "refunds need a manager");

        // then
        assertThat(refunds.refundsMade).hasValue(0);
        RunResult resumed = done.stage("refund").flatMap(StageResult::lastRun).orElseThrow();
        assertThat(resumed.transcript()).anySatisfy(message -> assertThat(message)
                .isInstanceOfSatisfying(Message.ToolResult.class,
                        result -> assertThat(result.content()).contains("refunds need a manager")));
        assertThat(done.stage("refund").orElseThrow().termination()).isEqualTo(resumed.termination());
        assertThat(done.termination()).isEqualTo(new Termination.Completed());
        assertThat(refunds.reportTasks).containsExactly("Report on order 42");
    }

    @Test
    void aSecondPauseGivesANewCheckpointThatResumesInTurn() {
        // given: after the rejection the model proposes the refund again
        Refunds refunds = new Refunds(ScriptedModel.builder().toolCall("refund", Map.of("order", 42))
                .toolCall("refund", Map.of("order", 42, "note", "manager approved")).text("refunded 42").build(),
                ScriptedModel.builder().text("report done").build());
        Pipeline pipeline = refunds.pipeline();
        PipelineCheckpoint first = pipeline.run("order 42").checkpoint().orElseThrow();

        // when
        PipelineResult again = pipeline.reject(first, "ask a manager first");
        PipelineCheckpoint second = again.checkpoint().orElseThrow();
        PipelineResult done = pipeline.approve(second);

        // then
        assertThat(again.outcome()).isEqualTo(Outcome.SUSPENDED);
        assertThat(again.notRun()).containsExactly("report");
        assertThat(second.checkpoint().pendingCall().arguments()).containsEntry("note", "manager approved");
        assertThat(second.ended()).isEqualTo(first.ended());
        assertThat(second.usage()).isEqualTo(Usage.of(30, 15));
        assertThat(done.completed()).isTrue();
        assertThat(refunds.refundsMade).hasValue(1);
        assertThat(done.usage()).isEqualTo(Usage.of(50, 25));
    }

    @Test
    void budgetsCarryOverSoTheResumedStagesGetOnlyWhatRemains() {
        // given: 70 tokens; lookup 15, refund 15 before the pause and 15 after; the report agent needs 45
        Refunds refunds = new Refunds(ScriptedModel.builder().toolCall("refund", Map.of("order", 42))
                .text("refunded 42").build(), ScriptedModel.builder().toolCall("search", Map.of())
                .toolCall("search", Map.of()).text("report done").build());
        Pipeline pipeline = refunds.pipeline(refunds.refundStage(), TokenBudget.total(70));
        PipelineCheckpoint checkpoint = pipeline.run("order 42").checkpoint().orElseThrow();

        // when
        PipelineResult done = pipeline.approve(checkpoint);

        // then: the refund agent resumed with the allowance it started with (55, its 15 before the pause counted in)
        assertThat(refunds.refundBudgets).containsExactly(TokenBudget.total(55), TokenBudget.total(55));
        StageResult report = done.stage("report").orElseThrow();
        assertThat(report.termination()).isInstanceOfSatisfying(Termination.TokenBudgetExhausted.class, exhausted -> {
            assertThat(exhausted.limit()).isEqualTo(25);
            assertThat(exhausted.kind()).isEqualTo(TokenKind.TOTAL);
        });
        assertThat(done.termination()).isEqualTo(report.termination());
        assertThat(done.usage().totalTokens()).isEqualTo(45 + report.usage().totalTokens());
    }

    @Test
    void theResumedAttemptIsRetriedAsAnyWhenItEndsRetryable() {
        // given: after the approval the model fails with a 500 (no loop retries); the stage retries once
        Refunds refunds = new Refunds(ScriptedModel.builder().toolCall("refund", Map.of("order", 42)).serverError(500)
                .text("refunded 42").build(), ScriptedModel.builder().text("report done").build());
        Pipeline pipeline = refunds.pipeline(refunds.refundStage().retryPolicy(RetryPolicy.immediate(1)),
                TokenBudget.UNLIMITED);
        PipelineCheckpoint checkpoint = pipeline.run("order 42").checkpoint().orElseThrow();

        // when
        PipelineResult done = pipeline.approve(checkpoint);

        // then
        StageResult refund = done.stage("refund").orElseThrow();
        assertThat(refund.attempts()).isEqualTo(2);
        assertThat(refund.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(refunds.refundsMade).hasValue(1);
        assertThat(done.completed()).isTrue();
    }

    @Test
    void aResumedRunThatFailsEndsThePipelineUnlessTheStageContinues() {
        // given: after the approval the model refuses the key, for good
        Refunds refunds = new Refunds(ScriptedModel.builder().toolCall("refund", Map.of("order", 42)).authFailure(401)
                .thenRepeatLast().build(), ScriptedModel.builder().text("report done").build());
        Pipeline aborting = refunds.pipeline();
        Pipeline continuing = refunds.pipeline(refunds.refundStage().onFailure(FailureDisposition.CONTINUE),
                TokenBudget.UNLIMITED);
        PipelineCheckpoint checkpoint = aborting.run("order 42").checkpoint().orElseThrow();

        // when
        PipelineResult aborted = aborting.approve(checkpoint);
        PipelineResult continued = continuing.approve(checkpoint);

        // then
        assertThat(aborted.termination()).isInstanceOf(Termination.ProviderAuthFailed.class);
        assertThat(aborted.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(aborted.notRun()).containsExactly("report");
        assertThat(continued.stage("refund").orElseThrow().termination())
                .isInstanceOf(Termination.ProviderAuthFailed.class);
        assertThat(continued.stage("refund").orElseThrow().outcome()).isEqualTo(Outcome.FAILED);
        assertThat(continued.termination()).isEqualTo(new Termination.Completed());
        assertThat(refunds.refundsMade).hasValue(2);
    }

    @Test
    void anInterruptOfTheResumingThreadCancelsTheResumedStage() throws Exception {
        // given: after the approval the model hangs until it is interrupted
        CountDownLatch calls = new CountDownLatch(2);
        Refunds refunds = Refunds.usual();
        Agent hanging = Agent.builder(Agents.signalling(ScriptedModel.builder().toolCall("refund", Map.of("order", 42))
                        .hang().build(), calls))
                .name("refunder")
                .tool(Tools.of("refund", "Refunds an order", (arguments, run) -> "refund made"))
                .requireApproval("refund")
                .build();
        Pipeline pipeline = refunds.pipeline(Stage.agent("refund", hanging, ctx -> "Refund"), TokenBudget.UNLIMITED);
        PipelineCheckpoint checkpoint = pipeline.run("order 42").checkpoint().orElseThrow();
        AtomicReference<PipelineResult> result = new AtomicReference<>();
        Thread caller = Thread.ofVirtual().start(() -> result.set(pipeline.approve(checkpoint)));
        calls.await();

        // when
        caller.interrupt();
        caller.join();

        // then
        StageResult refund = result.get().stage("refund").orElseThrow();
        assertThat(refund.termination()).isEqualTo(new Termination.Cancelled("thread-interrupt"));
        assertThat(refund.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(result.get().termination()).isEqualTo(new Termination.Cancelled("thread-interrupt"));
        assertThat(result.get().notRun()).containsExactly("report");
        assertThat(refunds.reportTasks).isEmpty();
    }

    @Test
    void aStageOnAnExecutorResumesOnItToo() {
        // given
        Refunds refunds = Refunds.usual();
        Pipeline pipeline = refunds.pipeline(refunds.refundStage(), TokenBudget.UNLIMITED,
                StageExecutor.virtualThreads());
        PipelineCheckpoint checkpoint = pipeline.run("order 42").checkpoint().orElseThrow();

        // when
        PipelineResult done = pipeline.approve(checkpoint);

        // then
        assertThat(done.completed()).isTrue();
        assertThat(refunds.refundsMade).hasValue(1);
        assertThat(refunds.reportTasks).containsExactly("Report on order 42");
    }

    @Test
    void aPrebuiltAgentStageResumesToo() {
        // given
        Refunds refunds = Refunds.usual();
        Stage prebuilt = Stage.agent("refund", refunds.refundAgent(TokenBudget.UNLIMITED), ctx -> "Refund");
        Pipeline pipeline = refunds.pipeline(prebuilt, TokenBudget.UNLIMITED);
        PipelineCheckpoint checkpoint = pipeline.run("order 42").checkpoint().orElseThrow();

        // when
        PipelineResult done = pipeline.approve(checkpoint);

        // then
        assertThat(done.completed()).isTrue();
        assertThat(refunds.refundsMade).hasValue(1);
    }

    @Test
    void anAgentThatRefusesTheCheckpointEndsTheStageFailedWithConfiguration() {
        // given: the pipeline resumes with an agent of another name
        Refunds refunds = Refunds.usual();
        PipelineCheckpoint checkpoint = refunds.pipeline().run("order 42").checkpoint().orElseThrow();
        Stage renamed = Stage.agent("refund", Agents.answering("other"), ctx -> "Refund");
        Pipeline other = refunds.pipeline(renamed, TokenBudget.UNLIMITED);

        // when
        PipelineResult result = other.approve(checkpoint);

        // then
        assertThat(result.stage("refund").orElseThrow().termination()).isInstanceOfSatisfying(
                Termination.Failed.class,
                failed -> assertThat(failed.error().category()).isEqualTo(ErrorCategory.CONFIGURATION));
        assertThat(result.notRun()).containsExactly("report");
    }

    @Test
    void aStageThatTreatsAGateAsSuccessDoesNotPauseThePipeline() {
        // given
        Refunds refunds = Refunds.usual();
        Pipeline pipeline = refunds.pipeline(
                refunds.refundStage().treatAsSuccess(Termination.HitlGatePending.class), TokenBudget.UNLIMITED);

        // when
        PipelineResult result = pipeline.run("order 42");

        // then
        assertThat(result.completed()).isTrue();
        assertThat(result.checkpoint()).isEmpty();
        assertThat(result.stage("refund").orElseThrow().outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(refunds.reportTasks).containsExactly("Report on order 42");
    }
}
