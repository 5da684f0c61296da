package dev.terminus.eval.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.eval.Component;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Status;
import dev.terminus.eval.TaskError;
import java.io.IOException;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/** The fields of one row as they are read, each checked for its type and named in every error. */
final class RowFields {
    /** The largest scale, either way, of a decimal written plain, as rows write their cost. */
    private static final int MAX_SCALE = 9999;

    private final JsonParser p;
    private @Nullable String task;
    private @Nullable Long repeat;
    private @Nullable Status status;
    @Nullable Termination termination;
    private @Nullable Category category;
    private @Nullable Outcome outcome;
    private @Nullable Evaluation eval;
    private boolean excluded;
    private @Nullable Usage usage;
    private @Nullable BigDecimal costUsd;
    private @Nullable Long durationMs;
    private @Nullable Long iterations;
    private @Nullable Long toolCalls;
    private @Nullable Long attempt;
    private @Nullable TaskError error;
    private @Nullable String agent;
    private @Nullable String stoppedByStage;

    RowFields(JsonParser p) {
        this.p = p;
    }

    /** Reads the value of a field other than the termination; the parser is on its first token. */
    void read(String name) throws IOException {
        switch (name) {
            case "task" -> task = string(name);
            case "repeat" -> repeat = integer(name);
            case "status" -> status = enumValue(Status.class, name);
            case "category" -> category = nullOr(() -> enumValue(Category.class, name));
            case "outcome" -> outcome = nullOr(() -> enumValue(Outcome.class, name));
            case "eval" -> readEval();
            case "usage" -> usage = readUsage();
            case "costUsd" -> costUsd = decimal(name);
            case "durationMs" -> durationMs = integer(name);
            case "iterations" -> iterations = integer(name);
            case "toolCalls" -> toolCalls = integer(name);
            case "attempt" -> attempt = integer(name);
            case "error" -> error = nullOr(this::readError);
            case "agent" -> agent = nullOr(() -> string(name));
            case "stoppedByStage" -> stoppedByStage = nullOr(() -> string(name));
            default -> p.skipChildren(); // a field of a later version
        }
    }

    ReportRow build() throws JsonMappingException {
        try {
            return ReportRow.builder().task(required(task, "task")).repeat(toInt(required(repeat, "repeat"), "repeat"))
                    .status(required(status, "status")).termination(termination).category(category).outcome(outcome)
                    .eval(eval).excluded(excluded).usage(required(usage, "usage"))
                    .costUsd(required(costUsd, "costUsd")).durationMs(required(durationMs, "durationMs"))
                    .iterations(toInt(required(iterations, "iterations"), "iterations"))
                    .toolCalls(toInt(required(toolCalls, "toolCalls"), "toolCalls"))
                    .attempt(toInt(required(attempt, "attempt"), "attempt")).error(error).agent(agent)
                    .stoppedByStage(stoppedByStage).build();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw JsonMappingException.from(p, e.getMessage(), e);
        }
    }

