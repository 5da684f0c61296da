package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Real agent runs over scripted models, through whole pipelines. */
class PipelineScenariosTest {

    @Test
    void stagesRunInOrderAndALaterStageUsesAnEarlierAnswer() {
        // given
        ScriptedModel writerModel = ScriptedModel.builder().text("A summary of three sources.").recordRequests().build();
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("research", Agents.answering("Sources: A, B, C"), ctx -> "Research " + ctx.input()))
                .stage(Stage.agent("summarize", Agents.of(writerModel, TokenBudget.UNLIMITED),
                        ctx -> "Summarize: " + ctx.previousAnswer().orElseThrow()))
                .build();

        // when
        PipelineResult result = pipeline.run("Oslo climate");

        // then
        assertThat(result.stages()).extracting(StageResult::name).containsExactly("research", "summarize");
        assertThat(result.termination()).isEqualTo(new Termination.Completed());
        assertThat(result.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(writerModel.requests().getFirst().messages().toString()).contains("Summarize: Sources: A, B, C");
        assertThat(result.stage("summarize").flatMap(StageResult::lastRun).flatMap(RunResult::finalAnswer))
                .contains("A summary of three sources.");
        assertThat(result.usage()).isEqualTo(Usage.of(20, 10));
    }

    @Test
    void treatAsSuccessKeepsMaxIterationsReachedAsTheTerminationButSucceeds() {
        // given
        ScriptedModel searching = ScriptedModel.builder().toolCall("search", Map.of("q", "x")).thenRepeatLast().build();
        Agent agent = Agent.builder(searching).config(AgentConfig.custom().maxIterations(2).build())
                .tool(Tools.of("search", "Searches", (arguments, run) -> "result")).build();
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("explore", agent, ctx -> "Explore").treatAsSuccess(Termination.MaxIterationsReached.class))
                .stage(Stage.of("after", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        StageResult explore = result.stage("explore").orElseThrow();
        assertThat(explore.termination()).isEqualTo(new Termination.MaxIterationsReached(2, 2));
        assertThat(explore.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(result.completed()).isTrue();
    }

    @Test
    void aSkipPolicyEndsTheStageSkippedWithItsReasonAndThePipelineGoesOn() {
        // given
        ScriptedModel unused = ScriptedModel.builder().text("never").build();
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("review", Agents.of(unused, TokenBudget.UNLIMITED), ctx -> "Review")
                        .skipWhen(SkipPolicy.when(ctx -> ctx.input().isEmpty(), "nothing to review")))
                .stage(Stage.agent("answer", Agents.answering("done"), ctx -> "Answer"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        StageResult review = result.stage("review").orElseThrow();
        assertThat(review.termination()).isEqualTo(new Termination.Skipped("nothing to review"));
        assertThat(review.outcome()).isEqualTo(Outcome.SKIPPED);
        assertThat(review.attempts()).isZero();
        assertThat(unused.calls()).isZero();
        assertThat(result.termination()).isEqualTo(new Termination.Completed());
    }

    @Test
    void aCompletionCallbackReplacesTheLoopsTerminationWithACustomOne() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("classify", Agents.answering("urgent"), ctx -> "Classify")
                        .onComplete((termination, run) -> new Termination.Custom("Classified",
                                Map.of("label", run.finalAnswer().orElseThrow()), Category.SUCCESS)))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        StageResult classify = result.stage("classify").orElseThrow();
        assertThat(classify.termination()).isEqualTo(
                new Termination.Custom("Classified", Map.of("label", "urgent"), Category.SUCCESS));
        assertThat(classify.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(classify.lastRun().orElseThrow().termination()).isEqualTo(new Termination.NaturalCompletion());
    }

    @Test
    void aFailureAbortsThePipelineByDefaultAndTheStagesAfterItDoNotRun() {
        // given
        ScriptedModel later = ScriptedModel.builder().text("never").build();
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("auth", Agents.of(ScriptedModel.builder().authFailure(401).build(),
                        TokenBudget.UNLIMITED), ctx -> "Go"))
                .stage(Stage.agent("later", Agents.of(later, TokenBudget.UNLIMITED), ctx -> "Go"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.ProviderAuthFailed("scripted", 401));
        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.stages()).extracting(StageResult::name).containsExactly("auth");
        assertThat(result.notRun()).containsExactly("later");
        assertThat(later.calls()).isZero();
    }

    @Test
    void aFailureWithContinueLetsThePipelineComplete() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("optional", Agents.of(ScriptedModel.builder().authFailure(403).build(),
                        TokenBudget.UNLIMITED), ctx -> "Go").onFailure(FailureDisposition.CONTINUE))
                .stage(Stage.agent("main", Agents.answering("done"), ctx -> "Go"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.stage("optional").orElseThrow().outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.stage("main").orElseThrow().termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(result.termination()).isEqualTo(new Termination.Completed());
        assertThat(result.outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    @Test
    void aRetryableFailureIsRetriedAndTheSecondAttemptSucceeds() {
        // given: the loop retries a 500 twice, then fails EXTERNAL; the stage's retry runs it again
        ScriptedModel flaky = ScriptedModel.builder().serverError(500).serverError(500).serverError(500)
                .text("made it").build();
        Agent agent = Agent.builder(flaky).config(AgentConfig.custom().retryPolicy(Agents.TWO_QUICK_RETRIES).build())
                .build();
        Termination[] first = new Termination[1];
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("flaky", agent, ctx -> "Go").retryPolicy(RetryPolicy.immediate(1))
                        .onComplete((termination, run) -> {
                    if (first[0] == null) {
                        first[0] = termination;
                    }
                    return termination;
                }))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(first[0]).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL);
            assertThat(failed.category()).isEqualTo(Category.RETRYABLE);
        });
        StageResult stage = result.stage("flaky").orElseThrow();
        assertThat(stage.attempts()).isEqualTo(2);
        assertThat(stage.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(stage.lastRun().flatMap(RunResult::finalAnswer)).contains("made it");
        assertThat(flaky.calls()).isEqualTo(4);
    }

