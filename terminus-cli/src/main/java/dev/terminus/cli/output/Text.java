package dev.terminus.cli.output;

import java.util.ArrayList;
import java.util.List;

/** Plain-text layout for people: padding, aligned tables and word wrapping. */
public final class Text {

    /** The width long lines are wrapped at. */
    static final int WIDTH = 100;

    private Text() {}

    static String pad(String text, int width) {
        return text.length() >= width ? text : text + " ".repeat(width - text.length());
    }

    /**
     * Aligns rows into columns two spaces apart; the last column is not padded.
     *
     * @param rows the rows, the header first if there is one; all of the same length
     * @return one line per row, without trailing spaces
     */
    public static List<String> table(List<List<String>> rows) {
        int columns = rows.isEmpty() ? 0 : rows.get(0).size();
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(i == columns - 1 ? row.get(i) : pad(row.get(i), widths[i] + 2));
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }

    /**
     * Wraps text at word boundaries so no line is longer than {@link #WIDTH} where a word allows it. Text that
     * fits is kept as it is; wrapped text has its runs of whitespace made single spaces.
     *
     * @param first the prefix of the first line (e.g. {@code "  1. "})
     * @param text the text
     * @return the lines, continuation lines indented to line up with the text after {@code first}
     */
    public static List<String> wrap(String first, String text) {
        if (first.length() + text.length() <= WIDTH) {
            return List.of(first + text); // short enough: kept exactly as it is
        }
        String hanging = " ".repeat(first.length());
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(first);
        boolean empty = true;
        for (String word : text.strip().split("\\s+")) {
            if (!empty && line.length() + 1 + word.length() > WIDTH) {
                lines.add(line.toString());
                line = new StringBuilder(hanging);
                empty = true;
            }
            if (!empty) {
                line.append(' ');
            }
            line.append(word);
            empty = false;
        }
        lines.add(line.toString());
        return lines;
    }

    /**
     * Lays out lines of text beside a head: the first line after {@code head}, the others below it lined
     * up with the text, each wrapped.
     *
     * @param head the label or marker, e.g. {@code "  reason  "}
     * @param text the lines of text, at least one
     * @return the laid-out lines
     */
    static List<String> beside(String head, List<String> text) {
        String hanging = " ".repeat(head.length());
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            lines.addAll(wrap(i == 0 ? head : hanging, text.get(i)));
        }
        return lines;
    }
}
