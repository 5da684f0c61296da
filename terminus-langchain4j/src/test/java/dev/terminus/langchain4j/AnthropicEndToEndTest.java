package dev.terminus.langchain4j;

import static dev.terminus.langchain4j.fake.FakeAnthropicServer.error;
import static dev.terminus.langchain4j.fake.FakeAnthropicServer.text;
import static dev.terminus.langchain4j.fake.FakeAnthropicServer.toolUses;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Compaction;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.test.WeatherTool;
import dev.terminus.agent.Usage;
import dev.terminus.langchain4j.fake.FakeAnthropicServer.Tokens;
import dev.terminus.langchain4j.fake.FakeAnthropicServer;
import dev.terminus.langchain4j.fake.FakeServer.Received;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Agent runs on LangChain4j's real Anthropic client answering whole, over HTTP, against a loopback server speaking the
 * Messages API. (Streamed answers are in {@link StreamingNetworkFaultsTest}.)
 */
@Timeout(30)
class AnthropicEndToEndTest {
    private static final String KEY = "sk-ant-test-0123456789";
    private static final Tokens SMALL = new Tokens(10, 5, 0, 0);
    private static final RetryPolicy TWO_QUICK_RETRIES =
            new RetryPolicy(2, Duration.ofMillis(1), Duration.ofMillis(2), 0);

    private final FakeAnthropicServer server = new FakeAnthropicServer();
    private final WeatherTool weatherTool = new WeatherTool();
    private final List<Map<String, @Nullable Object>> weatherCalls = weatherTool.calls();
    private final Tool weather = weatherTool.tool();

    @AfterEach
    void stopServer() {
        server.close();
    }

    private RunResult run(AgentConfig config, @Nullable Compaction compaction) {
        LangChain4jModel model = LangChain4jModels.anthropicNonStreaming("claude-sonnet-4-5", KEY,
                ProviderSettings.custom().baseUrl(server.baseUrl()).build());
        AgentBuilder agent = Agent.builder(model).config(config).tool(weather);
        return (compaction == null ? agent : agent.compaction(compaction)).build().run("What should I wear in Oslo?");
    }

    private RunResult run(AgentConfig config) {
        return run(config, null);
    }

    private static AgentConfig quickRetries() {
        return AgentConfig.custom().retryPolicy(TWO_QUICK_RETRIES).build();
    }

