package dev.terminus.langchain4j;

import dev.langchain4j.model.chat.ChatModel;
import dev.terminus.Preconditions;
import dev.terminus.langchain4j.internal.ProviderClients;
import dev.terminus.langchain4j.internal.ProviderHttpClient;
import java.time.Duration;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Terminus models on the real providers, through LangChain4j's clients: OpenAI (and any server that speaks its chat
 * completions API), Anthropic, and Ollama. Each client is built with its own retries off, so the loop's
 * {@code RetryPolicy} is the only one; with request and response logging off, so the API key is never logged; and
 * with a timeout ({@link ProviderSettings#DEFAULT_TIMEOUT} unless set) that the loop reports as a retryable
 * {@code Timeout}. The API key is kept out of {@code toString}, of error messages and of logs. Each model has an HTTP
 * client of its own, which keeps a provider's {@code Retry-After} for the loop's retry, aborts a call whose run
 * stopped (its connection closed at once), and is shut down by {@link LangChain4jModel#close()}: close a model you
 * are done with, or its pooled connections stay open until it is garbage collected.
 *
 * <p>The clients are optional dependencies of this module: add {@code dev.langchain4j:langchain4j-open-ai} for
 * {@link #openAi} and {@link #ollama}, {@code dev.langchain4j:langchain4j-anthropic} for {@link #anthropic}. A user
 * who wraps a {@code ChatModel} of their own with {@link LangChain4jModel#of(ChatModel)} needs neither.
 *
 * {@snippet :
 * // given: String proxyKey
 * Model model = LangChain4jModels.openAi("gpt-4o-mini", System.getenv("OPENAI_API_KEY"));
 * Model claude = LangChain4jModels.anthropic("claude-sonnet-4-5", System.getenv("ANTHROPIC_API_KEY"));
 * Model local = LangChain4jModels.ollama("llama3.2");
 * Model proxied = LangChain4jModels.openAi("gpt-4o-mini", proxyKey,
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
     * An OpenAI model on OpenAI's API, with the default timeout.
     *
     * @param modelName the model (e.g. {@code gpt-4o-mini})
     * @param apiKey the API key, sent as {@code Authorization: Bearer}
     * @return the model, provider {@code openai}
     * @throws IllegalArgumentException when the name or key is blank
     * @throws IllegalStateException when {@code langchain4j-open-ai} is not on the class path
     */
    public static LangChain4jModel openAi(String modelName, String apiKey) {
        return openAi(modelName, apiKey, ProviderSettings.ofDefaults());
    }

    /**
     * An OpenAI model, or one behind any server with OpenAI's chat completions API.
     *
     * @param modelName the model
     * @param apiKey the API key
     * @param settings the base URL (the part before {@code chat/completions}) and the timeout
     * @return the model, provider {@code openai}
     * @throws IllegalArgumentException when the name or key is blank
     * @throws IllegalStateException when {@code langchain4j-open-ai} is not on the class path
     */
    public static LangChain4jModel openAi(String modelName, String apiKey, ProviderSettings settings) {
        return keyed("openai", "openAi", "langchain4j-open-ai", OPENAI_BASE_URL, modelName, apiKey, settings,
                ProviderClients::openAi);
    }

    /**
     * An Anthropic model on Anthropic's API, with the default timeout. Calls without an output cap get
     * {@link #DEFAULT_ANTHROPIC_MAX_TOKENS}.
     *
     * @param modelName the model (e.g. {@code claude-sonnet-4-5})
     * @param apiKey the API key, sent as {@code x-api-key}
     * @return the model, provider {@code anthropic}
     * @throws IllegalArgumentException when the name or key is blank
     * @throws IllegalStateException when {@code langchain4j-anthropic} is not on the class path
     */
    public static LangChain4jModel anthropic(String modelName, String apiKey) {
        return anthropic(modelName, apiKey, ProviderSettings.ofDefaults());
    }

    /**
     * An Anthropic model. Calls without an output cap get {@link #DEFAULT_ANTHROPIC_MAX_TOKENS}.
     *
     * @param modelName the model
     * @param apiKey the API key
     * @param settings the base URL (the part before {@code messages}) and the timeout
     * @return the model, provider {@code anthropic}
     * @throws IllegalArgumentException when the name or key is blank
     * @throws IllegalStateException when {@code langchain4j-anthropic} is not on the class path
     */
    public static LangChain4jModel anthropic(String modelName, String apiKey, ProviderSettings settings) {
        return keyed("anthropic", "anthropic", "langchain4j-anthropic", ANTHROPIC_BASE_URL, modelName, apiKey, settings,
                (url, model, key, timeout, http) -> ProviderClients.anthropic(url, model, key, timeout,
                        DEFAULT_ANTHROPIC_MAX_TOKENS, http));
    }

    /**
     * A model served by a local Ollama server, through its OpenAI-compatible API ({@code /v1/chat/completions}),
     * with the default timeout. No API key is needed.
     *
     * @param modelName the model (e.g. {@code llama3.2})
     * @return the model, provider {@code ollama}
     * @throws IllegalArgumentException when the name is blank
     * @throws IllegalStateException when {@code langchain4j-open-ai} is not on the class path
     */
    public static LangChain4jModel ollama(String modelName) {
        return ollama(modelName, ProviderSettings.ofDefaults());
    }

    /**
     * A model served by Ollama, through its OpenAI-compatible API.
     *
     * @param modelName the model
     * @param settings the server (e.g. {@code http://gpu-box:11434}) and the timeout
     * @return the model, provider {@code ollama}
     * @throws IllegalArgumentException when the name is blank
     * @throws IllegalStateException when {@code langchain4j-open-ai} is not on the class path
     */
    public static LangChain4jModel ollama(String modelName, ProviderSettings settings) {
        Preconditions.notBlank(modelName, "modelName");
        String server = Preconditions.notNull(settings, "settings").baseUrl().orElse(OLLAMA_BASE_URL);
        String api = (server.endsWith("/") ? server : server + "/") + "v1";
        // Ollama ignores the key; the OpenAI client sends one
        return model("ollama", "langchain4j-open-ai", modelName, "ollama", null, settings.timeout(),
                http -> ProviderClients.openAi(api, modelName, "ollama", settings.timeout(), http));
    }

    /** Builds a provider client from a URL, a model name, a key, a timeout and where its HTTP clients come from. */
    @FunctionalInterface
    private interface ClientFactory {
        ChatModel build(String url, String modelName, String key, Duration timeout, ProviderHttpClient.Builder http);
    }

    /** A model of a provider that takes an API key: the arguments checked, the client built, the key kept secret. */
    private static LangChain4jModel keyed(String provider, String factory, String artifact, String defaultUrl,
            String modelName, String apiKey, ProviderSettings settings, ClientFactory clients) {
        Preconditions.notBlank(modelName, "modelName");
        String key = key(apiKey);
        String url = Preconditions.notNull(settings, "settings").baseUrl().orElse(defaultUrl);
        return model(factory, artifact, modelName, provider, key, settings.timeout(),
                http -> clients.build(url, modelName, key, settings.timeout(), http));
    }

    /**
     * Builds a client on HTTP clients of its own, which the model closes, naming the optional artifact it needs when
     * it is missing.
     */
    private static LangChain4jModel model(String factory, String artifact, String modelName, String provider,
            @Nullable String key, Duration timeout, Function<ProviderHttpClient.Builder, ChatModel> build) {
        try {
            ProviderHttpClient.Builder http = ProviderHttpClient.builder(timeout);
            ChatModel chatModel;
            try {
                chatModel = build.apply(http);
            } catch (RuntimeException | Error e) {
                http.close();
                throw e;
            }
            return LangChain4jModel.of(chatModel, modelName, provider, key, http);
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
