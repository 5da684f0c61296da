package dev.terminus.temporal.wire;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.temporal.AgentWorkflow;
import java.util.List;

/**
 * Consecutive messages of the transcript an {@link AgentWorkflow}'s execution holds, as its
 * {@link AgentWorkflow#transcript} query answers: at most about {@link #MAX_CHARS} characters of content a page (and
 * at least one message when there is one), so a page stays far under Temporal's message size limits.
 *
 * @param generation the generation of the transcript the workflow holds now; a page of another generation than the
 *     one asked for holds no messages
 * @param from the index of the page's first message
 * @param messages the messages, from {@code from} on
 */
public record TranscriptPage(long generation, int from, List<Message> messages) {
    /** Roughly how much content one page holds: the characters of its messages' text. */
    public static final int MAX_CHARS = 1 << 20;

    /** Validates and copies the messages. */
    public TranscriptPage {
        Preconditions.nonNegative(from, "TranscriptPage.from");
        messages = Preconditions.immutableList(messages, "TranscriptPage.messages");
    }
}
