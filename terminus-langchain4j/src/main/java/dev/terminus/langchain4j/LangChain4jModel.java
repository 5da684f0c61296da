package dev.terminus.langchain4j;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.terminus.Preconditions;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.langchain4j.internal.ClientLease;
import dev.terminus.langchain4j.internal.Errors;
import dev.terminus.langchain4j.internal.Messages;
import dev.terminus.langchain4j.internal.Requests;
import dev.terminus.langchain4j.internal.Responses;
import org.jspecify.annotations.Nullable;

/**
 * Any LangChain4j {@link ChatModel} as a Terminus {@link Model}, so an agent runs on a real provider and every
 * provider failure ends the run with its typed termination.
 *
 * <p>What is mapped, each way:
 * <ul>
 *   <li><b>messages:</b> system, user, assistant (with its tool calls) and tool results become LangChain4j's
 *       {@code SystemMessage}, {@code UserMessage}, {@code AiMessage} with {@code ToolExecutionRequest}s and
 *       {@code ToolExecutionResultMessage}; the answer comes back as an assistant message. Tool-call arguments arrive
 *       as JSON text and are read into plain Java values; text that is not a JSON object is kept under
 *       {@link #INVALID_ARGUMENTS} ({@code Model.INVALID_ARGUMENTS}) rather than dropped, so the loop refuses the
 *       call as an invalid-arguments mistake, whatever the tool's schema, and the model is told to correct it;</li>
 *   <li><b>tools:</b> each tool's JSON Schema becomes a LangChain4j {@code ToolSpecification}, typed where
 *       LangChain4j's schema types say the same and passed on as raw JSON where the schema says more; a schema that
 *       cannot be sent is an {@link IllegalArgumentException} naming the tool and the property;</li>
 *   <li><b>output:</b> {@link ModelRequest#maxOutputTokens()} as the request's output cap, and
 *       {@link ModelRequest#responseSchema()} as a JSON Schema response format when the model declares
 *       {@link Capability#RESPONSE_FORMAT_JSON_SCHEMA};</li>
 *   <li><b>usage:</b> input, output, cached-input and reasoning tokens, from the provider's own {@code TokenUsage}
 *       (OpenAI and Anthropic report the details);</li>
 *   <li><b>finish reasons:</b> stop, length, tool calls, content filter, and Anthropic's
 *       {@code stop_reason: "refusal"}; the loop ends a truncated answer {@code OutputTruncated} and a filtered or
 *       refused one {@code AgentRefused};</li>
 *   <li><b>errors:</b> 401/403 as {@link ModelException.AuthenticationFailed}, 429 as
 *       {@link ModelException.RateLimited}, 5xx as {@link ModelException.ServerError}, timeouts and broken
 *       connections as {@link ModelException.Timeout}, a prompt too long as
 *       {@link ModelException.ContextLengthExceeded} (with the numbers the provider gives), a content-filter error or
 *       LangChain4j's {@code ContentFilteredException} (which its OpenAI client throws for {@code message.refusal})
 *       as {@link ModelException.Refused}, any other 4xx (an unknown model, a request the provider cannot take) as
 *       {@link ModelException.ClientError}; anything else as it was thrown. No message holds the API key.</li>
 * </ul>
 *
 * <p>The loop retries transient failures with its own {@code RetryPolicy}: build the {@code ChatModel} with its own
 * retries off ({@code maxRetries(0)}), or every failure is retried twice over. {@link LangChain4jModels} builds the
 * OpenAI, Anthropic and Ollama clients that way.
 *
 * {@snippet :
 * // given: class WeatherTools
 * ChatModel chatModel = OpenAiChatModel.builder()
 *         .apiKey(System.getenv("OPENAI_API_KEY"))
 *         .modelName("gpt-4o-mini")
 *         .maxRetries(0)                                   // the loop retries, not the client
 *         .build();
 * Agent agent = Agent.builder(LangChain4jModel.of(chatModel))
 *         .tools(Tools.fromMethods(new WeatherTools()))
 *         .build();
 * RunResult result = agent.run("What should I wear in Oslo today?");
 * }
 *
 * <p>A LangChain4j {@code StreamingChatModel} is wrapped by {@link #of(StreamingChatModel)}, as a
 * {@link LangChain4jStreamingModel} that maps all of the above the same way and streams the answer's text to the run's
 * listeners as it is written; the models of {@link LangChain4jModels} stream.
 *
 * <p>{@link #close()} releases what {@link LangChain4jModels} built for the model (its HTTP client's connections and
 * threads); a model wrapping a {@code ChatModel} of your own has nothing of its own to release.
 *
 * Thread-safe when the {@code ChatModel} is (LangChain4j's are).
 */