    private void readEval() throws IOException {
        if (p.currentToken() == JsonToken.VALUE_STRING) {
            if (!"EXCLUDED".equals(p.getText())) {
                throw fail("eval", "\"EXCLUDED\", an object or null", "\"" + p.getText() + "\"");
            }
            excluded = true;
            return;
        }
        eval = nullOr(() -> {
            expect(JsonToken.START_OBJECT, "eval", "\"EXCLUDED\", an object or null");
            Boolean passed = null;
            Double score = null;
            String reason = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                switch (name) {
                    case "passed" -> passed = bool("eval.passed");
                    case "score" -> score = nullOr(() -> number("eval.score"));
                    case "reason" -> reason = string("eval.reason");
                    default -> p.skipChildren();
                }
            }
            try {
                return new Evaluation(required(passed, "eval.passed"), score, required(reason, "eval.reason"));
            } catch (IllegalArgumentException e) {
                throw JsonMappingException.from(p, e.getMessage(), e);
            }
        });
    }

    private Usage readUsage() throws IOException {
        expect(JsonToken.START_OBJECT, "usage", "an object");
        long input = 0;
        long output = 0;
        long cached = 0;
        long reasoning = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "inputTokens" -> input = integer("usage.inputTokens");
                case "outputTokens" -> output = integer("usage.outputTokens");
                case "cachedInputTokens" -> cached = integer("usage.cachedInputTokens");
                case "reasoningTokens" -> reasoning = integer("usage.reasoningTokens");
                default -> p.skipChildren();
            }
        }
        try {
            return new Usage(input, output, cached, reasoning);
        } catch (IllegalArgumentException e) {
            throw JsonMappingException.from(p, e.getMessage(), e);
        }
    }

    private TaskError readError() throws IOException {
        expect(JsonToken.START_OBJECT, "error", "an object or null");
        String type = null;
        String message = null;
        Component component = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "type" -> type = string("error.type");
                case "message" -> message = string("error.message");
                case "component" -> component = enumValue(Component.class, "error.component");
                default -> p.skipChildren();
            }
        }
        try {
            return new TaskError(required(type, "error.type"), required(message, "error.message"),
                    required(component, "error.component"));
        } catch (IllegalArgumentException e) {
            throw JsonMappingException.from(p, e.getMessage(), e);
        }
    }

    /** Reads a value that may be null. */
    private interface Value<T> {
        T read() throws IOException;
    }

    private <T> @Nullable T nullOr(Value<T> value) throws IOException {
        return p.currentToken() == JsonToken.VALUE_NULL ? null : value.read();
    }

    private String string(String field) throws IOException {
        expect(JsonToken.VALUE_STRING, field, "a string");
        return p.getText();
    }

    private boolean bool(String field) throws IOException {
        JsonToken token = p.currentToken();
        if (token != JsonToken.VALUE_TRUE && token != JsonToken.VALUE_FALSE) {
            throw fail(field, "a boolean", describe(token));
        }
        return token == JsonToken.VALUE_TRUE;
    }

    private long integer(String field) throws IOException {
        expect(JsonToken.VALUE_NUMBER_INT, field, "an integer");
        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            throw fail(field, "an integer that fits 64 bits", p.getText());
        }
        return p.getLongValue();
    }

    private double number(String field) throws IOException {
        JsonToken token = p.currentToken();
        if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
            throw fail(field, "a number", describe(token));
        }
        return p.getDoubleValue();
    }

    private BigDecimal decimal(String field) throws IOException {
        JsonToken token = p.currentToken();
        if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
            throw fail(field, "a number", describe(token));
        }
        BigDecimal value;
        try {
            value = p.getDecimalValue(); // exact: parsed from the text
        } catch (NumberFormatException e) {
            throw fail(field, "a decimal number", p.getText() + " (its exponent is out of range)");
        }
        if (value.scale() > MAX_SCALE || value.scale() < -MAX_SCALE) {
            // rows write decimals in plain notation, which holds no more digits than this
            throw fail(field, "a decimal number of at most " + MAX_SCALE + " digits after or zeros before the point",
                    p.getText());
        }
        return value;
    }

    private <E extends Enum<E>> E enumValue(Class<E> type, String field) throws IOException {
        String name = string(field);
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            throw fail(field, "a " + type.getSimpleName() + " name", "\"" + name + "\"");
        }
    }

    private void expect(JsonToken token, String field, String expected) throws IOException {
        if (p.currentToken() != token) {
            throw fail(field, expected, describe(p.currentToken()));
        }
    }

    private String describe(@Nullable JsonToken token) throws IOException {
        if (token == null) {
            return "the end of the input";
        }
        return switch (token) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "the string \"" + p.getText() + "\"";
            case VALUE_NULL -> "null";
            default -> p.getText();
        };
    }

    private JsonMappingException fail(String field, String expected, String actual) {
        return JsonMappingException.from(p, "ReportRow." + field + ": expected " + expected + ", got " + actual);
    }

    private <T> T required(@Nullable T value, String field) throws JsonMappingException {
        if (value == null) {
            throw JsonMappingException.from(p, "ReportRow." + field + " is missing");
        }
        return value;
    }

    private int toInt(long value, String field) throws JsonMappingException {
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw fail(field, "an integer that fits 32 bits", Long.toString(value));
        }
        return (int) value;
    }
}
