package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.TINY_RETRIES;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProviderErrorScenariosTest {

    private static Agent agent(ScriptedModel model) {
        return Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().name("assistant").retryPolicy(TINY_RETRIES).build()).build();
    }

    @Test
    void aRateLimitThenSuccessCompletesWithTheRetry() {
        // given
        var model = ScriptedModel.builder().rateLimited().usage(Usage.of(8, 4)).text("ok").build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(1).isConsistent();
        assertThat(model.calls()).isEqualTo(2);
        assertThat(result.usage()).isEqualTo(Usage.of(8, 4));
    }

    @Test
    void rateLimitsUntilTheRetriesRunOutFailWithResource() {
        // given: two retries after the first attempt
        var model = ScriptedModel.builder().rateLimited().rateLimited().rateLimited().text("unreachable").build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo(
                ModelException.RateLimited.class.getName(), "429 Too Many Requests", ErrorCategory.RESOURCE)))
                .hasIterations(1).isConsistent();
        assertThat(result.termination().category()).isEqualTo(Category.CAPACITY);
        assertThat(model.calls()).isEqualTo(3);
        assertThat(((Termination.Failed) result.termination()).liveCause())
                .containsInstanceOf(ModelException.RateLimited.class);
    }

    @Test
    void serverErrorsUntilTheRetriesRunOutFailWithExternal() {
        // given
        var model = ScriptedModel.builder().serverError(502).serverError(503).serverError(503).text("unreachable")
                .build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo(
                ModelException.ServerError.class.getName(), "503 from the provider", ErrorCategory.EXTERNAL)))
                .isConsistent();
        assertThat(result.termination().category()).isEqualTo(Category.RETRYABLE);
        assertThat(model.calls()).isEqualTo(3);
    }

    @Test
    void timeoutsAreRetriedThenFailWithExternal() {
        // given
        var timeout = new ModelException.Timeout("read timed out", null);
        var model = ScriptedModel.builder().fail(timeout).fail(timeout).fail(timeout).build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo(
                ModelException.Timeout.class.getName(), "read timed out", ErrorCategory.EXTERNAL))).isConsistent();
        assertThat(model.calls()).isEqualTo(3);
    }

    @Test
    void aRetryInALaterIterationKeepsTheEarlierWork() {
        // given
        var model = ScriptedModel.builder().toolCall("echo", args("x", 1)).serverError(500).text("done").build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(2).hasToolCalls(1)
                .isConsistent();
        assertThat(model.calls()).isEqualTo(3);
    }

    @Test
    void anAuthenticationFailureIsNotRetried() {
        // given
        var model = ScriptedModel.builder().provider("acme").authFailure(401).text("unreachable").build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.ProviderAuthFailed("acme", 401)).hasIterations(1).isConsistent();
        assertThat(result.termination().category()).isEqualTo(Category.FATAL);
        assertThat(model.calls()).isEqualTo(1);
    }

    @Test
    void aForbiddenIsAnAuthenticationFailureToo() {
        // given
        var model = ScriptedModel.builder().authFailure(403).build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.ProviderAuthFailed("scripted", 403)).isConsistent();
        assertThat(model.calls()).isEqualTo(1);
    }

    @Test
    void aContentFilterFinishIsARefusalByTheAgent() {
        // given
        var model = ScriptedModel.builder().text("", FinishReason.CONTENT_FILTER).build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.AgentRefused("assistant", "content_filter")).hasIterations(1)
                .isConsistent();
    }

    @Test
    void aRefusalFinishIsARefusalByTheAgent() {
        // given
        var model = ScriptedModel.builder().text("I won't do that.", FinishReason.REFUSAL).build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.AgentRefused("assistant", "refusal")).isConsistent();
        assertThat(result.finalAnswer()).contains("I won't do that.");
    }

    @Test
    void aRefusedModelExceptionIsARefusalByTheAgentWithItsReason() {
        // given
        var model = ScriptedModel.builder()
                .fail(new ModelException.Refused("safety", "the request was blocked", null)).build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.AgentRefused("assistant", "safety")).isConsistent();
        assertThat(model.calls()).isEqualTo(1);
    }

    @Test
    void aRefusalWithToolCallsRunsNoneOfThem() {
        // given
        var call = new ToolCall("c1", "echo", Map.of("x", 1));
        var model = ScriptedModel.builder()
                .respond(new ModelResponse(new Message.Assistant("", List.of(call)), Usage.of(5, 5),
                        FinishReason.CONTENT_FILTER))
                .build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.AgentRefused("assistant", "content_filter")).hasToolCalls(0)
                .isConsistent();
        Scenarios.assertEveryCallAnsweredOnce(result);
    }

    @Test
    void aLengthFinishOnAnAnswerWithoutToolCallsIsOutputTruncated() {
        // given
        var model = ScriptedModel.builder().recordRequests().text("The answer is", FinishReason.LENGTH).build();
        var agent = Agent.builder(model).config(AgentConfig.custom().maxOutputTokens(64).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.OutputTruncated(64)).hasIterations(1).isConsistent();
        assertThat(model.requests().getFirst().maxOutputTokens()).isEqualTo(64);
    }

    @Test
    void aLengthFinishWithoutAConfiguredCapIsOutputTruncatedWithoutOne() {
        // given
        var model = ScriptedModel.builder().text("The answer is", FinishReason.LENGTH).build();

        // when
        RunResult result = Agent.builder(model).build().run("go");

        // then
        assertThat(result).endedWith(new Termination.OutputTruncated(null)).isConsistent();
    }

    @Test
    void aLengthFinishOnAnAnswerWithToolCallsRunsTheTools() {
        // given
        var call = new ToolCall("c1", "echo", Map.of("x", 1));
        var model = ScriptedModel.builder()
                .respond(new ModelResponse(new Message.Assistant("", List.of(call)), Usage.of(5, 5), FinishReason.LENGTH))
                .text("done").build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).isConsistent();
    }

    @Test
    void aContextLengthErrorIsPromptTooLong() {
        // given
        var model = ScriptedModel.builder()
                .fail(new ModelException.ContextLengthExceeded(131_072L, 128_000L, "context length exceeded", null))
                .build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.PromptTooLong(131_072L, 128_000L)).isConsistent();
        assertThat(model.calls()).isEqualTo(1);
    }

    @Test
    void anUnclassifiedModelExceptionFailsUnknownWithTheLiveCause() {
        // given
        var boom = new IllegalStateException("boom");
        var model = ScriptedModel.builder().fail(boom).build();

        // when
        RunResult result = agent(model).run("go");

        // then
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo("java.lang.IllegalStateException", "boom",
                ErrorCategory.UNKNOWN))).hasIterations(1).isConsistent();
        assertThat(((Termination.Failed) result.termination()).liveCause()).containsSame(boom);
        assertThat(model.calls()).isEqualTo(1);
    }

    @Test
    void aModelReturningNullFailsUnknown() {
        // given
        var model = dev.terminus.scripted.FunctionModel.of(request -> null);

        // when
        RunResult result = Agent.builder(model).build().run("go");

        // then
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo("java.lang.IllegalStateException",
                "model function returned null", ErrorCategory.UNKNOWN))).isConsistent();
    }

    @Test
    void aModelWhoseNameThrowsFailsTheRunInsteadOfThrowingFromRun() {
        // given
        IllegalStateException broken = new IllegalStateException("no name yet");
        var model = new dev.terminus.agent.spi.Model() {
            @Override
            public ModelResponse chat(dev.terminus.agent.spi.ModelRequest request) {
                return ModelResponse.text("never asked", Usage.of(1, 1));
            }

            @Override
            public String name() {
                throw broken;
            }
        };

        // when
        RunResult result = Agent.builder(model).build().run("go");

        // then
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo("java.lang.IllegalStateException",
                "no name yet", ErrorCategory.INTERNAL))).hasIterations(0).isConsistent();
        assertThat(((Termination.Failed) result.termination()).liveCause()).containsSame(broken);
    }

    @Test
    void aModelWhoseProviderIsNullFailsAStartedRunInsteadOfThrowingFromStart() throws InterruptedException {
        // given
        var model = new dev.terminus.agent.spi.Model() {
            @Override
            public ModelResponse chat(dev.terminus.agent.spi.ModelRequest request) {
                return ModelResponse.text("never asked", Usage.of(1, 1));
            }

            @Override
            public String provider() {
                return null;
            }
        };

        // when
        RunResult result = Agent.builder(model).build().start("go").await();

        // then
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo("java.lang.IllegalStateException",
                "the model's provider() returned null", ErrorCategory.INTERNAL))).isConsistent();
        assertThat(result.transcript()).isEmpty();
    }
}
