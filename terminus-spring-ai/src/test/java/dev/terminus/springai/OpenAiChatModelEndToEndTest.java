package dev.terminus.springai;

import static dev.terminus.springai.fake.OpenAiReplies.error;
import static dev.terminus.springai.fake.OpenAiReplies.refusal;
import static dev.terminus.springai.fake.OpenAiReplies.text;
import static dev.terminus.springai.fake.OpenAiReplies.toolCalls;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.test.WeatherTool;
import dev.terminus.agent.Usage;
import dev.terminus.springai.fake.LoopbackOpenAi;
import dev.terminus.springai.fake.LoopbackOpenAi.Received;
import dev.terminus.springai.fake.OpenAiReplies.Tokens;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;

/**
 * Agent runs on Spring AI's real OpenAI client ({@code OpenAiChatModel} on the OpenAI SDK, its own retries off)
 * answering whole, over HTTP, against a loopback server speaking OpenAI's API. (Streamed answers are in
 * {@link SpringAiStreamingModelTest}.)
 */
@Timeout(30)
class OpenAiChatModelEndToEndTest {
    static final String KEY = "sk-test-0123456789";
    private static final Tokens SMALL = new Tokens(10, 5, 0);
    private static final RetryPolicy TWO_QUICK_RETRIES =
            new RetryPolicy(2, Duration.ofMillis(1), Duration.ofMillis(2), 0);

    private final LoopbackOpenAi server = new LoopbackOpenAi();
    private final WeatherTool weatherTool = new WeatherTool();
    private final List<Map<String, @Nullable Object>> weatherCalls = weatherTool.calls();
    private final Tool weather = weatherTool.tool();

    @AfterEach
    void stopServer() {
        server.close();
    }

    /** Spring AI's OpenAI client for the loopback server, with the OpenAI SDK's own retries off. */
    static OpenAiChatModel openAi(LoopbackOpenAi server) {
        return OpenAiChatModel.builder()
                .options(OpenAiChatOptions.builder()
                        .baseUrl(server.baseUrl())
                        .apiKey(KEY)
                        .model("gpt-4o-mini")
                        .maxRetries(0)
                        .build())
                .build();
    }

    private RunResult run(AgentConfig config) {
        return Agent.builder(SpringAiModel.of(openAi(server))).config(config).tool(weather).build()
                .run("What should I wear in Oslo?");
    }

    private static AgentConfig quickRetries() {
        return AgentConfig.custom().retryPolicy(TWO_QUICK_RETRIES).build();
    }

    @Test
    void anAnswerCompletesNaturallyWithTheProvidersUsage() {
        // given
        server.enqueue(text("Wear a coat.", "stop", new Tokens(120, 8, 100)));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(1);
        assertThat(result.finalAnswer()).contains("Wear a coat.");
        assertThat(result.usage()).isEqualTo(new Usage(120, 8, 100, 0));
        Received request = server.requests().getFirst();
        assertThat(request.path()).isEqualTo(LoopbackOpenAi.PATH);
        assertThat(request.headers().get("authorization")).isEqualTo("Bearer " + KEY);
        assertThat(request.json().get("model").asText()).isEqualTo("gpt-4o-mini");
        assertThat(request.json().get("messages").get(0).get("content").asText())
                .isEqualTo("What should I wear in Oslo?");
    }

    @Test
    void aToolCallIsRunByTheTerminusLoopWhichSendsItsResultBackForTheFinalAnswer() {
        // given
        server.enqueue(toolCalls(new Tokens(100, 20, 0), "call_1", "weather", "{\"city\":\"Oslo\"}"),
                text("Wear a coat.", "stop", new Tokens(150, 10, 0)));

        // when
        RunResult result = run(quickRetries());

        // then: the loop ran the tool once and made the second call itself, with the tool's result
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).hasIterations(2);
        assertThat(result.finalAnswer()).contains("Wear a coat.");
        assertThat(result.usage()).isEqualTo(new Usage(250, 30, 0, 0));
        assertThat(weatherCalls).containsExactly(Map.of("city", "Oslo"));
        assertThat(result.transcript()).anySatisfy(message -> assertThat(message)
                .isEqualTo(new Message.ToolResult("call_1", "weather", "Oslo: 4°C, rain", false)));
        List<Received> requests = server.requests();
        assertThat(requests).hasSize(2);
        JsonNode function = requests.getFirst().json().get("tools").get(0).get("function");
        assertThat(function.get("name").asText()).isEqualTo("weather");
        assertThat(function.get("description").asText()).isEqualTo("Today's weather in a city");
        assertThat(function.get("parameters").get("properties").get("city").get("type").asText()).isEqualTo("string");
        assertThat(function.get("parameters").get("required").get(0).asText()).isEqualTo("city");
        JsonNode messages = requests.get(1).json().get("messages");
        assertThat(messages).hasSize(3);
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
        server.enqueue(error(401, "Incorrect API key provided", "invalid_request_error", "invalid_api_key"));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.ProviderAuthFailed("openai", 401));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void a403EndsTheRunProviderAuthFailedWithoutARetry() {
        // given
        server.enqueue(error(403, "Project does not have access to model gpt-4o-mini", "invalid_request_error",
                "model_not_found"));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.ProviderAuthFailed("openai", 403));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void a429ThenAnAnswerCompletesAfterTheLoopRetriedOnce() {
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
    void a500ThenAnAnswerCompletesAfterTheLoopRetriedOnce() {
        // given
        server.enqueue(error(500, "The server had an error", "server_error", "internal_error"),
                text("Wear a coat.", "stop", SMALL));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void finishReasonLengthEndsOutputTruncatedWithTheCapSent() {
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
    void aContentFilterErrorEndsAgentRefusedWithoutARetry() {
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
    void aRefusalEndsAgentRefused() {
        // given: a structured-outputs refusal in message.refusal
        server.enqueue(refusal("I can't help with that.", SMALL));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(Termination.AgentRefused.class);
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aContextLengthErrorEndsPromptTooLongWithTheProvidersNumbers() {
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
    void argumentsThatAreNotJsonAreAnsweredAsAnInvalidArgumentsMistakeAndTheToolDoesNotRun() {
        // given: the model's arguments are cut off
        server.enqueue(toolCalls(SMALL, "call_1", "weather", "{\"city\": \"Osl"), text("Wear a coat.", "stop", SMALL));

        // when
        RunResult result = run(quickRetries());

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(weatherCalls).isEmpty();
        JsonNode toolResult = server.requests().get(1).json().get("messages").get(2);
        assertThat(toolResult.get("tool_call_id").asText()).isEqualTo("call_1");
        assertThat(toolResult.get("content").asText()).containsIgnoringCase("json");
    }
}
