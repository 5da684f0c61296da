package dev.terminus.jackson.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.terminus.Termination;
import org.jspecify.annotations.Nullable;

/** The decoding errors of the wire format, all Jackson's own exception types with a message that says what is wrong. */
final class WireErrors {
    private WireErrors() {}

    static MismatchedInputException wrongType(JsonParser p, String path, String expected) {
        return MismatchedInputException.from(p, Termination.class,
                path + ": expected " + expected + ", got " + describe(p.currentToken()));
    }

    static MismatchedInputException invalid(JsonParser p, String message) {
        return MismatchedInputException.from(p, Termination.class, message);
    }

    static JsonMappingException cannotBuild(JsonParser p, String kind, RuntimeException cause) {
        return JsonMappingException.from(p, "Cannot build " + kind + ": " + cause.getMessage(), cause);
    }

    static String describe(@Nullable JsonToken token) {
        if (token == null) {
            return "end of input";
        }
        return switch (token) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT -> "an integer";
            case VALUE_NUMBER_FLOAT -> "a decimal number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> token.name();
        };
    }

}
