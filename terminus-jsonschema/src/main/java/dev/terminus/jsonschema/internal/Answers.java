package dev.terminus.jsonschema.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reading an answer's text: the markdown fence around it, the JSON in it, and its conversion to a record.
 *
 * <p>Parsing is strict: nothing may follow the JSON value, and a property may not repeat. Fractional numbers are read
 * exactly (as decimals, with their trailing zeros), so a {@code BigDecimal} component gets the digits the model wrote.
 * Jackson's modules are registered explicitly (java.time values from ISO-8601 strings, {@code Optional} from a value
 * or its absence), so what converts does not change with the user's class path.
 */
public final class Answers {
    /** The mapper for answers and schemas. Thread-safe once built; never reconfigured. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(new Jdk8Module())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private Answers() {}

    /**
     * The text inside one markdown code fence that surrounds the whole answer ({@code ```json ... ```} or
     * {@code ``` ... ```}), else the answer itself; without surrounding whitespace either way.
     *
     * @param answer the answer as the model gave it
     * @return the text to parse
     */
    public static String unfenced(String answer) {
        String text = answer.strip();
        if (text.length() < 6 || !text.startsWith("```") || !text.endsWith("```")) {
            return text;
        }
        String inner = text.substring(3, text.length() - 3);
        int start = 0;
        while (start < inner.length() && (inner.charAt(start) == ' ' || inner.charAt(start) == '\t')) {
            start++;
        }
        int tagEnd = start;
        while (tagEnd < inner.length() && isTagChar(inner.charAt(tagEnd))) {
            tagEnd++;
        }
        boolean tagged = tagEnd > start && tagEnd < inner.length() && Character.isWhitespace(inner.charAt(tagEnd))
                && !inner.substring(tagEnd).isBlank();
        return (tagged ? inner.substring(tagEnd) : inner).strip();
    }

    private static boolean isTagChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '+' || c == '.';
    }

    /**
     * @param text the text of an answer, without its fence
     * @return the JSON value in it
     * @throws NotJson when the text is not one JSON value, with the reason as a one-line message
     */
    public static JsonNode parse(String text) throws NotJson {
        JsonNode node;
        try {
            node = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new NotJson(firstLine(e.getOriginalMessage()));
        }
        if (node == null || node.isMissingNode()) {
            throw new NotJson("the answer is empty");
        }
        return node;
    }

    /** The reason a text is not one JSON value; a one-line message for the model. */
    public static final class NotJson extends Exception {
        NotJson(String reason) {
            super(reason, null, false, false);
        }
    }

    /**
     * Converts a valid answer to the reader's record type.
     *
     * @param reader a reader for a record type (from {@link ObjectMapper#readerFor(Class)} of {@link #MAPPER})
     * @param answer the answer, valid by the record's schema
     * @return the record
     * @throws Refused when the record could not be made (its constructor refused a value, a number is out of range
     *         of its component), with the reason at the location of the value that could not be converted
     * @throws IllegalStateException when Jackson cannot convert to the type at all (a definition problem, not the
     *         answer's)
     */
    public static Object toRecord(ObjectReader reader, JsonNode answer) throws Refused {
        try {
            Object value = reader.readValue(answer);
            if (value == null) {
                throw new Refused(Finding.atRoot("null is not an answer"));
            }
            return value;
        } catch (InvalidDefinitionException e) {
            throw new IllegalStateException("cannot convert answers to " + e.getType() + ": "
                    + firstLine(e.getOriginalMessage()), e);
        } catch (JsonMappingException e) {
            throw new Refused(new Finding(segments(e.getPath()), reason(e)));
        } catch (JsonProcessingException e) {
            throw new Refused(Finding.atRoot(firstLine(e.getOriginalMessage())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A valid answer that could not become a record; carries where and why. */
    public static final class Refused extends Exception {
        private final transient Finding finding;

        Refused(Finding finding) {
            super(finding.message(), null, false, false);
            this.finding = finding;
        }

        /** @return where the conversion failed and why */
        public Finding finding() {
            return finding;
        }
    }

    /** @return the record constructor's own message when it refused a value, else Jackson's */
    private static String reason(JsonMappingException e) {
        Throwable cause = e.getCause();
        if (e instanceof ValueInstantiationException && cause != null && cause.getMessage() != null) {
            return firstLine(cause.getMessage());
        }
        return firstLine(e.getOriginalMessage());
    }

    private static List<Object> segments(List<JsonMappingException.Reference> references) {
        List<Object> segments = new ArrayList<>(references.size());
        for (JsonMappingException.Reference reference : references) {
            if (reference.getFieldName() != null) {
                segments.add(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                segments.add(reference.getIndex());
            }
        }
        return segments;
    }

    /**
     * @param message a message, possibly null or of several lines
     * @return its first line, stripped; a placeholder for none
     */
    static String firstLine(@Nullable String message) {
        if (message == null || message.isBlank()) {
            return "no reason given";
        }
        String stripped = message.strip();
        int end = stripped.indexOf('\n');
        String line = end < 0 ? stripped : stripped.substring(0, end);
        return SOURCE_LOCATION.matcher(line).replaceAll("").strip();
    }

    /** Where in its source Jackson found something, which it puts inside some messages. */
    private static final Pattern SOURCE_LOCATION =
            Pattern.compile("\\s*\\(start marker at \\[Source: .*?; line: \\d+, column: \\d+]\\)");
}
