package dev.terminus.agent.spi;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import java.util.List;

/**
 * Estimates how many tokens a list of messages takes in a model's context, for proactive compaction. The estimate
 * does not need to be exact, only close enough to compact before the provider refuses the prompt; the provider's
 * own refusal is handled too (reactive compaction).
 */
@FunctionalInterface
public interface TokenEstimator {

    /**
     * @param messages the messages
     * @return their estimated size in tokens
     */
    long estimate(List<Message> messages);

    /**
     * The default estimate: one token per four characters of every text, call id, tool name and argument (the
     * arguments measured as their {@code Map.toString()}, a cheap stand-in for their JSON, a few characters shorter),
     * plus four tokens of framing per message and per tool call — close to what English text and JSON take in common
     * tokenizers, and cheap enough to run over the whole transcript before every model call.
     *
     * @return the default estimator
     */
    static TokenEstimator ofDefaults() {
        return TokenEstimator::charsOverFour;
    }

    private static long charsOverFour(List<Message> messages) {
        long chars = 0;
        long framing = 0;
        for (Message message : messages) {
            framing += 4;
            switch (message) {
                case Message.System system -> chars += system.content().length();
                case Message.User user -> chars += user.content().length();
                case Message.Assistant assistant -> {
                    chars += assistant.content().length();
                    for (ToolCall call : assistant.toolCalls()) {
                        framing += 4;
                        chars += call.id().length() + call.name().length() + call.arguments().toString().length();
                    }
                }
                case Message.ToolResult result -> chars += result.toolCallId().length() + result.content().length()
                        + (result.toolName() == null ? 0 : result.toolName().length());
            }
        }
        return framing + (chars + 3) / 4;
    }
}
