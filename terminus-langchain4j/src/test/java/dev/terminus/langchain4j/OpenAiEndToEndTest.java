package dev.terminus.langchain4j;

import static dev.terminus.langchain4j.fake.FakeOpenAiServer.error;
import static dev.terminus.langchain4j.fake.FakeOpenAiServer.refusal;
import static dev.terminus.langchain4j.fake.FakeOpenAiServer.text;
import static dev.terminus.langchain4j.fake.FakeOpenAiServer.toolCalls;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.terminus.Category;
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
import dev.terminus.agent.spi.OutputCheck;
import dev.terminus.agent.spi.OutputValidator;
import dev.terminus.langchain4j.fake.FakeOpenAiServer.Tokens;
import dev.terminus.langchain4j.fake.FakeOpenAiServer;
import dev.terminus.langchain4j.fake.FakeServer.Received;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Agent runs on LangChain4j's real OpenAI client answering whole, over HTTP, against a loopback server speaking
 * OpenAI's API. (Streamed answers are in {@link StreamingNetworkFaultsTest}.)
 */
@Timeout(30)
class OpenAiEndToEndTest {
    private static final String KEY = "sk-test-0123456789";
    private static final Tokens SMALL = new Tokens(10, 5, 0, 0);
    private static final RetryPolicy TWO_QUICK_RETRIES =
            new RetryPolicy(2, Duration.ofMillis(1), Duration.ofMillis(2), 0);

    private final FakeOpenAiServer server = new FakeOpenAiServer();
    private final WeatherTool weatherTool = new WeatherTool();
    private final List<Map<String, @Nullable Object>> weatherCalls = weatherTool.calls();
    private final Tool weather = weatherTool.tool();

    @AfterEach
    void stopServer() {
        server.close();
    }

    private RunResult run(AgentConfig config, @Nullable Compaction compaction) {
        LangChain4jModel model = LangChain4jModels.openAiNonStreaming("gpt-4o-mini", KEY, ProviderSettings.custom().baseUrl(server.baseUrl()).build());
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
    void aToolCallThenAnAnswerCompletesWithTheUsageOfBothCallsAndTheToolResultSentBack() {
        // given
        server.enqueue(toolCalls(new Tokens(100, 20, 40, 8), "call_1", "weather", "{\"city\":\"Oslo\"}"),
                text("Wear a coat.", "stop", new Tokens(150, 10, 100, 0)));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).hasIterations(2);
        assertThat(result.finalAnswer()).contains("Wear a coat.");
        assertThat(result.usage()).isEqualTo(new Usage(250, 30, 140, 8));
        assertThat(weatherCalls).containsExactly(Map.of("city", "Oslo"));
        List<Received> requests = server.requests();
        assertThat(requests).hasSize(2);
        Received first = requests.getFirst();
        assertThat(first.method()).isEqualTo("POST");
        assertThat(first.path()).isEqualTo(FakeOpenAiServer.PATH);
        assertThat(first.header("Authorization")).isEqualTo("Bearer " + KEY);
        JsonNode firstBody = first.json();
        assertThat(firstBody.get("model").asText()).isEqualTo("gpt-4o-mini");
        JsonNode function = firstBody.get("tools").get(0).get("function");
        assertThat(function.get("name").asText()).isEqualTo("weather");
        assertThat(function.get("description").asText()).isEqualTo("Today's weather in a city");
        assertThat(function.get("parameters").get("properties").get("city").get("type").asText()).isEqualTo("string");
        assertThat(function.get("parameters").get("required").get(0).asText()).isEqualTo("city");
        JsonNode messages = requests.get(1).json().get("messages");
        assertThat(messages).hasSize(3);
        assertThat(messages.get(0).get("content").asText()).isEqualTo("What should I wear in Oslo?");
        JsonNode call = messages.get(1).get("tool_calls").get(0);
        assertThat(call.get("id").asText()).isEqualTo("call_1");
        assertThat(call.get("function").get("arguments").asText()).isEqualTo("{\"city\":\"Oslo\"}");
        assertThat(messages.get(2).get("role").asText()).isEqualTo("tool");
        assertThat(messages.get(2).get("tool_call_id").asText()).isEqualTo("call_1");
        assertThat(messages.get(2).get("content").asText()).isEqualTo("Oslo: 4°C, rain");
    }

