package dev.terminus.springai.internal;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.StructuredOutputChatOptions;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/**
 * A Terminus request as a Spring AI {@link Prompt}: its messages, and the model's own options changed by
 * {@code mutate()} to carry the request's tools, output cap and response schema. The model's options are the base, so
 * its model name and settings stay, and options of the model's own type go out (Spring AI's OpenAI client reads only
 * {@code OpenAiChatOptions}).
 */
public final class Prompts {
    /** The tool-call type Spring AI's assistant messages carry for a function call. */
    private static final String FUNCTION = "function";

    private Prompts() {}

    /**
     * @param request the Terminus request
     * @param defaults the model's own options
     * @param modelName the model's name, for the error when its options cannot carry tools
     * @return the prompt
     * @throws IllegalArgumentException when the request offers tools and the model's options do not take tools
     *     (they are not {@code ToolCallingChatOptions}), naming the model and its options' type
     */
    public static Prompt toSpringAi(ModelRequest request, ChatOptions defaults, String modelName) {
        return new Prompt(messages(request.messages()), options(request, defaults, modelName));
    }

    private static ChatOptions options(ModelRequest request, ChatOptions defaults, String modelName) {
        ChatOptions.Builder<?> options = defaults.mutate();
        if (options instanceof ToolCallingChatOptions.Builder<?> tools) {
            // the request's tools replace any the model's options carry: the loop offers and runs every tool
            List<ToolCallback> callbacks = new ArrayList<>(request.tools().size());
            for (ToolSpec spec : request.tools()) {
                callbacks.add(new DefinitionOnlyToolCallback(spec));
            }
            tools.toolCallbacks(callbacks);
        } else if (!request.tools().isEmpty()) {
            throw new IllegalArgumentException("the request offers " + request.tools().size() + " tools, but the "
                    + "options of model " + modelName + " (" + defaults.getClass().getName() + ") are not "
                    + "ToolCallingChatOptions: this model cannot be offered tools");
        }
        if (request.maxOutputTokens() != null) {
            options.maxTokens(request.maxOutputTokens());
        }
        Map<String, @Nullable Object> schema = request.responseSchema();
        if (schema != null && options instanceof StructuredOutputChatOptions.Builder<?> structured) {
            structured.outputSchema(Json.write(schema));
        }
        return options.build();
    }

    /**
     * @param messages the transcript
     * @return Spring AI's messages, consecutive tool results in one {@code ToolResponseMessage}
     */
    static List<org.springframework.ai.chat.messages.Message> messages(List<Message> messages) {
        List<org.springframework.ai.chat.messages.Message> out = new ArrayList<>(messages.size());
        List<ToolResponseMessage.ToolResponse> results = new ArrayList<>();
        for (Message message : messages) {
            if (message instanceof Message.ToolResult result) {
                results.add(new ToolResponseMessage.ToolResponse(result.toolCallId(),
                        result.toolName() == null ? "" : result.toolName(), result.content()));
                continue;
            }
            flush(results, out);
            out.add(switch (message) {
                case Message.System system -> new SystemMessage(system.content());
                case Message.User user -> new UserMessage(user.content());
                case Message.Assistant assistant -> assistant(assistant);
                case Message.ToolResult result -> throw new AssertionError("gathered above: " + result);
            });
        }
        flush(results, out);
        return out;
    }

    private static void flush(List<ToolResponseMessage.ToolResponse> results,
            List<org.springframework.ai.chat.messages.Message> out) {
        if (!results.isEmpty()) {
            out.add(ToolResponseMessage.builder().responses(List.copyOf(results)).build());
            results.clear();
        }
    }

    private static AssistantMessage assistant(Message.Assistant assistant) {
        List<AssistantMessage.ToolCall> calls = new ArrayList<>(assistant.toolCalls().size());
        for (ToolCall call : assistant.toolCalls()) {
            calls.add(new AssistantMessage.ToolCall(call.id(), FUNCTION, call.name(), Json.write(call.arguments())));
        }
        return AssistantMessage.builder().content(assistant.content()).toolCalls(calls).build();
    }
}