    @Test
    void aFatalTerminationIsNeverRetried() {
        // given
        ScriptedModel auth = ScriptedModel.builder().authFailure(401).thenRepeatLast().build();
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("auth", Agents.of(auth, TokenBudget.UNLIMITED), ctx -> "Go")
                        .retryPolicy(RetryPolicy.immediate(3)))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        StageResult stage = result.stage("auth").orElseThrow();
        assertThat(stage.termination()).isEqualTo(new Termination.ProviderAuthFailed("scripted", 401));
        assertThat(stage.termination().category()).isEqualTo(Category.FATAL);
        assertThat(stage.attempts()).isEqualTo(1);
        assertThat(auth.calls()).isEqualTo(1);
    }

    @Test
    void aStageThatThrowsEndsFailedInternalAndAbortsThePipeline() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.of("load", ctx -> {
                    throw new IllegalStateException("disk gone");
                }))
                .stage(Stage.agent("never", Agents.answering("x"), ctx -> "Go"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        Termination expected = new Termination.Failed(
                new ErrorInfo("java.lang.IllegalStateException", "disk gone", ErrorCategory.INTERNAL));
        assertThat(result.stage("load").orElseThrow().termination()).isEqualTo(expected);
        assertThat(result.termination()).isEqualTo(expected);
        assertThat(((Termination.Failed) result.termination()).liveCause()).containsInstanceOf(IllegalStateException.class);
        assertThat(result.notRun()).containsExactly("never");
    }

    @Test
    void everyStageHasANonNegativeDurationWithinThePipelines() {
        // given: stage b takes 5 ms of the pipeline's clock
        ManualClock clock = new ManualClock();
        Pipeline pipeline = Pipeline.builder().clock(clock)
                .stage(Stage.agent("a", Agents.answering("one"), ctx -> "Go"))
                .stage(Stage.of("b", ctx -> {
                    clock.advance(Duration.ofMillis(5));
                    return new Termination.Completed();
                }))
                .stage(Stage.of("c", ctx -> new Termination.Skipped("not needed")))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.stages()).allSatisfy(stage -> assertThat(stage.duration()).isGreaterThanOrEqualTo(Duration.ZERO)
                .isLessThanOrEqualTo(result.duration()));
        assertThat(result.stage("b").orElseThrow().duration().toMillis()).isGreaterThanOrEqualTo(5);
        assertThat(result.stage("c").orElseThrow().outcome()).isEqualTo(Outcome.SKIPPED);
    }

    @Test
    void aSuspendedStageStopsThePipelineWithItsGate() {
        // given
        ScriptedModel model = ScriptedModel.builder().toolCall("refund", Map.of()).text("refunded").build();
        Agent agent = Agent.builder(model).tool(Tools.of("refund", "Refunds", (arguments, run) -> "ok"))
                .config(AgentConfig.custom().retryPolicy(RetryPolicy.none()).build())
                .requireApproval("refund").build();
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("refund", agent, ctx -> "Refund order 42"))
                .stage(Stage.of("notify", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.termination()).isInstanceOf(Termination.HitlGatePending.class);
        assertThat(result.outcome()).isEqualTo(Outcome.SUSPENDED);
        assertThat(result.stage("refund").flatMap(StageResult::lastRun).flatMap(RunResult::checkpoint)).isPresent();
        assertThat(result.notRun()).containsExactly("notify");
    }
}
