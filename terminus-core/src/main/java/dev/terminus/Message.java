package dev.terminus;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One message of a provider-neutral transcript. A {@link Termination.NoProgress} carries the
 * messages a run was stuck on; the agent loop's transcript is made of these.
 *
 * {@snippet :
 * // given: Message message
 * String line = switch (message) {
 *     case Message.System(String content) -> "system: " + content;
 *     case Message.User(String content) -> "user: " + content;
 *     case Message.Assistant(String content, List<ToolCall> calls, boolean incomplete) ->
 *             "assistant: " + content + " " + calls + (incomplete ? " (cut short)" : "");
 *     case Message.ToolResult result -> "tool " + result.toolCallId() + ": " + result.content();
 * };
 * }
 */
public sealed interface Message {

    /**
     * The message's role as it appears on the wire: {@code system}, {@code user}, {@code assistant} or {@code tool}.
     *
     * @return the role
     */
    String role();

    /**
     * The message's text; empty when it has none.
     *
     * @return the text
     */
    String content();

    /**
     * Instructions to the model.
     *
     * @param content the instructions
     */
    record System(String content) implements Message {
        /** Validates that the content is not null. */
        public System {
            Preconditions.notNull(content, "System.content");
        }

        @Override
        public String role() {
            return "system";
        }
    }

    /**
     * What the user (or the task) says.
     *
     * @param content the text
     */
    record User(String content) implements Message {
        /** Validates that the content is not null. */
        public User {
            Preconditions.notNull(content, "User.content");
        }

        @Override
        public String role() {
            return "user";
        }
    }

    /**
     * What the model answered: text, tool calls, or both.
     *
     * @param content the text; empty when the model only called tools
     * @param toolCalls the tool calls, in the order the model made them; copied immutably
     * @param incomplete whether the answer was cut short: its stream was ended by a deadline, a cancel or a failure,
     *     or the model stopped at its output cap or was stopped by a content filter; the content is the text that
     *     arrived
     */
    record Assistant(String content, List<ToolCall> toolCalls, boolean incomplete) implements Message {
        /** Validates and copies the tool calls immutably. */
        public Assistant {
            Preconditions.notNull(content, "Assistant.content");
            toolCalls = Preconditions.immutableList(toolCalls, "Assistant.toolCalls");
        }

        /**
         * A complete answer.
         *
         * @param content the text; empty when the model only called tools
         * @param toolCalls the tool calls, in the order the model made them
         */
        public Assistant(String content, List<ToolCall> toolCalls) {
            this(content, toolCalls, false);
        }

        /**
         * The text of an answer that was cut short, with no tool calls: what arrived before its stream ended.
         *
         * @param content the text that arrived
         * @return the message, marked incomplete
         */
        public static Assistant incomplete(String content) {
            return new Assistant(content, List.of(), true);
        }

        /**
         * This answer, marked incomplete.
         *
         * @return the same content and calls, marked incomplete; this message when it already is
         */
        public Assistant asIncomplete() {
            return incomplete ? this : new Assistant(content, toolCalls, true);
        }

        /**
         * A text answer without tool calls.
         *
         * @param content the text
         * @return the message
         */
        public static Assistant of(String content) {
            return new Assistant(content, List.of());
        }

        /**
         * An answer that calls tools.
         *
         * @param content the text, usually empty
         * @param toolCalls the calls
         * @return the message
         */
        public static Assistant of(String content, ToolCall... toolCalls) {
            return new Assistant(content, java.util.Arrays.asList(toolCalls));
        }

        @Override
        public String role() {
            return "assistant";
        }
    }

    /**
     * The result of one tool call, sent back to the model.
     *
     * @param toolCallId the id of the {@link ToolCall} this answers
     * @param toolName the tool's name, when known (some providers need it)
     * @param content the result as text
     * @param error whether the call failed (the content then says why)
     */
    record ToolResult(String toolCallId, @Nullable String toolName, String content, boolean error) implements Message {
        /** Validates that the id and the content are not null. */
        public ToolResult {
            Preconditions.notNull(toolCallId, "ToolResult.toolCallId");
            Preconditions.notNull(content, "ToolResult.content");
        }

        /**
         * A successful result.
         *
         * @param toolCallId the id of the call it answers
         * @param content the result
         * @return the message
         */
        public static ToolResult of(String toolCallId, String content) {
            return new ToolResult(toolCallId, null, content, false);
        }

        @Override
        public String role() {
            return "tool";
        }
    }
}
