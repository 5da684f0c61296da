package dev.terminus.agent.internal;

import dev.terminus.Message;
import java.util.ArrayList;
import java.util.List;

/**
 * A transcript split for compaction: the head that is always kept (leading system messages and the task, the first
 * user message) and the turns after it. A turn is an assistant message with the results of its tool calls, or a
 * user message on its own, so dropping or summarizing whole turns never separates a tool call from its result.
 *
 * @param head the messages always kept
 * @param turns the turns, oldest first
 */
record Turns(List<Message> head, List<List<Message>> turns) {

    static Turns of(List<Message> messages) {
        int i = 0;
        while (i < messages.size() && messages.get(i) instanceof Message.System) {
            i++;
        }
        if (i < messages.size() && messages.get(i) instanceof Message.User) {
            i++;
        }
        List<Message> head = List.copyOf(messages.subList(0, i));
        List<List<Message>> turns = new ArrayList<>();
        List<Message> turn = null;
        for (; i < messages.size(); i++) {
            Message message = messages.get(i);
            if (message instanceof Message.ToolResult && turn != null) {
                turn.add(message);
            } else {
                turn = new ArrayList<>();
                turn.add(message);
                turns.add(turn);
            }
        }
        return new Turns(head, turns);
    }

    /** @return the head, then the turns from {@code from} on */
    List<Message> keepFrom(int from, List<Message> between) {
        List<Message> kept = new ArrayList<>(head);
        kept.addAll(between);
        for (int t = from; t < turns.size(); t++) {
            kept.addAll(turns.get(t));
        }
        return kept;
    }
}