public final class LangChain4jModel implements Model, AutoCloseable {

    /**
     * The key under which a tool call's arguments that are not a JSON object are kept, as the model wrote them:
     * {@code {"$invalid_arguments": "{\"city\": \"Osl"}}.
     */
    public static final String INVALID_ARGUMENTS = Messages.INVALID_ARGUMENTS;

    private final ChatModel chatModel;
    private final String name;
    private final String provider;
    private final boolean jsonSchema;
    /** The API key to cut out of error messages; never shown. */
    private final @Nullable String secret;
    /** What {@link LangChain4jModels} built for this model alone, released by {@link #close()}. */
    private final ClientLease lease;

    private LangChain4jModel(ChatModel chatModel, String name, String provider, @Nullable String secret,
            @Nullable AutoCloseable owned) {
        this.chatModel = chatModel;
        this.name = name;
        this.provider = provider;
        this.secret = secret;
        this.lease = new ClientLease(owned);
        this.jsonSchema = chatModel.supportedCapabilities().contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
    }

    /**
     * Wraps a LangChain4j chat model, with the model's name and provider as the model itself reports them: the name
     * from {@code chatModel.defaultRequestParameters().modelName()}, the provider from {@code chatModel.provider()}
     * in lower case without underscores ({@code OPEN_AI} is {@code openai}, {@code ANTHROPIC} is {@code anthropic},
     * {@code AZURE_OPEN_AI} is {@code azureopenai}).
     *
     * {@snippet :
     * // given: String key
     * ChatModel chatModel = OpenAiChatModel.builder().apiKey(key).modelName("gpt-4o-mini").maxRetries(0).build();
     * Model model = LangChain4jModel.of(chatModel);   // name "gpt-4o-mini", provider "openai"
     * }
     *
     * @param chatModel the model, built with its own retries off ({@code maxRetries(0)}) and a model name
     * @return the Terminus model
     * @throws NullPointerException when the model is null
     * @throws IllegalArgumentException when the model reports no model name (name it with
     *     {@link #of(ChatModel, String, String)})
     */
    public static LangChain4jModel of(ChatModel chatModel) {
        Preconditions.notNull(chatModel, "chatModel");
        return of(chatModel, reportedName(chatModel.defaultRequestParameters(), "chatModel"),
                reportedProvider(chatModel.provider()), null, null);
    }

    /**
     * Wraps a LangChain4j streaming chat model, with the model's name and provider as the model itself reports them
     * (as {@link #of(ChatModel)} reads them): the answer streams, piece by piece, to the run's listeners, and a call
     * the run stops is cancelled on the wire (see {@link LangChain4jStreamingModel}).
     *
     * {@snippet :
     * // given: String key
     * StreamingChatModel client = OpenAiStreamingChatModel.builder().apiKey(key).modelName("gpt-4o-mini").build();
     * StreamingModel model = LangChain4jModel.of(client);   // name "gpt-4o-mini", provider "openai"
     * }
     *
     * @param streamingChatModel the model, with a model name (LangChain4j's streaming clients make no retries)
     * @return the Terminus model
     * @throws NullPointerException when the model is null
     * @throws IllegalArgumentException when the model reports no model name (name it with
     *     {@link #of(StreamingChatModel, String, String)})
     */
    public static LangChain4jStreamingModel of(StreamingChatModel streamingChatModel) {
        Preconditions.notNull(streamingChatModel, "streamingChatModel");
        return of(streamingChatModel, reportedName(streamingChatModel.defaultRequestParameters(), "streamingChatModel"),
                reportedProvider(streamingChatModel.provider()));
    }

    /**
     * Wraps a LangChain4j streaming chat model under a name and provider of your choosing.
     *
     * @param streamingChatModel the model
     * @param modelName the model's name, for prices and telemetry (e.g. {@code gpt-4o-mini})
     * @param provider the provider's name, reported in {@code ProviderAuthFailed} (e.g. {@code openai})
     * @return the Terminus model
     * @throws NullPointerException when an argument is null
     * @throws IllegalArgumentException when a name is blank
     */
    public static LangChain4jStreamingModel of(StreamingChatModel streamingChatModel, String modelName,
            String provider) {
        return streaming(streamingChatModel, modelName, provider, false, null, null);
    }

