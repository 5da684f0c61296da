package dev.terminus.langchain4j.internal;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.terminus.Message;
import dev.terminus.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Messages between Terminus and LangChain4j: {@code System}, {@code User}, {@code Assistant} (with its tool calls)
 * and {@code ToolResult} become {@link SystemMessage}, {@link UserMessage}, {@link AiMessage} (with
 * {@link ToolExecutionRequest}s) and {@link ToolExecutionResultMessage}; the model's {@link AiMessage} comes back as
 * an {@code Assistant}.
 *
 * <p>Tool-call arguments travel as JSON text in LangChain4j and as a map in Terminus. Text that is not one JSON object
 * (broken JSON, a list, a number) is kept, not dropped: the call's arguments become
 * {@code {"$invalid_arguments": "<the text>"}} (see {@link #INVALID_ARGUMENTS}), so no tool ever runs with arguments
 * silently replaced by nothing: the loop refuses such a call as an {@code invalid_arguments} mistake whatever the
 * tool's schema, and tells the model its arguments were not a JSON object. Blank text (some providers send it for a
 * tool without parameters) is the empty object.
 */
public final class Messages {

    /** The key under which a tool call's arguments that are not a JSON object are kept, as the model wrote them. */
    public static final String INVALID_ARGUMENTS = dev.terminus.agent.spi.Model.INVALID_ARGUMENTS;

    private Messages() {}

    /**
     * Converts a transcript. A blank system message, which LangChain4j refuses and which says nothing, is left out.
     * A tool result without a tool name takes the name of the call it answers, when the transcript has that call.
     *
     * @param messages the Terminus transcript
     * @return the LangChain4j messages, in the same order
     */
    public static List<ChatMessage> toLangChain4j(List<Message> messages) {
        List<ChatMessage> converted = new ArrayList<>(messages.size());
        Map<String, String> toolNames = new HashMap<>();
        for (Message message : messages) {
            switch (message) {
                case Message.System system -> {
                    if (!system.content().isBlank()) {
                        converted.add(SystemMessage.from(system.content()));
                    }
                }
                case Message.User user -> converted.add(UserMessage.from(user.content()));
                case Message.Assistant assistant -> {
                    for (ToolCall call : assistant.toolCalls()) {
                        toolNames.put(call.id(), call.name());
                    }
                    converted.add(aiMessage(assistant));
                }
                case Message.ToolResult result -> converted.add(ToolExecutionResultMessage.builder()
                        .id(result.toolCallId())
                        .toolName(result.toolName() != null ? result.toolName() : toolNames.get(result.toolCallId()))
                        .text(result.content())
                        .isError(result.error())
                        .build());
            }
        }
        return converted;
    }

    /**
     * @param assistant a Terminus assistant message
     * @return the LangChain4j message: its text (none when empty and it calls tools) and its tool calls, arguments
     *     written as JSON
     */
    public static AiMessage aiMessage(Message.Assistant assistant) {
        if (assistant.toolCalls().isEmpty()) {
            return AiMessage.from(assistant.content());
        }
        List<ToolExecutionRequest> requests = new ArrayList<>(assistant.toolCalls().size());
        for (ToolCall call : assistant.toolCalls()) {
            requests.add(ToolExecutionRequest.builder()
                    .id(call.id())
                    .name(call.name())
                    .arguments(Json.write(call.arguments()))
                    .build());
        }
        return AiMessage.builder()
                .text(assistant.content().isEmpty() ? null : assistant.content())
                .toolExecutionRequests(requests)
                .build();
    }

    /**
     * Converts the model's answer. Its thinking, when the provider returned some, is not part of the answer.
     *
     * @param message the LangChain4j answer
     * @return the Terminus assistant message: the text (empty when none) and the tool calls
     * @throws IllegalStateException when a tool call has no name, naming its id and arguments
     */
    public static Message.Assistant fromLangChain4j(AiMessage message) {
        String text = message.text() == null ? "" : message.text();
        if (!message.hasToolExecutionRequests()) {
            return Message.Assistant.of(text);
        }
        List<ToolCall> calls = new ArrayList<>(message.toolExecutionRequests().size());
        for (ToolExecutionRequest request : message.toolExecutionRequests()) {
            calls.add(toolCall(request));
        }
        return new Message.Assistant(text, calls);
    }

    /**
     * @param request a tool call as LangChain4j has it
     * @return the Terminus tool call; an id is made up when the provider gave none, and arguments that are not a
     *     JSON object are kept under {@link #INVALID_ARGUMENTS}
     * @throws IllegalStateException when the call has no name, naming its id and arguments
     */
    public static ToolCall toolCall(ToolExecutionRequest request) {
        String name = request.name();
        if (name == null || name.isBlank()) {
            throw new IllegalStateException("the provider returned a tool call without a name (id " + request.id()
                    + ", arguments " + request.arguments() + ")");
        }
        String id = request.id() == null || request.id().isBlank() ? "call_" + UUID.randomUUID() : request.id();
        return new ToolCall(id, name, arguments(request.arguments()));
    }

    /**
     * @param json the arguments as the model wrote them, or null
     * @return the arguments as plain Java values: the object, the empty object for blank text, or the text kept under
     *     {@link #INVALID_ARGUMENTS} when it is not one JSON object
     */
    public static Map<String, @Nullable Object> arguments(@Nullable String json) {
        if (json == null || json.isBlank()) {
            return Map.of();
        }
        Map<String, @Nullable Object> parsed = Json.readObject(json);
        return parsed != null ? parsed : Map.of(INVALID_ARGUMENTS, json);
    }
}
