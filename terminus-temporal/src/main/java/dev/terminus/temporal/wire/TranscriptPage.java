package dev.terminus.temporal.wire;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.temporal.AgentWorkflow;
import java.util.List;

/**
 * Consecutive messages of the transcript an {@link AgentWorkflow}'s execution holds, as its
 * {@link AgentWorkflow#transcript} query answers: at most {@link #MAX_BYTES} bytes of the messages' wire format (UTF-8
 * JSON) a page, or one message larger than that alone, so a page stays under gRPC's 4 MB message limit whatever
 * characters its text holds.
 *
 * @param generation the generation of the transcript the workflow holds now; a page of another generation than the
 *     one asked for holds no messages
 * @param from the index of the page's first message
 * @param messages the messages, from {@code from} on
 */
public record TranscriptPage(long generation, int from, List<Message> messages) {
    /** The most one page of several messages holds: the bytes of their wire format, UTF-8. */
    public static final int MAX_BYTES = 1 << 20;

    /** Validates and copies the messages. */
    public TranscriptPage {
        Preconditions.nonNegative(from, "TranscriptPage.from");
        messages = Preconditions.immutableList(messages, "TranscriptPage.messages");
    }
}
