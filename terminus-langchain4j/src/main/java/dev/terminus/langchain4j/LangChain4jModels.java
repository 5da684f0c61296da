package dev.terminus.langchain4j;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.terminus.Preconditions;
import dev.terminus.langchain4j.internal.ProviderClients;
import dev.terminus.langchain4j.internal.ProviderHttpClient;
import java.time.Duration;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Terminus models on the real providers, through LangChain4j's clients: OpenAI (and any server that speaks its chat
 * completions API), Anthropic, and Ollama. The models stream ({@link LangChain4jStreamingModel}): the answer's text
 * reaches the run's listeners as the provider writes it, a stream silent for the agent's {@code streamIdleTimeout} is
 * a retryable {@code Timeout}, and a call the run stops is cancelled on the wire. The {@code ...NonStreaming}
 * factories build the same clients for whole answers ({@link LangChain4jModel}), for a server that cannot stream.
 *
 * <p>Each client is built with its own retries off, so the loop's {@code RetryPolicy} is the only one; with request
 * and response logging off, so the API key is never logged; and with a timeout ({@link ProviderSettings#DEFAULT_TIMEOUT}
 * unless set) that the loop reports as a retryable {@code Timeout}. The API key is kept out of {@code toString}, of
 * error messages and of logs. Each model has an HTTP client of its own, which keeps a provider's {@code Retry-After}
 * for the loop's retry, aborts a call whose run stopped (its connection closed at once), and is shut down by the
 * model's {@code close()}: close a model you are done with, or its pooled connections stay open until it is garbage
 * collected.
 *
 * <p>The clients are optional dependencies of this module: add {@code dev.langchain4j:langchain4j-open-ai} for
 * {@link #openAi} and {@link #ollama}, {@code dev.langchain4j:langchain4j-anthropic} for {@link #anthropic}. A user
 * who wraps a {@code ChatModel} or {@code StreamingChatModel} of their own with {@link LangChain4jModel#of} needs
 * neither.
 *
 * {@snippet :
 * // given: String proxyKey
 * StreamingModel model = LangChain4jModels.openAi("gpt-4o-mini", System.getenv("OPENAI_API_KEY"));
 * StreamingModel claude = LangChain4jModels.anthropic("claude-sonnet-4-5", System.getenv("ANTHROPIC_API_KEY"));
 * StreamingModel local = LangChain4jModels.ollama("llama3.2");
 * Model proxied = LangChain4jModels.openAiNonStreaming("gpt-4o-mini", proxyKey,
 *         ProviderSettings.custom().baseUrl("https://llm-proxy.internal/v1").build());
 * RunResult result = Agent.builder(model).build().run("Say hello");
 * }
 */
public final class LangChain4jModels {
    /** The output cap of Anthropic calls when the agent sets none (Anthropic requires one). */
    public static final int DEFAULT_ANTHROPIC_MAX_TOKENS = 4096;
    /** OpenAI's API, the base URL of {@link #openAi} unless set. */
    public static final String OPENAI_BASE_URL = "https://api.openai.com/v1";
    /** Anthropic's API, the base URL of {@link #anthropic} unless set. */
    public static final String ANTHROPIC_BASE_URL = "https://api.anthropic.com/v1/";
    /** A local Ollama server, the base URL of {@link #ollama} unless set. */
    public static final String OLLAMA_BASE_URL = "http://localhost:11434";

    private LangChain4jModels() {}

    /**
     * A streaming OpenAI model on OpenAI's API, with the default timeout.
     *
     * @param modelName the model (e.g. {@code gpt-4o-mini})
     * @param apiKey the API key, sent as {@code Authorization: Bearer}
     * @return the model, provider {@code openai}
     * @throws IllegalArgumentException when the name or key is blank
     * @throws IllegalStateException when {@code langchain4j-open-ai} is not on the class path
     */
    public static LangChain4jStreamingModel openAi(String modelName, String apiKey) {
        return openAi(modelName, apiKey, ProviderSettings.ofDefaults());
    }

    /**
     * A streaming OpenAI model, or one behind any server with OpenAI's chat completions API.
     *
     * @param modelName the model
     * @param apiKey the API key
     * @param settings the base URL (the part before {@code chat/completions}) and the timeout
     * @return the model, provider {@code openai}
     * @throws IllegalArgumentException when the name or key is blank
     * @throws IllegalStateException when {@code langchain4j-open-ai} is not on the class path
     */
    public static LangChain4jStreamingModel openAi(String modelName, String apiKey, ProviderSettings settings) {
        Client client = keyed(OPENAI_BASE_URL, modelName, apiKey, settings);
        return streaming("openAi", "langchain4j-open-ai", client, "openai", true,
                http -> ProviderClients.openAiStreaming(client.url, modelName, client.key, client.timeout, http));
    }

    /**
     * An OpenAI model answering whole, not streamed, for a server that cannot stream.
     *
     * @param modelName the model
     * @param apiKey the API key
     * @param settings the base URL (the part before {@code chat/completions}) and the timeout
     * @return the model, provider {@code openai}
     * @throws IllegalArgumentException when the name or key is blank
     * @throws IllegalStateException when {@code langchain4j-open-ai} is not on the class path
     */
    public static LangChain4jModel openAiNonStreaming(String modelName, String apiKey, ProviderSettings settings) {
        Client client = keyed(OPENAI_BASE_URL, modelName, apiKey, settings);
        return whole("openAiNonStreaming", "langchain4j-open-ai", client, "openai",
                http -> ProviderClients.openAi(client.url, modelName, client.key, client.timeout, http));
    }

    /**
     * A streaming Anthropic model on Anthropic's API, with the default timeout. Calls without an output cap get
     * {@link #DEFAULT_ANTHROPIC_MAX_TOKENS}.
     *
     * @param modelName the model (e.g. {@code claude-sonnet-4-5})
     * @param apiKey the API key, sent as {@code x-api-key}
     * @return the model, provider {@code anthropic}
     * @throws IllegalArgumentException when the name or key is blank
     * @throws IllegalStateException when {@code langchain4j-anthropic} is not on the class path
     */
    public static LangChain4jStreamingModel anthropic(String modelName, String apiKey) {
        return anthropic(modelName, apiKey, ProviderSettings.ofDefaults());
    }

    /**
     * A streaming Anthropic model. Calls without an output cap get {@link #DEFAULT_ANTHROPIC_MAX_TOKENS}.
     *
     * @param modelName the model
     * @param apiKey the API key
     * @param settings the base URL (the part before {@code messages}) and the timeout
     * @return the model, provider {@code anthropic}
     * @throws IllegalArgumentException when the name or key is blank
     * @throws IllegalStateException when {@code langchain4j-anthropic} is not on the class path
     */
    public static LangChain4jStreamingModel anthropic(String modelName, String apiKey, ProviderSettings settings) {
        Client client = keyed(ANTHROPIC_BASE_URL, modelName, apiKey, settings);
        return streaming("anthropic", "langchain4j-anthropic", client, "anthropic", false,
                http -> ProviderClients.anthropicStreaming(client.url, modelName, client.key, client.timeout,
                        DEFAULT_ANTHROPIC_MAX_TOKENS, http));
    }

    /**
     * An Anthropic model answering whole, not streamed. Calls without an output cap get
     * {@link #DEFAULT_ANTHROPIC_MAX_TOKENS}.
     *
     * @param modelName the model
     * @param apiKey the API key
     * @param settings the base URL (the part before {@code messages}) and the timeout
     * @return the model, provider {@code anthropic}
     * @throws IllegalArgumentException when the name or key is blank
     * @throws IllegalStateException when {@code langchain4j-anthropic} is not on the class path
     */
    public static LangChain4jModel anthropicNonStreaming(String modelName, String apiKey, ProviderSettings settings) {
        Client client = keyed(ANTHROPIC_BASE_URL, modelName, apiKey, settings);
        return whole("anthropicNonStreaming", "langchain4j-anthropic", client, "anthropic",
                http -> ProviderClients.anthropic(client.url, modelName, client.key, client.timeout,
                        DEFAULT_ANTHROPIC_MAX_TOKENS, http));
    }

    /**
     * A streaming model served by a local Ollama server, through its OpenAI-compatible API
     * ({@code /v1/chat/completions}), with the default timeout. No API key is needed.
     *
     * @param modelName the model (e.g. {@code llama3.2})
     * @return the model, provider {@code ollama}
     * @throws IllegalArgumentException when the name is blank
     * @throws IllegalStateException when {@code langchain4j-open-ai} is not on the class path
     */
    public static LangChain4jStreamingModel ollama(String modelName) {
        return ollama(modelName, ProviderSettings.ofDefaults());
    }

    /**
     * A streaming model served by Ollama, through its OpenAI-compatible API (LangChain4j's OpenAI client, so no
     * Ollama artifact is needed).
     *
     * @param modelName the model
     * @param settings the server (e.g. {@code http://gpu-box:11434}) and the timeout
     * @return the model, provider {@code ollama}
     * @throws IllegalArgumentException when the name is blank
     * @throws IllegalStateException when {@code langchain4j-open-ai} is not on the class path
     */
    public static LangChain4jStreamingModel ollama(String modelName, ProviderSettings settings) {
        Client client = ollamaClient(modelName, settings);
        return streaming("ollama", "langchain4j-open-ai", client, "ollama", true,
                http -> ProviderClients.openAiStreaming(client.url, modelName, client.key, client.timeout, http));
    }

    /**
     * A model served by Ollama answering whole, not streamed.
     *
     * @param modelName the model
     * @param settings the server (e.g. {@code http://gpu-box:11434}) and the timeout
     * @return the model, provider {@code ollama}
     * @throws IllegalArgumentException when the name is blank
     * @throws IllegalStateException when {@code langchain4j-open-ai} is not on the class path
     */
    public static LangChain4jModel ollamaNonStreaming(String modelName, ProviderSettings settings) {
        Client client = ollamaClient(modelName, settings);
        return whole("ollamaNonStreaming", "langchain4j-open-ai", client, "ollama",
                http -> ProviderClients.openAi(client.url, modelName, client.key, client.timeout, http));
    }

    /** Where a client sends its calls, with which key and timeout; the secret is the key to keep out of messages. */
    private record Client(String modelName, String url, String key, @Nullable String secret, Duration timeout) {}

    /** The arguments of a provider that takes an API key, checked. */
    private static Client keyed(String defaultUrl, String modelName, String apiKey, ProviderSettings settings) {
        Preconditions.notBlank(modelName, "modelName");
        String key = key(apiKey);
        String url = Preconditions.notNull(settings, "settings").baseUrl().orElse(defaultUrl);
        return new Client(modelName, url, key, key, settings.timeout());
    }

    /** Ollama's OpenAI-compatible API on the server of the settings; Ollama ignores the key the OpenAI client sends. */
    private static Client ollamaClient(String modelName, ProviderSettings settings) {
        Preconditions.notBlank(modelName, "modelName");
        String server = Preconditions.notNull(settings, "settings").baseUrl().orElse(OLLAMA_BASE_URL);
        return new Client(modelName, (server.endsWith("/") ? server : server + "/") + "v1", "ollama", null,
                settings.timeout());
    }

    private static LangChain4jStreamingModel streaming(String factory, String artifact, Client client, String provider,
            boolean jsonSchema, Function<ProviderHttpClient.Builder, StreamingChatModel> build) {
        return built(factory, artifact, client, build, (model, http) -> LangChain4jModel.streaming(model,
                client.modelName, provider, jsonSchema, client.secret, http));
    }

    private static LangChain4jModel whole(String factory, String artifact, Client client, String provider,
            Function<ProviderHttpClient.Builder, ChatModel> build) {
        return built(factory, artifact, client, build,
                (model, http) -> LangChain4jModel.of(model, client.modelName, provider, client.secret, http));
    }

    /**
     * Builds a client on HTTP clients of its own, which the model closes, naming the optional artifact it needs when
     * it is missing.
     */
    private static <C, M> M built(String factory, String artifact, Client client,
            Function<ProviderHttpClient.Builder, C> build, BiFunction<C, ProviderHttpClient.Builder, M> wrap) {
        try {
            ProviderHttpClient.Builder http = ProviderHttpClient.builder(client.timeout);
            C langchain4j;
            try {
                langchain4j = build.apply(http);
            } catch (RuntimeException | Error e) {
                http.close();
                throw e;
            }
            return wrap.apply(langchain4j, http);
        } catch (NoClassDefFoundError e) {
            throw new IllegalStateException("LangChain4jModels." + factory + " needs dev.langchain4j:" + artifact
                    + " on the class path (an optional dependency of terminus-langchain4j): add it to your build", e);
        }
    }

    /** Checks the key without ever showing it. */
    private static String key(String apiKey) {
        Preconditions.notNull(apiKey, "apiKey");
        if (apiKey.isBlank()) {
            throw new IllegalArgumentException("apiKey must not be blank");
        }
        return apiKey;
    }
}
