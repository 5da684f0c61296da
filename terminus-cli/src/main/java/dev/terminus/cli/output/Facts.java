package dev.terminus.cli.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Diagnostic;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The facts of a termination for a person: each wire field with its value, in wire order, keys aligned,
 * nested values indented. Transcripts and diagnostics get a layout of their own; everything else is laid
 * out from its JSON, so extensions and custom properties read as well as framework cases.
 */
final class Facts {

    private static final String STEP = "  ";

    private Facts() {}

    /**
     * The fact lines, each starting with {@code indent}.
     *
     * @param termination the decoded termination, for typed layouts
     * @param wire its wire form
     * @param indent the indentation of the top level
     * @return the lines; empty when the case carries no fields
     */
    static List<String> lines(Termination termination, ObjectNode wire, String indent) {
        List<String> names = new ArrayList<>();
        wire.fieldNames().forEachRemaining(name -> {
            if (!name.equals("$kind")) {
                names.add(name);
            }
        });
        int width = names.stream().mapToInt(String::length).max().orElse(0);
        List<String> lines = new ArrayList<>();
        for (String name : names) {
            List<String> typed = typed(termination, name, indent + STEP);
            if (typed != null) {
                lines.add((indent + Text.pad(name, width) + STEP + typed.get(0)).stripTrailing());
                lines.addAll(typed.subList(1, typed.size()));
            } else {
                field(lines, indent, width, name, wire.get(name));
            }
        }
        return lines;
    }

    /** Layouts for the values that read better typed: a summary line, then indented lines. */
    private static @Nullable List<String> typed(Termination termination, String field, String indent) {
        return switch (termination) {
            case Termination.NoProgress progress when field.equals("snapshot") -> messages(progress.snapshot(), indent);
            case Termination.SchemaValidationFailed(Diagnostic diagnostic) when field.equals("diagnostic") ->
                    diagnostic(diagnostic, indent);
            case Termination.StructuredOutputRetriesExhausted(int limit, Diagnostic diagnostic)
                    when field.equals("diagnostic") -> diagnostic(diagnostic, indent);
            default -> null;
        };
    }

    private static List<String> messages(List<Message> messages, String indent) {
        List<String> lines = new ArrayList<>();
        lines.add(messages.size() + (messages.size() == 1 ? " message" : " messages"));
        int roleWidth = messages.stream().mapToInt(message -> message.role().length()).max().orElse(0);
        int numberWidth = String.valueOf(messages.size()).length() + 2;
        for (int i = 0; i < messages.size(); i++) {
            Message message = messages.get(i);
            String head = indent + Text.pad((i + 1) + ".", numberWidth) + Text.pad(message.role(), roleWidth) + STEP;
            List<String> body = switch (message) {
                case Message.System system -> text(system.content());
                case Message.User user -> text(user.content());
                case Message.Assistant assistant -> {
                    List<String> text = assistant.content().isEmpty() && !assistant.toolCalls().isEmpty()
                            ? new ArrayList<>() : new ArrayList<>(text(assistant.content()));
                    for (ToolCall call : assistant.toolCalls()) {
                        text.add("calls " + call.name() + " " + Wire.compact(call.arguments()) + " as " + call.id());
                    }
                    yield text;
                }
                case Message.ToolResult result -> prefixed(result.toolCallId()
                        + (result.toolName() == null ? "" : " (" + result.toolName() + ")")
                        + (result.error() ? " failed: " : " returned: "), text(result.content()));
            };
            lines.addAll(Text.beside(head, body));
        }
        return lines;
    }

    private static List<String> diagnostic(Diagnostic diagnostic, String indent) {
        List<String> lines = new ArrayList<>();
        lines.add(""); // nothing beside the name: the details follow on their own lines
        lines.addAll(Text.beside(indent + "received    ", text(diagnostic.received())));
        String violations = indent + "violations  ";
        if (diagnostic.violations().isEmpty()) {
            lines.add(violations + "(none: the output could not be read at all)");
        }
        int pathWidth = diagnostic.violations().stream().mapToInt(v -> v.path().length()).max().orElse(0);
        for (int i = 0; i < diagnostic.violations().size(); i++) {
            Diagnostic.Violation violation = diagnostic.violations().get(i);
            lines.addAll(Text.wrap((i == 0 ? violations : " ".repeat(violations.length()))
                    + Text.pad(violation.path(), pathWidth) + STEP, violation.message()));
        }
        return lines;
    }

    /** A field laid out from its JSON value. */
    private static void field(List<String> lines, String indent, int width, String name, JsonNode value) {
        if (isInline(value)) {
            lines.addAll(Text.beside(indent + Text.pad(name, width) + STEP, inline(value)));
        } else {
            lines.add(indent + name);
            block(lines, indent + STEP, value);
        }
    }

    /** The lines of an object or of an array of non-scalars, each starting with {@code indent}. */
    private static void block(List<String> lines, String indent, JsonNode value) {
        if (value.isObject()) {
            int width = 0;
            for (Iterator<String> names = value.fieldNames(); names.hasNext(); ) {
                width = Math.max(width, names.next().length());
            }
            for (Map.Entry<String, JsonNode> entry : value.properties()) {
                field(lines, indent, width, entry.getKey(), entry.getValue());
            }
            return;
        }
        int numberWidth = String.valueOf(value.size()).length() + 2;
        for (int i = 0; i < value.size(); i++) {
            String number = indent + Text.pad((i + 1) + ".", numberWidth);
            List<String> item = new ArrayList<>();
            JsonNode element = value.get(i);
            if (isInline(element)) {
                inline(element).forEach(text -> item.add(" ".repeat(number.length()) + text));
            } else {
                block(item, " ".repeat(number.length()), element);
            }
            item.set(0, number + item.get(0).substring(number.length()));
            lines.addAll(item);
        }
    }

    private static boolean isInline(JsonNode value) {
        if (value.isContainerNode() && value.isEmpty()) {
            return true;
        }
        if (value.isArray()) {
            for (JsonNode element : value) {
                if (element.isContainerNode()) {
                    return false;
                }
            }
            return true;
        }
        return !value.isObject();
    }

    /** A scalar, an empty container or an array of scalars, as text lines (more than one for multi-line text). */
    private static List<String> inline(JsonNode value) {
        if (value.isNull() || (value.isContainerNode() && value.isEmpty())) {
            return List.of("(none)");
        }
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(element -> items.add(String.join(" ", inline(element))));
            return List.of(String.join(", ", items));
        }
        if (value.isBigDecimal()) {
            return List.of(value.decimalValue().toPlainString());
        }
        return text(value.asText());
    }

    /** Text as lines; empty text shows as {@code (no text)}. */
    private static List<String> text(String text) {
        return text.isEmpty() ? List.of("(no text)") : List.of(text.split("\\R", -1));
    }

    private static List<String> prefixed(String prefix, List<String> lines) {
        List<String> result = new ArrayList<>(lines);
        result.set(0, prefix + result.get(0));
        return result;
    }
}
