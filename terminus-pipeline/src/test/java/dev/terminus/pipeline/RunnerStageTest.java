package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.pipeline.spi.AgentStageCall;
import dev.terminus.pipeline.spi.AgentStageRunner;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Stages whose agent runs through an {@link AgentStageRunner}, here one that runs a real agent on a scripted model. */
class RunnerStageTest {

    /** Runs an agent over one model with the allowance of each call, and remembers the calls. */
    static final class LocalRunner implements AgentStageRunner {
        final List<AgentStageCall> calls = new CopyOnWriteArrayList<>();
        private final ScriptedModel model;

        LocalRunner(ScriptedModel model) {
            this.model = model;
        }

        @Override
        public RunResult run(AgentStageCall call) {
            calls.add(call);
            return Agents.of(model, call.allowance()).run(call.task());
        }
    }

    @Test
    void aRunnerStageCallsItsRunnerWithTheTaskAndAllowanceAndTakesItsRunAsTheStages() {
        // given: 100 tokens; the runner's agent searches once, then answers (30 tokens)
        LocalRunner runner = new LocalRunner(Agents.searchingThenAnswering("three sources"));
        Pipeline pipeline = Pipeline.builder()
                .name("report")
                .tokenBudget(TokenBudget.total(100))
                .stage(Stage.runner("research", runner, ctx -> "Research " + ctx.input()))
                .stage(Stage.of("check", ctx -> ctx.answer("research").isPresent()
                        ? new Termination.Completed() : Termination.Failed.of(new IllegalStateException("no answer"),
                                ErrorCategory.INTERNAL)))
                .build();

        // when
        PipelineResult result = pipeline.run("Oslo");

        // then
        assertThat(runner.calls).containsExactly(
                new AgentStageCall("report", "research", 1, "Research Oslo", TokenBudget.total(100)));
        StageResult research = result.stage("research").orElseThrow();
        assertThat(research.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(research.usage()).isEqualTo(Usage.of(20, 10));
        assertThat(research.lastRun().flatMap(RunResult::finalAnswer)).contains("three sources");
        assertThat(result.termination()).isEqualTo(new Termination.Completed());
        assertThat(result.usage()).isEqualTo(Usage.of(20, 10));
    }

    @Test
    void aRetryableRunIsRetriedWithTheNextAttemptNumberAndWhatRemains() {
        // given: the first run fails on a 500 (no loop retries), the second answers
        LocalRunner runner = new LocalRunner(ScriptedModel.builder().serverError(500).text("made it").build());
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(100))
                .stage(Stage.runner("flaky", runner, ctx -> "Go").retryPolicy(RetryPolicy.immediate(1)))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(runner.calls).extracting(AgentStageCall::attempt).containsExactly(1, 2);
        StageResult stage = result.stage("flaky").orElseThrow();
        assertThat(stage.attempts()).isEqualTo(2);
        assertThat(stage.lastRun().flatMap(RunResult::finalAnswer)).contains("made it");
        assertThat(result.completed()).isTrue();
    }

    @Test
    void aRunThatUsedMoreThanItsAllowanceIsStillChargedAndStopsTheNextStage() {
        // given: a runner that ignores its allowance of 20 and returns a run of 30 tokens
        AgentStageRunner greedy = call -> Agents.of(Agents.searchingThenAnswering("long"), TokenBudget.UNLIMITED)
                .run(call.task());
        LocalRunner next = new LocalRunner(ScriptedModel.builder().text("never").build());
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(20))
                .stage(Stage.runner("greedy", greedy, ctx -> "Go"))
                .stage(Stage.runner("next", next, ctx -> "Go"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.stage("greedy").orElseThrow().usage().totalTokens()).isEqualTo(30);
        assertThat(next.calls).isEmpty();
        assertThat(result.termination()).isEqualTo(new Termination.TokenBudgetExhausted(30, 20, TokenKind.TOTAL));
        assertThat(result.usage().totalTokens()).isEqualTo(30);
    }

    @Test
    void aRunnerThatThrowsEndsItsStageFailedInternalAndTheDispositionApplies() {
        // given
        AgentStageRunner broken = call -> {
            throw new IllegalStateException("worker unreachable");
        };
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.runner("broken", broken, ctx -> "Go").onFailure(FailureDisposition.CONTINUE))
                .stage(Stage.of("after", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        StageResult stage = result.stage("broken").orElseThrow();
        assertThat(stage.termination()).isEqualTo(new Termination.Failed(
                new ErrorInfo("java.lang.IllegalStateException", "worker unreachable", ErrorCategory.INTERNAL)));
        assertThat(stage.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(stage.lastRun()).isEmpty();
        assertThat(result.stage("after").orElseThrow().termination()).isEqualTo(new Termination.Completed());
    }

    @Test
    void aRunnerInterruptedByTheCancellationEndsThePipelineCancelled() throws Exception {
        // given: a runner that waits until it is interrupted
        CountDownLatch waiting = new CountDownLatch(1);
        AgentStageRunner waiter = call -> {
            waiting.countDown();
            new CountDownLatch(1).await();
            throw new IllegalStateException("never released");
        };
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.runner("slow", waiter, ctx -> "Go"))
                .stage(Stage.of("after", ctx -> new Termination.Completed()))
                .build();
        PipelineHandle handle = pipeline.start("");
        waiting.await();

        // when
        handle.cancel("operator");
        PipelineResult result = handle.await();

        // then
        assertThat(result.stage("slow").orElseThrow().termination()).isEqualTo(new Termination.Cancelled("operator"));
        assertThat(result.stage("slow").orElseThrow().outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("operator"));
        assertThat(result.notRun()).containsExactly("after");
    }

    @Test
    void aRunnerStageIsAnAgentStageWithABudgetAndTreatAsSuccessApplies() {
        // given: a runner whose agent reaches its iteration limit
        AgentStageRunner limited = call -> Agent.builder(ScriptedModel.builder().toolCall("search", Map.of())
                        .thenRepeatLast().build())
                .config(AgentConfig.custom().maxIterations(1).build())
                .tool(Tools.of("search", "Searches", (arguments, run) -> "a source"))
                .build().run(call.task());
        Stage stage = Stage.runner("limited", limited, ctx -> "Go")
                .treatAsSuccess(Termination.MaxIterationsReached.class).tokenBudget(TokenBudget.total(500));
        Pipeline pipeline = Pipeline.builder().stage(stage).build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(stage.runsAgent()).isTrue();
        assertThat(stage.tokenBudget()).isEqualTo(TokenBudget.total(500));
        StageResult limitedResult = result.stage("limited").orElseThrow();
        assertThat(limitedResult.termination()).isInstanceOf(Termination.MaxIterationsReached.class);
        assertThat(limitedResult.termination().category()).isNotEqualTo(Category.RETRYABLE);
        assertThat(limitedResult.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(result.completed()).isTrue();
    }
}