    @Test
    void aToolUseThenAnAnswerCompletesWithTheCacheCountedAsInputAndTheToolResultSentBack() {
        // given: Anthropic's input_tokens leave out the cache reads and writes
        server.enqueue(toolUses(new Tokens(100, 20, 40, 10), "toolu_1", "weather", "{\"city\":\"Oslo\"}"),
                text("Wear a coat.", "end_turn", new Tokens(50, 10, 100, 0)));

        // when
        RunResult result = run(quickRetries());

        // then: input = input_tokens + cache reads + cache writes; cached = cache reads
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).hasIterations(2);
        assertThat(result.finalAnswer()).contains("Wear a coat.");
        assertThat(result.usage()).isEqualTo(new Usage(300, 30, 140, 0));
        assertThat(weatherCalls).containsExactly(Map.of("city", "Oslo"));
        List<Received> requests = server.requests();
        assertThat(requests).hasSize(2);
        Received first = requests.getFirst();
        assertThat(first.method()).isEqualTo("POST");
        assertThat(first.path()).isEqualTo(FakeAnthropicServer.PATH);
        assertThat(first.header("x-api-key")).isEqualTo(KEY);
        assertThat(first.header("anthropic-version")).isEqualTo("2023-06-01");
        JsonNode firstBody = first.json();
        assertThat(firstBody.get("model").asText()).isEqualTo("claude-sonnet-4-5");
        assertThat(firstBody.get("max_tokens").asInt()).isEqualTo(LangChain4jModels.DEFAULT_ANTHROPIC_MAX_TOKENS);
        JsonNode tool = firstBody.get("tools").get(0);
        assertThat(tool.get("name").asText()).isEqualTo("weather");
        assertThat(tool.get("description").asText()).isEqualTo("Today's weather in a city");
        assertThat(tool.get("input_schema").get("properties").get("city").get("type").asText()).isEqualTo("string");
        assertThat(tool.get("input_schema").get("required").get(0).asText()).isEqualTo("city");
        JsonNode messages = requests.get(1).json().get("messages");
        assertThat(messages).hasSize(3);
        JsonNode toolUse = messages.get(1).get("content").get(0);
        assertThat(toolUse.get("type").asText()).isEqualTo("tool_use");
        assertThat(toolUse.get("id").asText()).isEqualTo("toolu_1");
        assertThat(toolUse.get("input").get("city").asText()).isEqualTo("Oslo");
        JsonNode toolResult = messages.get(2).get("content").get(0);
        assertThat(messages.get(2).get("role").asText()).isEqualTo("user");
        assertThat(toolResult.get("type").asText()).isEqualTo("tool_result");
        assertThat(toolResult.get("tool_use_id").asText()).isEqualTo("toolu_1");
        assertThat(toolResult.toString()).contains("Oslo: 4°C, rain");
    }

    @Test
    void anAuthenticationErrorEndsTheRunProviderAuthFailedWithoutARetry() {
        // given
        server.enqueue(error(401, "authentication_error", "invalid x-api-key"));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.ProviderAuthFailed("anthropic", 401));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aRateLimitErrorThenAnAnswerCompletesAfterOneRetry() {
        // given
        server.enqueue(error(429, "rate_limit_error", "Number of request tokens has exceeded your rate limit"),
                text("Wear a coat.", "end_turn", SMALL));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void anOverloadedErrorThenAnAnswerCompletesAfterOneRetry() {
        // given
        server.enqueue(error(529, "overloaded_error", "Overloaded"), text("Wear a coat.", "end_turn", SMALL));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void apiErrorsUntilTheRetriesRunOutFailExternalAfterExactlyOnePlusMaxRetriesRequests() {
        // given
        server.always(error(500, "api_error", "Internal server error"));

        // when
        RunResult result = run(quickRetries());

        // then: the client's own retries are off, the loop's two retries are the only ones
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo(
                "dev.terminus.agent.spi.ModelException$ServerError",
                "HTTP 500 (api_error): Internal server error", ErrorCategory.EXTERNAL), null));
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void aNotFoundErrorEndsFailedConfigurationWithoutARetry() {
        // given: Anthropic's 404 for a model it does not know
        server.always(error(404, "not_found_error", "model: claude-sonet-4-5"));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo(
                "dev.terminus.agent.spi.ModelException$ClientError",
                "HTTP 404 (not_found_error): model: claude-sonet-4-5", ErrorCategory.CONFIGURATION), null));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aPromptTooLongErrorWithoutCompactionEndsPromptTooLongWithTheProvidersNumbers() {
        // given
        server.enqueue(error(400, "invalid_request_error", "prompt is too long: 208491 tokens > 200000 maximum"));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.PromptTooLong(208491L, 200000L));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aPromptTooLongErrorWithCompactionDropsTheOldestTurnAndRetriesOnce() {
        // given: two tool turns, then the prompt is refused for a window of 100 tokens
        server.enqueue(toolUses(SMALL, "toolu_1", "weather", "{\"city\":\"Oslo\"}"),
                toolUses(SMALL, "toolu_2", "weather", "{\"city\":\"Bergen\"}"),
                error(400, "invalid_request_error", "prompt is too long: 140 tokens > 100 maximum"),
                text("Wear a coat.", "end_turn", SMALL));

        // when
        RunResult result = run(quickRetries(), Compaction.custom().build());

        // then: the retried request no longer has the first turn
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        List<Received> requests = server.requests();
        assertThat(requests).hasSize(4);
        assertThat(requests.get(2).body()).contains("toolu_1").contains("toolu_2");
        assertThat(requests.get(3).body()).doesNotContain("toolu_1").contains("toolu_2");
        assertThat(requests.get(3).json().get("messages")).hasSize(3);
    }

    @Test
    void stopReasonMaxTokensOnAnAnswerEndsOutputTruncatedWithTheCapSent() {
        // given
        server.enqueue(text("Wear a co", "max_tokens", SMALL));

        // when
        RunResult result = run(AgentConfig.custom().retryPolicy(TWO_QUICK_RETRIES).maxOutputTokens(50).build());

        // then
        assertThat(result).endedWith(new Termination.OutputTruncated(50));
        assertThat(server.requests().getFirst().json().get("max_tokens").asInt()).isEqualTo(50);
    }

    @Test
    void stopReasonRefusalEndsAgentRefused() {
        // given
        server.enqueue(text("I can't help with that.", "refusal", SMALL));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.AgentRefused("agent", "refusal"));
        assertThat(result.transcript().getLast().content()).isEqualTo("I can't help with that.");
    }
}
