package dev.terminus.springai;

import dev.terminus.Preconditions;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.springai.internal.Errors;
import dev.terminus.springai.internal.Names;
import dev.terminus.springai.internal.Prompts;
import dev.terminus.springai.internal.Responses;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.StreamingChatModel;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * Any Spring AI {@link ChatModel} as a Terminus {@link Model}, so an agent runs on the model a Spring application
 * already has and every provider failure ends the run with its typed termination.
 *
 * <p>What is mapped, each way:
 * <ul>
 *   <li><b>messages:</b> system, user, assistant (with its tool calls) and tool results become Spring AI's
 *       {@code SystemMessage}, {@code UserMessage}, {@code AssistantMessage} with its {@code ToolCall}s and
 *       {@code ToolResponseMessage} (consecutive results in one message); the answer comes back as an assistant
 *       message. Tool-call arguments arrive as JSON text and are read into plain Java values; text that is not a JSON
 *       object is kept under {@link Model#INVALID_ARGUMENTS}, so the loop refuses the call as an invalid-arguments
 *       mistake and tells the model to correct it;</li>
 *   <li><b>tools:</b> each tool goes out as a Spring AI {@code ToolCallback} whose {@code ToolDefinition} carries
 *       its name, description and JSON Schema, on the request's options (the model's own options, changed by
 *       {@code mutate()}, so its model name and settings stay); a {@code ChatModel} never runs tools itself in
 *       Spring AI 2 (a {@code ChatClient}'s advisor does), and these callbacks refuse to run if anything calls them:
 *       the Terminus loop runs every tool call, with its limits, approvals and stall detection;</li>
 *   <li><b>output:</b> {@link ModelRequest#maxOutputTokens()} as the options' {@code maxTokens}, and
 *       {@link ModelRequest#responseSchema()} as the output schema of options that take one (OpenAI's do);</li>
 *   <li><b>usage:</b> prompt, completion and cached-input tokens from the response's {@code Usage};</li>
 *   <li><b>finish reasons:</b> stop, length ({@code MAX_TOKENS} too), tool calls, content filter ({@code SAFETY}
 *       too) and refusal (Anthropic's {@code refusal}, OpenAI's {@code message.refusal}); the loop ends a truncated
 *       answer {@code OutputTruncated} and a filtered or refused one {@code AgentRefused};</li>
 *   <li><b>errors:</b> by HTTP status and body, whichever client failed (the OpenAI SDK's
 *       {@code OpenAIServiceException}, Spring's {@code RestClientResponseException} and
 *       {@code WebClientResponseException}, Spring AI's {@code TransientAiException} and
 *       {@code NonTransientAiException}): 401/403 as {@link ModelException.AuthenticationFailed}, 429 as
 *       {@link ModelException.RateLimited}, 5xx as {@link ModelException.ServerError}, a prompt too long as
 *       {@link ModelException.ContextLengthExceeded}, a content-filter error as {@link ModelException.Refused}, any
 *       other 4xx as {@link ModelException.ClientError}, timeouts and broken connections as
 *       {@link ModelException.Timeout}; anything else as it was thrown.</li>
 * </ul>
 *
 * <p>The loop retries transient failures with its own {@code RetryPolicy}: build the {@code ChatModel} with its own
 * retries off, or every failure is retried over and over. Spring AI's OpenAI client retries in the OpenAI SDK
 * ({@code OpenAiChatOptions.builder().maxRetries(0)}); the clients on Spring's {@code RestClient} retry through a
 * {@code RetryTemplate} ({@code spring.ai.retry.max-attempts=1} in a Spring Boot application).
 *
 * {@snippet :
 * ChatModel chatModel = OpenAiChatModel.builder()
 *         .options(OpenAiChatOptions.builder()
 *                 .apiKey(System.getenv("OPENAI_API_KEY"))
 *                 .model("gpt-4o-mini")
 *                 .maxRetries(0)                           // the loop retries, not the client
 *                 .build())
 *         .build();
 * Agent agent = Agent.builder(SpringAiModel.of(chatModel))
 *         .tools(Tools.fromMethods(new WeatherTools()))
 *         .build();
 * RunResult result = agent.run("What should I wear in Oslo today?");
 * }
 *
 * <p>Spring AI's {@code ChatModel} extends {@code StreamingChatModel} whether or not it streams (the default
 * {@code stream} throws), so streaming is asked for by name: {@link #streaming(StreamingChatModel)} wraps a model that
 * streams (OpenAI's does) as a {@link SpringAiStreamingModel}, whose answer reaches the run's listeners as it is
 * written.
 *
 * Thread-safe when the {@code ChatModel} is (Spring AI's are).
 */
public final class SpringAiModel implements Model {
    private final ChatModel chatModel;
    private final String name;
    private final String provider;

    private SpringAiModel(ChatModel chatModel, String name, String provider) {
        this.chatModel = chatModel;
        this.name = name;
        this.provider = provider;
    }

    /**
     * Wraps a Spring AI chat model, with the model's name from its options ({@code chatModel.getOptions().getModel()})
     * and the provider from its class ({@code OpenAiChatModel} is {@code openai}, {@code AnthropicChatModel}
     * {@code anthropic}, {@code OllamaChatModel} {@code ollama}).
     *
     * {@snippet :
     * // given: ChatModel chatModel, an OpenAiChatModel for "gpt-4o-mini" with maxRetries(0)
     * Model model = SpringAiModel.of(chatModel);   // name "gpt-4o-mini", provider "openai"
     * }
     *
     * @param chatModel the model, built with its own retries off and a model name in its options
     * @return the Terminus model
     * @throws NullPointerException when the model is null
     * @throws IllegalArgumentException when the model's options name no model (name it with
     *     {@link #of(ChatModel, String, String)})
     */
    public static SpringAiModel of(ChatModel chatModel) {
        Preconditions.notNull(chatModel, "chatModel");
        return new SpringAiModel(chatModel, Names.modelName(chatModel, "chatModel", "of"), Names.provider(chatModel));
    }

    /**
     * Wraps a Spring AI chat model under a name and provider of your choosing.
     *
     * @param chatModel the model, built with its own retries off
     * @param modelName the model's name, for prices and telemetry (e.g. {@code gpt-4o-mini})
     * @param provider the provider's name, reported in {@code ProviderAuthFailed} (e.g. {@code openai})
     * @return the Terminus model
     * @throws NullPointerException when an argument is null
     * @throws IllegalArgumentException when a name is blank
     */
    public static SpringAiModel of(ChatModel chatModel, String modelName, String provider) {
        Preconditions.notNull(chatModel, "chatModel");
        Preconditions.notBlank(modelName, "modelName");
        Preconditions.notBlank(provider, "provider");
        return new SpringAiModel(chatModel, modelName, provider);
    }

    /**
     * Wraps a Spring AI model that streams, with its name and provider read as {@link #of(ChatModel)} reads them:
     * the answer reaches the run's listeners piece by piece, and a call the run stops is cancelled on the wire (see
     * {@link SpringAiStreamingModel}).
     *
     * {@snippet :
     * // given: ChatModel chatModel, an OpenAiChatModel for "gpt-4o-mini" with maxRetries(0)
     * StreamingModel model = SpringAiModel.streaming(chatModel);   // name "gpt-4o-mini", provider "openai"
     * }
     *
     * @param streamingChatModel the model (a {@code ChatModel} that streams, or a {@code StreamingChatModel} alone),
     *     built with its own retries off
     * @return the Terminus model
     * @throws NullPointerException when the model is null
     * @throws IllegalArgumentException when the model names no model (a {@code StreamingChatModel} that is not a
     *     {@code ChatModel} has no options to name one): name it with
     *     {@link #streaming(StreamingChatModel, String, String)}
     */
    public static SpringAiStreamingModel streaming(StreamingChatModel streamingChatModel) {
        Preconditions.notNull(streamingChatModel, "streamingChatModel");
        return new SpringAiStreamingModel(streamingChatModel,
                Names.modelName(streamingChatModel, "streamingChatModel", "streaming"),
                Names.provider(streamingChatModel));
    }

    /**
     * Wraps a Spring AI model that streams under a name and provider of your choosing.
     *
     * @param streamingChatModel the model, built with its own retries off
     * @param modelName the model's name, for prices and telemetry (e.g. {@code gpt-4o-mini})
     * @param provider the provider's name, reported in {@code ProviderAuthFailed} (e.g. {@code openai})
     * @return the Terminus model
     * @throws NullPointerException when an argument is null
     * @throws IllegalArgumentException when a name is blank
     */
    public static SpringAiStreamingModel streaming(StreamingChatModel streamingChatModel, String modelName,
            String provider) {
        Preconditions.notNull(streamingChatModel, "streamingChatModel");
        Preconditions.notBlank(modelName, "modelName");
        Preconditions.notBlank(provider, "provider");
        return new SpringAiStreamingModel(streamingChatModel, modelName, provider);
    }

    /**
     * Calls the Spring AI model once and maps its answer, or classifies its failure.
     *
     * @param request the transcript and the tools on offer
     * @return the model's answer
     * @throws ModelException for a classified provider failure
     * @throws InterruptedException when the loop interrupted the call
     * @throws IllegalArgumentException when the model's options cannot carry the request's tools
     * @throws Exception anything else the Spring AI model threw
     */
    @Override
    public ModelResponse chat(ModelRequest request) throws Exception {
        Prompt prompt = Prompts.toSpringAi(request, chatModel.getOptions(), name);
        ChatResponse response;
        try {
            response = chatModel.call(prompt);
        } catch (RuntimeException e) {
            throw Errors.classify(e);
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
     * A call goes over the network through whatever HTTP client the {@code ChatModel} was built with, and not every
     * client gives up when its thread is interrupted: each call runs on a virtual thread of its own, so a run returns
     * by its deadline whatever the client does.
     *
     * @return false
     */
    @Override
    public boolean interruptible() {
        return false;
    }

    /** @return the Spring AI model this wraps */
    public ChatModel chatModel() {
        return chatModel;
    }

    /** @return the provider and the model */
    @Override
    public String toString() {
        return "SpringAiModel[provider=" + provider + ", model=" + name + "]";
    }
}
