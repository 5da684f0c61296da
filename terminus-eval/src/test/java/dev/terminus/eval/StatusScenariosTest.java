package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.UserTurn;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.FunctionModel;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Every status, each produced by a real agent run (or a real failure around one). */
class StatusScenariosTest {

    private static final Task ADD = Task.of("add", "What is 2 + 2?").expecting("4");

    private static ReportRow runOne(Benchmark.Builder builder) {
        return builder.task(ADD).build().run().rows().getFirst();
    }

    @Test
    void aRunThatEndsItsOwnWayAndIsJudgedIsSuccessWithItsTerminationAndEval() {
        // when
        ReportRow row = runOne(Benchmark.builder().agent(Fixtures.answering("4")).evaluator(Evaluators.exactMatch()));

        // then
        assertThat(row.status()).isEqualTo(Status.SUCCESS);
        assertThat(row.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(row.category()).isEqualTo(Category.SUCCESS);
        assertThat(row.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(row.eval()).isEqualTo(Evaluation.pass("exact match"));
        assertThat(row.usage()).isEqualTo(Usage.of(10, 5));
        assertThat(row.iterations()).isEqualTo(1);
        assertThat(row.attempt()).isEqualTo(1);
        assertThat(row.error()).isNull();
    }

    @Test
    void aRunThatEndsFailedIsAnAgentErrorWithTheFailureAsItsErrorAndIsNotEvaluated() {
        // given: the model crashes, which the loop ends Failed
        FunctionModel crashing = FunctionModel.of(request -> {
            throw new IllegalStateException("model crashed");
        });

        // when
        ReportRow row = runOne(Benchmark.builder().agent(Fixtures.agent(crashing)).evaluator(Evaluators.exactMatch()));

        // then
        assertThat(row.status()).isEqualTo(Status.AGENT_ERROR);
        assertThat(row.termination()).isInstanceOf(Termination.Failed.class);
        assertThat(((Termination.Failed) row.termination()).error().category()).isEqualTo(ErrorCategory.UNKNOWN);
        assertThat(row.error()).isEqualTo(new TaskError("java.lang.IllegalStateException", "model crashed",
                Component.AGENT));
        assertThat(row.eval()).isNull();
        assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.NOT_EVALUATED);
    }

    @Test
    void aProviderThatRefusesTheCredentialsIsAnAgentError() {
        // when
        ReportRow row = runOne(Benchmark.builder()
                .agent(Fixtures.agent(ScriptedModel.builder().authFailure(401).provider("openai").build()))
                .evaluator(Evaluators.exactMatch()));

        // then
        assertThat(row.status()).isEqualTo(Status.AGENT_ERROR);
        assertThat(row.termination()).isEqualTo(new Termination.ProviderAuthFailed("openai", 401));
        assertThat(row.error()).isEqualTo(new TaskError("ProviderAuthFailed", "the provider \"openai\" answered 401",
                Component.AGENT));
    }

    @Test
    void anEnvironmentThatCannotMakeItsToolsIsAnEnvironmentErrorWithoutTermination() {
        // when
        ReportRow row = runOne(Benchmark.builder()
                .environment(task -> {
                    throw new IllegalStateException("database down");
                })
                .agentFactory(context -> context.agentBuilder(ScriptedModel.builder().text("4").build()).build())
                .evaluator(Evaluators.exactMatch()));

        // then
        assertThat(row.status()).isEqualTo(Status.ENVIRONMENT_ERROR);
        assertThat(row.termination()).isNull();
        assertThat(row.error()).isEqualTo(new TaskError("java.lang.IllegalStateException", "database down",
                Component.ENVIRONMENT));
    }

    @Test
    void aToolOfTheEnvironmentThatThrowsEnvironmentExceptionHaltsTheRunAsAnEnvironmentError() {
        // given
        Environment broken = task -> List.of(Tools.of("lookup", "Looks up", (arguments, run) -> {
            throw new EnvironmentException("sandbox died");
        }));
        ScriptedModel model = ScriptedModel.builder().toolCall("lookup", Map.of()).text("4").build();

        // when
        ReportRow row = runOne(Benchmark.builder().environment(broken)
                .agentFactory(context -> context.agentBuilder(model).build()).evaluator(Evaluators.exactMatch()));

        // then
        assertThat(row.status()).isEqualTo(Status.ENVIRONMENT_ERROR);
        assertThat(row.termination()).isEqualTo(new Termination.Halted("tool:lookup",
                "the environment failed: sandbox died"));
        assertThat(row.error()).isEqualTo(new TaskError(EnvironmentException.class.getName(), "sandbox died",
                Component.ENVIRONMENT));
    }

    @Test
    void aUserSimulatorThatThrowsDuringTheRunIsAUserErrorWithTheFailedTermination() {
        // when
        ReportRow row = runOne(Benchmark.builder()
                .userSimulators(task -> (run, answer) -> {
                    throw new IllegalStateException("user script broke");
                })
                .agentFactory(context -> context.agentBuilder(ScriptedModel.builder().text("4").build()).build())
                .evaluator(Evaluators.exactMatch()));

        // then
        assertThat(row.status()).isEqualTo(Status.USER_ERROR);
        assertThat(row.termination()).isInstanceOf(Termination.Failed.class);
        assertThat(row.error()).isEqualTo(new TaskError("java.lang.IllegalStateException", "user script broke",
                Component.USER));
    }

    @Test
    void aUserSimulatorFactoryThatThrowsIsAUserErrorWithoutTermination() {
        // when
        ReportRow row = runOne(Benchmark.builder()
                .userSimulators(task -> {
                    throw new IllegalArgumentException("no persona for " + task.id());
                })
                .agentFactory(context -> context.agentBuilder(ScriptedModel.builder().text("4").build()).build())
                .evaluator(Evaluators.exactMatch()));

        // then
        assertThat(row.status()).isEqualTo(Status.USER_ERROR);
        assertThat(row.termination()).isNull();
        assertThat(row.error().component()).isEqualTo(Component.USER);
    }

    @Test
    void aSatisfiedUserEndsTheRunUserSatisfiedAndTheRowIsEvaluated() {
        // when
        ReportRow row = runOne(Benchmark.builder()
                .userSimulators(task -> (run, answer) -> UserTurn.satisfied("thanks"))
                .agentFactory(context -> context.agentBuilder(ScriptedModel.builder().text("4").build()).build())
                .evaluator(Evaluators.exactMatch()));

        // then
        assertThat(row.status()).isEqualTo(Status.SUCCESS);
        assertThat(row.termination()).isEqualTo(new Termination.UserSatisfied("thanks"));
        assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.PASSED);
    }

