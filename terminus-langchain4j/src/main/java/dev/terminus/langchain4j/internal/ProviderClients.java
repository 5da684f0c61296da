package dev.terminus.langchain4j.internal;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import java.time.Duration;

/**
 * Builds LangChain4j's provider clients, whole-answer and streaming, with their own retries off (the loop's
 * {@code RetryPolicy} is the only one; LangChain4j's streaming clients make no retries of their own), request and
 * response logging off (so a key is never logged), and HTTP through the {@link ProviderHttpClient}s of the builder
 * given, which keep the provider's {@code Retry-After}, abort a call on the wire, and are closed with the model. The
 * only class that names the clients of {@code langchain4j-open-ai} and {@code langchain4j-anthropic}, which are
 * optional: nothing loads them until a client of theirs is asked for.
 */
public final class ProviderClients {
    private ProviderClients() {}

    /**
     * @param baseUrl the API's base URL, to which {@code chat/completions} is appended
     * @param modelName the model
     * @param apiKey the key, sent as {@code Authorization: Bearer}
     * @param timeout how long one call may take
     * @param http where the client's HTTP clients come from
     * @return an OpenAI chat-completions client
     */
    public static ChatModel openAi(String baseUrl, String modelName, String apiKey, Duration timeout,
            ProviderHttpClient.Builder http) {
        return OpenAiChatModel.builder()
                .httpClientBuilder(http)
                .baseUrl(baseUrl)
                .apiKey(apiKey)
                .modelName(modelName)
                .timeout(timeout)
                .maxRetries(0)
                .logRequests(false)
                .logResponses(false)
                .supportedCapabilities(Capability.RESPONSE_FORMAT_JSON_SCHEMA)
                .build();
    }

    /**
     * @param baseUrl the API's base URL, to which {@code messages} is appended
     * @param modelName the model
     * @param apiKey the key, sent as {@code x-api-key}
     * @param timeout how long one call may take
     * @param maxTokens the output cap of calls that set none
     * @param http where the client's HTTP clients come from
     * @return an Anthropic messages client
     */
    public static ChatModel anthropic(String baseUrl, String modelName, String apiKey, Duration timeout,
            int maxTokens, ProviderHttpClient.Builder http) {
        return AnthropicChatModel.builder()
                .httpClientBuilder(http)
                .baseUrl(baseUrl)
                .apiKey(apiKey)
                .modelName(modelName)
                .maxTokens(maxTokens)
                .timeout(timeout)
                .maxRetries(0)
                .logRequests(false)
                .logResponses(false)
                .build();
    }

    /**
     * @param baseUrl the API's base URL, to which {@code chat/completions} is appended
     * @param modelName the model
     * @param apiKey the key, sent as {@code Authorization: Bearer}
     * @param timeout how long connecting and waiting for the answer to start may take (a stream that falls silent
     *     after it started is the loop's to end, by its {@code streamIdleTimeout})
     * @param http where the client's HTTP clients come from
     * @return an OpenAI chat-completions client that streams ({@code "stream": true}), asking for the usage in the
     *     stream's last chunk
     */
    public static StreamingChatModel openAiStreaming(String baseUrl, String modelName, String apiKey, Duration timeout,
            ProviderHttpClient.Builder http) {
        return OpenAiStreamingChatModel.builder()
                .httpClientBuilder(http)
                .baseUrl(baseUrl)
                .apiKey(apiKey)
                .modelName(modelName)
                .timeout(timeout)
                .logRequests(false)
                .logResponses(false)
                .build();
    }

    /**
     * @param baseUrl the API's base URL, to which {@code messages} is appended
     * @param modelName the model
     * @param apiKey the key, sent as {@code x-api-key}
     * @param timeout how long connecting and waiting for the answer to start may take (a stream that falls silent
     *     after it started is the loop's to end, by its {@code streamIdleTimeout})
     * @param maxTokens the output cap of calls that set none
     * @param http where the client's HTTP clients come from
     * @return an Anthropic messages client that streams ({@code "stream": true})
     */
    public static StreamingChatModel anthropicStreaming(String baseUrl, String modelName, String apiKey,
            Duration timeout, int maxTokens, ProviderHttpClient.Builder http) {
        return AnthropicStreamingChatModel.builder()
                .httpClientBuilder(http)
                .baseUrl(baseUrl)
                .apiKey(apiKey)
                .modelName(modelName)
                .maxTokens(maxTokens)
                .timeout(timeout)
                .logRequests(false)
                .logResponses(false)
                .build();
    }
}
