package dev.terminus.checkpoint.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.terminus.agent.Checkpoint;
import java.io.IOException;

/** The errors of reading a checkpoint: Jackson's own exception type, with a message naming the field and the value. */
final class ReadErrors {
    private static final int MAX_SHOWN = 80;

    private ReadErrors() {}

    static MismatchedInputException wrongType(JsonParser p, String path, String expected) throws IOException {
        return invalid(p, path + ": expected " + expected + ", got " + describe(p));
    }

    static MismatchedInputException invalid(JsonParser p, String message) {
        return MismatchedInputException.from(p, Checkpoint.class, message);
    }

    static MismatchedInputException invalid(JsonParser p, String message, Throwable cause) {
        MismatchedInputException e = invalid(p, message);
        e.initCause(cause);
        return e;
    }

    /** The current token, with its value when it is a scalar: {@code the string "abc"}, {@code the number 1.5}. */
    static String describe(JsonParser p) throws IOException {
        JsonToken token = p.currentToken();
        if (token == null) {
            return "the end of the input";
        }
        return switch (token) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case END_OBJECT -> "the end of the object";
            case END_ARRAY -> "the end of the array";
            case FIELD_NAME -> "the field " + quote(p.currentName());
            case VALUE_STRING -> "the string " + quote(p.getText());
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + shorten(p.getText());
            case VALUE_TRUE, VALUE_FALSE, VALUE_NULL -> p.getText();
            default -> token.name();
        };
    }

    /** A string as JSON-like text for a message, shortened to {@value MAX_SHOWN} characters. */
    static String quote(String text) {
        return "\"" + shorten(text.replace("\\", "\\\\").replace("\"", "\\\"")) + "\"";
    }

    private static String shorten(String text) {
        return text.length() <= MAX_SHOWN ? text : text.substring(0, MAX_SHOWN) + "...";
    }
}