    @Test
    void a401EndsTheRunProviderAuthFailedWithoutARetry() {
        // given
        server.enqueue(error(401, "Incorrect API key provided: " + KEY, "invalid_request_error", "invalid_api_key"));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.ProviderAuthFailed("openai", 401));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void a429ThenAnAnswerCompletesAfterOneRetry() {
        // given
        server.enqueue(error(429, "Rate limit reached", "requests", "rate_limit_exceeded"),
                text("Wear a coat.", "stop", SMALL));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void fiveHundredsUntilTheRetriesRunOutFailExternalAfterExactlyOnePlusMaxRetriesRequests() {
        // given
        server.always(error(500, "The server had an error", "server_error", null));

        // when
        RunResult result = run(quickRetries());

        // then: the client's own retries are off, the loop's two retries are the only ones
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo(
                "dev.terminus.agent.spi.ModelException$ServerError",
                "HTTP 500 (server_error): The server had an error", ErrorCategory.EXTERNAL), null));
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void anUnknownModelEndsFailedConfigurationWithoutARetryAndWithTheEchoedKeyCutOut() {
        // given: OpenAI's 404 for a mistyped model, its body echoing the key
        server.always(error(404, "The model `gpt-4o-mni` does not exist or you do not have access to it (key "
                + KEY + ").", "invalid_request_error", "model_not_found"));

        // when
        RunResult result = run(quickRetries());

        // then: not retried, a configuration error to fix rather than a failure to retry, and no key in sight
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo(
                "dev.terminus.agent.spi.ModelException$ClientError",
                "HTTP 404 (invalid_request_error/model_not_found): The model `gpt-4o-mni` does not exist or you do "
                        + "not have access to it (key [redacted]).", ErrorCategory.CONFIGURATION), null));
        assertThat(result.termination().category()).isEqualTo(Category.FATAL);
        Throwable cause = ((Termination.Failed) result.termination()).liveCause().orElseThrow();
        assertThat(cause).hasNoCause(); // the client's exception, which holds the body, is left out
        assertThat(server.requests()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(ints = {400, 422})
    void aClientErrorItDoesNotRecognizeEndsFailedConfigurationNamingTheStatus(int status) {
        // given
        server.always(error(status, "Invalid value for 'temperature'.", "invalid_request_error", "invalid_value"));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo(
                "dev.terminus.agent.spi.ModelException$ClientError",
                "HTTP " + status + " (invalid_request_error/invalid_value): Invalid value for 'temperature'.",
                ErrorCategory.CONFIGURATION), null));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aContextLengthErrorWithoutCompactionEndsPromptTooLongWithTheProvidersNumbers() {
        // given
        server.enqueue(error(400, "This model's maximum context length is 128000 tokens. However, your messages "
                + "resulted in 130532 tokens. Please reduce the length of the messages.", "invalid_request_error",
                "context_length_exceeded"));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.PromptTooLong(130532L, 128000L));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aContextLengthErrorWithCompactionDropsTheOldestTurnAndRetriesOnce() {
        // given: two tool turns, then the prompt is refused for a window of 100 tokens
        server.enqueue(toolCalls(SMALL, "call_1", "weather", "{\"city\":\"Oslo\"}"),
                toolCalls(SMALL, "call_2", "weather", "{\"city\":\"Bergen\"}"),
                error(400, "This model's maximum context length is 100 tokens. However, your messages resulted in "
                        + "140 tokens.", "invalid_request_error", "context_length_exceeded"),
                text("Wear a coat.", "stop", SMALL));

        // when
        RunResult result = run(quickRetries(), Compaction.custom().build());

        // then: the retried request no longer has the first turn
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        List<Received> requests = server.requests();
        assertThat(requests).hasSize(4);
        assertThat(requests.get(2).body()).contains("call_1").contains("call_2");
        assertThat(requests.get(3).body()).doesNotContain("call_1").contains("call_2");
        assertThat(requests.get(3).json().get("messages")).hasSize(3);
    }

    @Test
    void finishReasonLengthOnAnAnswerEndsOutputTruncatedWithTheCapSent() {
        // given
        server.enqueue(text("Wear a co", "length", SMALL));

        // when
        RunResult result = run(AgentConfig.custom().retryPolicy(TWO_QUICK_RETRIES).maxOutputTokens(50).build());

        // then
        assertThat(result).endedWith(new Termination.OutputTruncated(50));
        JsonNode body = server.requests().getFirst().json();
        assertThat(body.has("max_completion_tokens") ? body.get("max_completion_tokens").asInt()
                : body.get("max_tokens").asInt()).isEqualTo(50);
    }

    @Test
    void finishReasonContentFilterEndsAgentRefused() {
        // given
        server.enqueue(text("", "content_filter", SMALL));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.AgentRefused("agent", "content_filter"));
    }

    @Test
    void aContentFilterErrorEndsAgentRefused() {
        // given: the error Azure OpenAI sends when its filter blocks the prompt
        server.enqueue(error(400, "The response was filtered due to the prompt triggering Azure OpenAI's content "
                + "management policy.", null, "content_filter"));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.AgentRefused("agent", "content_filter"));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aRefusalEndsAgentRefusedAsTheContentFilterLangChain4jReportsItAs() {
        // given: a structured-outputs refusal, which LangChain4j's client throws as a ContentFilteredException
        server.enqueue(refusal("I can't help with that.", SMALL));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.AgentRefused("agent", "content_filter"));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void argumentsThatAreNotJsonAreAnsweredAsAnInvalidArgumentsMistakeAndTheToolDoesNotRun() {
        // given: the model's arguments are cut off
        server.enqueue(toolCalls(SMALL, "call_1", "weather", "{\"city\": \"Osl"),
                text("Wear a coat.", "stop", SMALL));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(weatherCalls).isEmpty();
        JsonNode messages = server.requests().get(1).json().get("messages");
        assertThat(messages.get(1).get("tool_calls").get(0).get("function").get("arguments").asText())
                .isEqualTo("{\"$invalid_arguments\":\"{\\\"city\\\": \\\"Osl\"}");
        assertThat(messages.get(2).get("content").asText())
                .isEqualTo("Error: invalid arguments: the arguments are not a JSON object: {\"city\": \"Osl");
    }

    @Test
    void theResponseSchemaIsSentAsAJsonSchemaResponseFormat() {
        // given: an agent whose answer must match a schema
        Map<String, @Nullable Object> schema = Map.of("type", "object",
                "properties", Map.of("advice", Map.of("type", "string")), "required", List.of("advice"));
        OutputValidator advice = new OutputValidator() {
            @Override
            public Map<String, @Nullable Object> schema() {
                return schema;
            }

            @Override
            public OutputCheck check(String output) {
                return new OutputCheck.Valid(output);
            }
        };
        server.enqueue(text("{\"advice\":\"Wear a coat.\"}", "stop", SMALL));
        LangChain4jModel model = LangChain4jModels.openAiNonStreaming("gpt-4o-mini", KEY, ProviderSettings.custom().baseUrl(server.baseUrl()).build());

        // when
        RunResult result = Agent.builder(model).config(quickRetries()).outputValidator(advice).build()
                .run("What should I wear?");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        JsonNode format = server.requests().getFirst().json().get("response_format");
        assertThat(format.get("type").asText()).isEqualTo("json_schema");
        assertThat(format.get("json_schema").get("name").asText()).isEqualTo("response");
        JsonNode sent = format.get("json_schema").get("schema");
        assertThat(sent.get("type").asText()).isEqualTo("object");
        assertThat(sent.get("properties").get("advice").get("type").asText()).isEqualTo("string");
        assertThat(sent.get("required").get(0).asText()).isEqualTo("advice");
    }
}
