package dev.terminus.temporal.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.temporal.TranscriptReference;
import dev.terminus.temporal.wire.TranscriptPage;
import java.util.ArrayList;
import java.util.List;

/**
 * The workflow's side of a run's transcript references: it refers the activities to the transcript the loop holds
 * ({@link #refer}) and answers their requests for the messages they have not seen ({@link #page}). Within a
 * generation the transcript only grows; a transcript that does not extend the last one referred to (a compaction
 * replaced it) starts a new generation. Its state is made by the workflow's code alone, so a replay rebuilds it.
 */
public final class TranscriptLedger {
    /** Writes messages as the data converter does. */
    private static final ObjectMapper WIRE = new ObjectMapper().registerModule(new TerminusModule());

    private List<Message> messages = List.of();
    private long generation;

    /**
     * @param transcript the transcript the loop holds now
     * @return a reference to all of it
     */
    public TranscriptReference refer(List<Message> transcript) {
        if (!extendsKnown(transcript)) {
            generation++;
        }
        // a copy: the loop's transcript may be a view of a list it goes on changing (appending, compacting)
        messages = List.copyOf(transcript);
        return new TranscriptReference(generation, transcript.size());
    }

    /** Whether the transcript starts with every message last referred to (the same objects, or equal ones). */
    private boolean extendsKnown(List<Message> transcript) {
        if (transcript.size() < messages.size()) {
            return false;
        }
        for (int i = messages.size() - 1; i >= 0; i--) {
            Message known = messages.get(i);
            Message now = transcript.get(i);
            if (known != now && !known.equals(now)) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param generation the generation the caller's reference is of
     * @param from the first message wanted
     * @return the messages from {@code from} on whose wire format (UTF-8) fits {@link TranscriptPage#MAX_BYTES} bytes
     *     together, or the one message at {@code from} when it alone is larger; none when the transcript is of another
     *     generation now
     */
    public TranscriptPage page(long generation, int from) {
        if (generation != this.generation || from < 0 || from >= messages.size()) {
            return new TranscriptPage(this.generation, Math.max(0, from), List.of());
        }
        List<Message> page = new ArrayList<>();
        long bytes = 0;
        for (int i = from; i < messages.size(); i++) {
            Message message = messages.get(i);
            long size = bytes(message);
            if (!page.isEmpty() && bytes + size > TranscriptPage.MAX_BYTES) {
                break;
            }
            bytes += size;
            page.add(message);
        }
        return new TranscriptPage(this.generation, from, page);
    }

    /** @return the bytes of a message's wire format, UTF-8: its text's characters may take up to four each */
    private static long bytes(Message message) {
        try {
            return WIRE.writeValueAsBytes(message).length;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a message could not be written in the wire format: " + e, e);
        }
    }

    /**
     * @param messages a transcript (or another list of wire values: a run's children)
     * @return the bytes of its wire format, as a payload holds it
     */
    public static long bytes(List<?> messages) {
        try {
            return WIRE.writeValueAsBytes(messages).length;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a transcript could not be written in the wire format: " + e, e);
        }
    }

    /**
     * @param message a message
     * @return about how many characters it holds: its text and its tool calls' names and arguments
     */
    static long chars(Message message) {
        return switch (message) {
            case Message.System system -> system.content().length();
            case Message.User user -> user.content().length();
            case Message.ToolResult result -> result.content().length();
            case Message.Assistant assistant -> {
                long chars = assistant.content().length();
                for (ToolCall call : assistant.toolCalls()) {
                    chars += call.name().length() + String.valueOf(call.arguments()).length();
                }
                yield chars;
            }
        };
    }
}