    @Test
    void aModelThatHangsPastTheTaskTimeoutIsATaskTimeoutWithTheCancelledRun() throws Exception {
        // given: a model that hangs once called; the timeout on a manual clock, passed once the model is in its call
        // (on real time, a busy machine could spend the 200 ms before the run began, and the row named another phase)
        ManualClock clock = new ManualClock();
        CountDownLatch called = new CountDownLatch(1);
        Model hangs = FunctionModel.of(request -> {
            called.countDown();
            new CountDownLatch(1).await(); // until interrupted
            throw new AssertionError("never released");
        });
        Benchmark benchmark = Benchmark.builder().clock(clock).task(ADD).agent(Fixtures.agent(hangs))
                .taskTimeout(Duration.ofMillis(200)).evaluator(Evaluators.exactMatch()).build();

        // when
        CompletableFuture<EvalReport> running = ConcurrencyScenariosTest.runInBackground(benchmark);
        assertThat(called.await(10, TimeUnit.SECONDS)).as("the agent called its model").isTrue();
        clock.awaitScheduled(1);
        clock.advance(Duration.ofMillis(200));
        ReportRow row = running.get(10, TimeUnit.SECONDS).rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.TASK_TIMEOUT);
        assertThat(row.termination()).isEqualTo(new Termination.Cancelled("task-timeout"));
        assertThat(row.error().type()).isEqualTo("java.util.concurrent.TimeoutException");
        assertThat(row.error().component()).isEqualTo(Component.AGENT);
        assertThat(row.error().message()).contains("timeout of 200 ms while the agent ran");
        assertThat(row.durationMs()).as("on the benchmark's clock").isEqualTo(200);
    }

    @Test
    void aModelWhoseNameThrowsIsAnAgentErrorWithAFailedTermination() {
        // given: a model that breaks its contract; the run still ends Failed rather than throwing from start
        Model nameless = new Model() {
            @Override
            public ModelResponse chat(ModelRequest request) {
                return ModelResponse.text("4", Usage.of(10, 5));
            }

            @Override
            public String name() {
                throw new IllegalStateException("no name");
            }
        };

        // when
        ReportRow row = runOne(Benchmark.builder().agent(Fixtures.agent(nameless)).evaluator(Evaluators.exactMatch()));

        // then
        assertThat(row.status()).isEqualTo(Status.AGENT_ERROR);
        assertThat(row.termination()).isInstanceOf(Termination.Failed.class);
        assertThat(row.error()).isEqualTo(new TaskError("java.lang.IllegalStateException", "no name",
                Component.AGENT));
    }

    @Test
    void anEvaluatorThatThrowsIsAnEvaluationFailureKeepingTheTermination() {
        // when
        ReportRow row = runOne(Benchmark.builder().agent(Fixtures.answering("4"))
                .evaluator((task, run) -> {
                    throw new IllegalStateException("grader offline");
                }));

        // then
        assertThat(row.status()).isEqualTo(Status.EVALUATION_FAILED);
        assertThat(row.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(row.eval()).isNull();
        assertThat(row.error()).isEqualTo(new TaskError("java.lang.IllegalStateException", "grader offline",
                Component.EVALUATOR));
    }

    @Test
    void aJudgeThatAnswersNeitherPassNorFailIsAnEvaluationFailure() {
        // given
        FunctionModel judge = FunctionModel.of(request -> ModelResponse.text("It depends.", Usage.of(50, 3)));

        // when
        ReportRow row = runOne(Benchmark.builder().agent(Fixtures.answering("4"))
                .evaluator(Evaluators.modelJudge(judge, "The answer must be correct.")));

        // then
        assertThat(row.status()).isEqualTo(Status.EVALUATION_FAILED);
        assertThat(row.error().type()).isEqualTo(EvaluationException.class.getName());
        assertThat(row.error().message()).contains("neither PASS nor FAIL").contains("It depends.");
    }

    @Test
    void anAgentFactoryThatThrowsIsASetupFailure() {
        // when
        ReportRow row = runOne(Benchmark.builder()
                .agentFactory(context -> {
                    throw new IllegalArgumentException("no API key for task " + context.task().id());
                })
                .evaluator(Evaluators.exactMatch()));

        // then
        assertThat(row.status()).isEqualTo(Status.SETUP_FAILED);
        assertThat(row.termination()).isNull();
        assertThat(row.error()).isEqualTo(new TaskError("java.lang.IllegalArgumentException",
                "no API key for task add", Component.SETUP));
    }

    @Test
    void anAgentFactoryThatReturnsNullIsASetupFailureNamingIt() {
        // when
        ReportRow row = runOne(Benchmark.builder().agentFactory(context -> null).evaluator(Evaluators.exactMatch()));

        // then
        assertThat(row.status()).isEqualTo(Status.SETUP_FAILED);
        assertThat(row.error().message()).isEqualTo("the agent of task \"add\" (repeat 0) is null");
    }
}
