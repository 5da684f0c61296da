package dev.terminus.langchain4j;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.terminus.internal.Checks;
import java.net.URI;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Terminus models on the real providers, through LangChain4j's clients: OpenAI (and any server that speaks its chat
 * completions API), Anthropic, and Ollama. Each client is built with its own retries off, so the loop's
 * {@code RetryPolicy} is the only one; with request and response logging off, so the API key is never logged; and
 * with a timeout ({@link #DEFAULT_TIMEOUT} unless given) that the loop reports as a retryable {@code Timeout}.
 * The API key is kept out of {@code toString}, of error messages and of logs.
 *
 * {@snippet :
 * Model model = LangChain4jModels.openAi(null, "gpt-4o-mini", System.getenv("OPENAI_API_KEY"));
 * Model claude = LangChain4jModels.anthropic(null, "claude-sonnet-4-5", System.getenv("ANTHROPIC_API_KEY"));
 * Model local = LangChain4jModels.ollama("http://localhost:11434", "llama3.2");
 * RunResult result = Agent.builder(model).build().run("Say hello");
 * }
 */
public final class LangChain4jModels {

    /** How long one model call may take, connecting included, unless a timeout is given. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
    /** The output cap of Anthropic calls when the agent sets none (Anthropic requires one). */
    public static final int DEFAULT_ANTHROPIC_MAX_TOKENS = 4096;
    /** OpenAI's API, the default base URL of {@link #openAi}. */
    public static final String OPENAI_BASE_URL = "https://api.openai.com/v1";
    /** Anthropic's API, the default base URL of {@link #anthropic}. */
    public static final String ANTHROPIC_BASE_URL = "https://api.anthropic.com/v1/";
    /** A local Ollama server, the default base URL of {@link #ollama}. */
    public static final String OLLAMA_BASE_URL = "http://localhost:11434";

    private LangChain4jModels() {}

    /**
     * An OpenAI model (or one behind any server with OpenAI's chat completions API), with the default timeout.
     *
     * @param baseUrl the API's base URL, to which {@code chat/completions} is appended (e.g.
     *     {@code https://api.openai.com/v1}); null for OpenAI's
     * @param modelName the model (e.g. {@code gpt-4o-mini})
     * @param apiKey the API key, sent as {@code Authorization: Bearer}
     * @return the model, provider {@code openai}
     * @throws IllegalArgumentException when the URL is not http(s), or the name or key is blank
     */
    public static LangChain4jModel openAi(@Nullable String baseUrl, String modelName, String apiKey) {
        return openAi(baseUrl, modelName, apiKey, DEFAULT_TIMEOUT);
    }

    /**
     * An OpenAI model with a timeout of its own. See {@link #openAi(String, String, String)}.
     *
     * @param baseUrl the API's base URL; null for OpenAI's
     * @param modelName the model
     * @param apiKey the API key
     * @param timeout how long one call may take (positive)
     * @return the model, provider {@code openai}
     */
    public static LangChain4jModel openAi(@Nullable String baseUrl, String modelName, String apiKey,
            Duration timeout) {
        return openAiCompatible("openai", baseUrl == null ? OPENAI_BASE_URL : url(baseUrl), modelName,
                key(apiKey), timeout);
    }

    /**
     * An Anthropic model, with the default timeout. Calls without an output cap get
     * {@link #DEFAULT_ANTHROPIC_MAX_TOKENS}.
     *
     * @param baseUrl the API's base URL, to which {@code messages} is appended (e.g.
     *     {@code https://api.anthropic.com/v1/}); null for Anthropic's
     * @param modelName the model (e.g. {@code claude-sonnet-4-5})
     * @param apiKey the API key, sent as {@code x-api-key}
     * @return the model, provider {@code anthropic}
     * @throws IllegalArgumentException when the URL is not http(s), or the name or key is blank
     */
    public static LangChain4jModel anthropic(@Nullable String baseUrl, String modelName, String apiKey) {
        return anthropic(baseUrl, modelName, apiKey, DEFAULT_TIMEOUT);
    }

    /**
     * An Anthropic model with a timeout of its own. See {@link #anthropic(String, String, String)}.
     *
     * @param baseUrl the API's base URL; null for Anthropic's
     * @param modelName the model
     * @param apiKey the API key
     * @param timeout how long one call may take (positive)
     * @return the model, provider {@code anthropic}
     */
    public static LangChain4jModel anthropic(@Nullable String baseUrl, String modelName, String apiKey,
            Duration timeout) {
        String url = baseUrl == null ? ANTHROPIC_BASE_URL : url(baseUrl);
        Checks.notBlank(modelName, "modelName");
        String key = key(apiKey);
        AnthropicChatModel chatModel = AnthropicChatModel.builder()
                .baseUrl(url)
                .apiKey(key)
                .modelName(modelName)
                .maxTokens(DEFAULT_ANTHROPIC_MAX_TOKENS)
                .timeout(positive(timeout))
                .maxRetries(0)
                .logRequests(false)
                .logResponses(false)
                .build();
        return LangChain4jModel.of(chatModel, modelName, "anthropic", key);
    }

    /**
     * A model served by Ollama, through its OpenAI-compatible API ({@code /v1/chat/completions}), with the default
     * timeout. No API key is needed.
     *
     * @param baseUrl the server (e.g. {@code http://localhost:11434}); null for a local one
     * @param modelName the model (e.g. {@code llama3.2})
     * @return the model, provider {@code ollama}
     * @throws IllegalArgumentException when the URL is not http(s) or the name is blank
     */
    public static LangChain4jModel ollama(@Nullable String baseUrl, String modelName) {
        return ollama(baseUrl, modelName, DEFAULT_TIMEOUT);
    }

    /**
     * A model served by Ollama, with a timeout of its own. See {@link #ollama(String, String)}.
     *
     * @param baseUrl the server; null for a local one
     * @param modelName the model
     * @param timeout how long one call may take (positive)
     * @return the model, provider {@code ollama}
     */
    public static LangChain4jModel ollama(@Nullable String baseUrl, String modelName, Duration timeout) {
        String server = baseUrl == null ? OLLAMA_BASE_URL : url(baseUrl);
        String api = (server.endsWith("/") ? server : server + "/") + "v1";
        // Ollama ignores the key; the OpenAI client sends one
        return openAiCompatible("ollama", api, modelName, "ollama", timeout);
    }

    private static LangChain4jModel openAiCompatible(String provider, String baseUrl, String modelName, String apiKey,
            Duration timeout) {
        Checks.notBlank(modelName, "modelName");
        OpenAiChatModel chatModel = OpenAiChatModel.builder()
                .baseUrl(baseUrl)
                .apiKey(apiKey)
                .modelName(modelName)
                .timeout(positive(timeout))
                .maxRetries(0)
                .logRequests(false)
                .logResponses(false)
                .supportedCapabilities(Capability.RESPONSE_FORMAT_JSON_SCHEMA)
                .build();
        return LangChain4jModel.of(chatModel, modelName, provider, "ollama".equals(provider) ? null : apiKey);
    }

    private static String url(String baseUrl) {
        URI uri;
        try {
            uri = URI.create(baseUrl);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("baseUrl must be an http(s) URL, was \"" + baseUrl + "\"", e);
        }
        if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
            throw new IllegalArgumentException("baseUrl must be an http(s) URL, was \"" + baseUrl + "\"");
        }
        return baseUrl;
    }

    /** Checks the key without ever showing it. */
    private static String key(String apiKey) {
        Checks.notNull(apiKey, "apiKey");
        if (apiKey.isBlank()) {
            throw new IllegalArgumentException("apiKey must not be blank");
        }
        return apiKey;
    }

    private static Duration positive(Duration timeout) {
        Checks.notNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
        return timeout;
    }
}