    /**
     * Wraps a streaming model whose API key is known, to keep it out of error messages, which owns what
     * {@code owned} releases, and which takes a JSON Schema response format when {@code jsonSchema} says so whatever
     * it declares.
     */
    static LangChain4jStreamingModel streaming(StreamingChatModel streamingChatModel, String modelName,
            String provider, boolean jsonSchema, @Nullable String secret, @Nullable AutoCloseable owned) {
        Preconditions.notNull(streamingChatModel, "streamingChatModel");
        Preconditions.notBlank(modelName, "modelName");
        Preconditions.notBlank(provider, "provider");
        return new LangChain4jStreamingModel(streamingChatModel, modelName, provider, jsonSchema, secret, owned);
    }

    /** The model name a LangChain4j model reports, or an error that says how to name it. */
    private static String reportedName(@Nullable ChatRequestParameters defaults, String argument) {
        String name = defaults == null ? null : defaults.modelName();
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(argument + " reports no model name (defaultRequestParameters()"
                    + ".modelName() is " + (name == null ? "null" : "\"" + name + "\"") + "): name it with "
                    + "LangChain4jModel.of(" + argument + ", modelName, provider)");
        }
        return name;
    }

    /** A LangChain4j provider's name in lower case without underscores; {@code other} for none. */
    private static String reportedProvider(@Nullable ModelProvider provider) {
        return provider == null ? "other" : provider.name().toLowerCase(java.util.Locale.ROOT).replace("_", "");
    }

    /**
     * Wraps a LangChain4j chat model under a name and provider of your choosing.
     *
     * @param chatModel the model, built with its own retries off ({@code maxRetries(0)})
     * @param modelName the model's name, for prices and telemetry (e.g. {@code gpt-4o-mini})
     * @param provider the provider's name, reported in {@code ProviderAuthFailed} (e.g. {@code openai})
     * @return the Terminus model
     * @throws NullPointerException when an argument is null
     * @throws IllegalArgumentException when a name is blank
     */
    public static LangChain4jModel of(ChatModel chatModel, String modelName, String provider) {
        return of(chatModel, modelName, provider, null, null);
    }

    /**
     * Wraps a model whose API key is known, to keep it out of error messages, and which owns what {@code owned}
     * releases.
     */
    static LangChain4jModel of(ChatModel chatModel, String modelName, String provider, @Nullable String secret,
            @Nullable AutoCloseable owned) {
        Preconditions.notNull(chatModel, "chatModel");
        Preconditions.notBlank(modelName, "modelName");
        Preconditions.notBlank(provider, "provider");
        return new LangChain4jModel(chatModel, modelName, provider, secret, owned);
    }

    /**
     * Calls the LangChain4j model once and maps its answer, or classifies its failure.
     *
     * @param request the transcript and the tools on offer
     * @return the model's answer
     * @throws ModelException for a classified provider failure
     * @throws InterruptedException when the loop interrupted the call
     * @throws IllegalArgumentException when a tool's schema cannot be sent
     * @throws IllegalStateException when the model was {@linkplain #close() closed}
     * @throws Exception anything else the LangChain4j model threw
     */
    @Override
    public ModelResponse chat(ModelRequest request) throws Exception {
        lease.ensureOpen(this);
        ChatRequest chatRequest = Requests.toLangChain4j(request, jsonSchema);
        ChatResponse response;
        try {
            response = chatModel.chat(chatRequest);
        } catch (RuntimeException e) {
            throw Errors.classify(e, secret);
        }
        return Responses.toTerminus(response);
    }

    /** @return the model's name */
    @Override
    public String name() {
        return name;
    }

    /** @return the provider's name */
    @Override
    public String provider() {
        return provider;
    }

    /**
     * A provider call goes over the network through whatever HTTP client the {@code ChatModel} was built with, and
     * not every client gives up when its thread is interrupted: each call runs on a virtual thread of its own, so a
     * run returns by its deadline whatever the client does. The handoff costs microseconds beside the call.
     *
     * @return false
     */
    @Override
    public boolean interruptible() {
        return false;
    }

    /**
     * Releases what {@link LangChain4jModels} built for this model: its HTTP client is shut down, a call under way is
     * aborted, its pooled connections are closed and its threads end. Calls after it fail with an
     * {@link IllegalStateException}. Closing twice does nothing more; a model of {@link #of(ChatModel)} releases
     * nothing (its {@code ChatModel} is yours to close).
     */
    @Override
    public void close() {
        lease.close(this);
    }

    /** @return the LangChain4j model this wraps */
    public ChatModel chatModel() {
        return chatModel;
    }

    /** @return the provider and the model; never the API key */
    @Override
    public String toString() {
        return "LangChain4jModel[provider=" + provider + ", model=" + name + "]";
    }
}
