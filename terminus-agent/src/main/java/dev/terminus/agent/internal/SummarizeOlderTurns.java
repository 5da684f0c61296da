package dev.terminus.agent.internal;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.spi.CompactionStrategy;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import java.util.List;

/**
 * Replaces all turns but the most recent ones with a summary written by a model, keeping the system prompt and the
 * task. The summary is a user message that says it is one. A summarizer that fails or answers nothing fails the
 * compaction.
 */
public final class SummarizeOlderTurns implements CompactionStrategy {
    static final String INSTRUCTION = "Summarize the conversation below for the assistant that will continue it:"
            + " the facts learned, the tool results that matter, what was decided and what is still open."
            + " Be brief and exact.";
    static final String SUMMARY_PREFIX = "Summary of the earlier conversation (older messages were removed to fit"
            + " the context window):\n";

    private final Model summarizer;
    private final int keepRecentTurns;

    /**
     * @param summarizer the model that writes the summary
     * @param keepRecentTurns how many of the latest turns are kept as they are (>= 1)
     */
    public SummarizeOlderTurns(Model summarizer, int keepRecentTurns) {
        if (keepRecentTurns < 1) {
            throw new IllegalArgumentException("keepRecentTurns must be >= 1, was " + keepRecentTurns);
        }
        this.summarizer = summarizer;
        this.keepRecentTurns = keepRecentTurns;
    }

    @Override
    public Compacted compact(Request request) throws Exception {
        Turns turns = Turns.of(request.messages());
        int older = turns.turns().size() - keepRecentTurns;
        if (older <= 0) {
            throw new IllegalStateException("nothing to summarize: the transcript has " + turns.turns().size()
                    + " turn(s) after the task and " + keepRecentTurns + " are kept");
        }
        StringBuilder text = new StringBuilder();
        for (int t = 0; t < older; t++) {
            for (Message message : turns.turns().get(t)) {
                render(message, text);
            }
        }
        ModelResponse response = summarizer.chat(new ModelRequest(
                List.of(new Message.System(INSTRUCTION), new Message.User(text.toString())), List.of(), null));
        String summary = response == null ? "" : response.message().content().strip();
        if (summary.isEmpty()) {
            throw new IllegalStateException("the summarizer " + summarizer.name() + " answered no summary");
        }
        List<Message> kept = turns.keepFrom(older, List.of(new Message.User(SUMMARY_PREFIX + summary)));
        return new Compacted(kept, response.usage());
    }

    /**
     * @return whether the summarizer answers interrupts; a run with a deadline makes the call of one that does not on
     *     a thread of its own ({@link Compactor})
     */
    boolean interruptible() {
        return summarizer.interruptible();
    }

    private static void render(Message message, StringBuilder text) {
        switch (message) {
            case Message.System system -> text.append("system: ").append(system.content());
            case Message.User user -> text.append("user: ").append(user.content());
            case Message.Assistant assistant -> {
                text.append("assistant: ").append(assistant.content());
                for (ToolCall call : assistant.toolCalls()) {
                    text.append("\n  called ").append(call.name()).append(' ').append(JsonText.write(call.arguments()));
                }
            }
            case Message.ToolResult result -> text.append("tool ")
                    .append(result.toolName() == null ? "(unnamed)" : result.toolName())
                    .append(result.error() ? " failed: " : " answered: ").append(result.content());
        }
        text.append('\n');
    }

    @Override
    public String toString() {
        return "summarizeOlderTurns(" + summarizer.name() + ", keep " + keepRecentTurns + ")";
    }
}
