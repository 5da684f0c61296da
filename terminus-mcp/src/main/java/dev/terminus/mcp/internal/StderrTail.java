package dev.terminus.mcp.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The last lines a stdio server wrote on its standard error, kept to say why it failed: at most {@link #LINES} lines,
 * each shortened to {@link #LINE_CHARACTERS} characters, control characters replaced by spaces so that they join into
 * one line of text. Bounded whatever the server writes; thread-safe.
 */
final class StderrTail {
    /** How many lines are kept. */
    static final int LINES = 20;
    /** How long a kept line may be. */
    static final int LINE_CHARACTERS = 500;

    private final Deque<String> lines = new ArrayDeque<>(LINES);

    /** @param line a line the server wrote, without its line break */
    synchronized void add(String line) {
        String kept = clean(line);
        if (kept.isEmpty()) {
            return;
        }
        if (lines.size() == LINES) {
            lines.removeFirst();
        }
        lines.addLast(kept);
    }

    /** @return the lines kept, oldest first */
    synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    private static String clean(String line) {
        StringBuilder text = new StringBuilder(Math.min(line.length(), LINE_CHARACTERS));
        for (int i = 0; i < line.length() && text.length() < LINE_CHARACTERS; i++) {
            char c = line.charAt(i);
            text.append(Character.isISOControl(c) ? ' ' : c);
        }
        String kept = text.toString().strip();
        return line.length() > LINE_CHARACTERS ? kept + "..." : kept;
    }
}
